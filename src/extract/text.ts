export type { Sentence } from '../language/index.js';
export { normalizeText, splitClauses, splitSentences } from '../language/index.js';

/** A lower-case slug of `[a-z0-9_]` (entity and field slugs). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Letters of a name NFKD leaves whole ("ł", "ø", "ß") and the Cyrillic and Greek letters, as
 * Latin: a cheap transliteration, enough for one person to have one slug however their name is
 * written ("Łucja" and "Lucja", "Søren" and "Soren", "Дмитрий", "Γιώργος").
 */
const NAME_LETTERS: Readonly<Record<string, string>> = {
  ...letterTable('ł l ŀ l ø o đ d ð d ħ h ı i ß ss æ ae œ oe þ th'),
  ...letterTable(
    'а a б b в v г g д d е e ж zh з z и i й i к k л l м m н n о o п p р r с s т t у u ф f ' +
      'х kh ц ts ч ch ш sh щ shch ы y э e ю yu я ya і i ї i є ie ґ g ў u ј j љ lj њ nj ћ c ' +
      'ђ dj џ dz',
  ),
  ъ: '',
  ь: '',
  ...letterTable(
    'α a β v γ g δ d ε e ζ z η i θ th ι i κ k λ l μ m ν n ξ x ο o π p ρ r σ s ς s τ t ' +
      'υ y φ f χ ch ψ ps ω o',
  ),
};

/** "a x b y" → { a: "x", b: "y" }: a letter table written as pairs. */
function letterTable(spec: string): Record<string, string> {
  const words = spec.split(' ');
  const table: Record<string, string> = {};
  for (let i = 0; i + 1 < words.length; i += 2) table[words[i] ?? ''] = words[i + 1] ?? '';
  return table;
}

/**
 * A person's name as a slug, every accent folded and Cyrillic and Greek letters written in Latin
 * ("Łukasz Nowak" → `lukasz_nowak`, "Søren" → `soren`, "Дмитрий" → `dmitrii`): the one spelling
 * of a person in entity ids (`personEntity`), the member match and the family field keys. Empty
 * for a name in any other script ("Արամ"), which then names no one.
 */
export function nameSlug(name: string): string {
  const latin = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{ASCII}]/gu, (c) => NAME_LETTERS[c] ?? c);
  return slugify(latin);
}

/** Words that start with a capital letter but never name a person or a place. */
const NOT_NAMES = new Set(
  (
    'i im ive id ill the a an we were my our ours it its this that these those there here so but and or ' +
    'if when while wait yes no ha haha ok okay hey hi hello thanks thank please just still also ' +
    'honestly funny remember booked landed made home back change heads update updated deploy ' +
    'reminder status provider owner target card checking savings transfer direct flight booking ' +
    'weekly daily monthly new old next last this every each all both some any none not never ' +
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri ' +
    'sat sun january february march april may june july august september october november ' +
    'december jan feb mar apr jun jul aug sep sept oct nov dec today tomorrow yesterday tonight ' +
    'morning afternoon evening night week weekend month year am pm he she they you your his her ' +
    'their them us me mine him hers what why how who where which whose did do does is are am was ' +
    'be been can could would should will shall might must may maybe perhaps probably actually ' +
    'basically anyway well oh ah um uh sorry fyi btw re fw fwd note personal on in at for from to ' +
    'of by with about after before since until via per vs coach mom dad mum grandma grandpa ' +
    'teacher boss doctor dr nurse everyone somebody someone nobody then done sounds want let ' +
    'good great nice cool had have has get got go going went come came see saw said says told ' +
    'ask asked think thought know knew scratch never mind forget ignore correction plan planning ' +
    'meetings meeting calls call coffee breakfast lunch dinner seat airline diet travel trip'
  ).split(' '),
);

/**
 * A name as a text writes it: a capital and lower-case letters of any script, hyphenated parts
 * included ("Zoë", "Łucja", "José-Luis"). The one name reading of the rules; `personEntity` and
 * the member match spell what it reads as an entity. Source for a `u` regular expression.
 */
export const NAME = String.raw`\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*`;

const WHOLE_NAME = new RegExp(`^${NAME}$`, 'u');

/** Whether `word` is written as a name, whole (`NAME`). */
export function isNameWord(word: string): boolean {
  return WHOLE_NAME.test(word);
}

/** `word` without what a name cannot hold: letters of any script, apostrophes and hyphens stay. */
export function nameLetters(word: string): string {
  return word.replace(/[^\p{L}'-]/gu, '');
}

/** Whether a capitalised word can be (part of) a name. */
export function canBeName(word: string): boolean {
  const bare = word.replace(/'s$/i, '').replace(/[^\p{L}'.-]/gu, '');
  if (bare.length < 2 || !/^\p{Lu}/u.test(bare)) return false;
  return !NOT_NAMES.has(bare.toLowerCase().replace(/['.]/g, ''));
}

const CONNECTORS = new Set(['de', 'del', 'da', 'do', 'la', 'le', 'of', 'upon', 'am', 'sur', 'el']);

/**
 * The capitalised phrase that starts at `index` of `text` (a place or a name), e.g. "Mexico
 * City", "Lake Tahoe", "Rio de Janeiro". Null when the word there is not capitalised.
 */
export function properPhraseAt(text: string, index: number): string | null {
  const rest = text.slice(index);
  const words = rest.split(/(\s+)/);
  const taken: string[] = [];
  for (let i = 0; i < words.length; i += 2) {
    const raw = words[i] ?? '';
    const word = raw.replace(/[,.;:!?)"]+$/, '').replace(/'s$/, '');
    const trailing = raw !== word && !/'s$/.test(raw);
    if (/^\p{Lu}[\p{L}\p{N}_'.-]*$/u.test(word) && (taken.length > 0 || canBeName(word))) {
      if (taken.length > 0 && !canBeName(word) && !/^[A-Z]{2,}$/.test(word)) break;
      taken.push(word);
    } else if (taken.length > 0 && CONNECTORS.has(word) && /^\p{Lu}/u.test(words[i + 2] ?? '')) {
      taken.push(word);
    } else {
      break;
    }
    if (trailing || /'s$/.test(raw)) break;
  }
  while (taken.length > 0 && CONNECTORS.has(taken[taken.length - 1] ?? '')) taken.pop();
  if (taken.length === 0) return null;
  return taken.join(' ').replace(/\.$/, '');
}

/**
 * The words of a chat message as the person tests see them: lower case, curly apostrophes made
 * straight, every character but letters and apostrophes dropped, empty words left out.
 */
export function chatWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z']/g, ''))
    .filter((w) => w !== '');
}

/** Lower-cases a whole-caps word sequence ("CITY POWER UTIL") into words. */
export function wordsOf(text: string): string[] {
  return slugify(text)
    .split('_')
    .filter((w) => w !== '');
}

/** A crude singular: "referrals" → "referral", "classes" → "class". */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return word.slice(0, -1);
  }
  return word;
}
