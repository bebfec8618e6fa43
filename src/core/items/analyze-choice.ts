import { comparableText } from './comparable-text.js';

/** What an item's text chooses and replaces, found by its wording alone. Phrases are lower-case. */
export interface ChoiceAnalysis {
  /** The chosen object: "clickhouse" in "switched to ClickHouse instead of Postgres". */
  readonly chosen: string | null;
  /** The object given up: "postgres" in the same sentence. */
  readonly replaced: string | null;
  /** What the choice is for: "analytics" in "use Postgres for analytics". */
  readonly purpose: string | null;
  /** The change phrase that named `replaced` (`instead of`, `from … to`, ...). */
  readonly cue: string | null;
}

interface Phrase {
  readonly text: string;
  /** Index of the first token after the phrase. */
  readonly end: number;
}

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

function withEach(verbs: string, particle: string): string[][] {
  return verbs.split(' ').map((verb) => (particle ? [verb, particle] : [verb]));
}

/** Words that end a noun phrase: prepositions, conjunctions, pronouns, auxiliaries, fillers. */
const BOUNDARY = words(
  'a about across after again against all also an and anymore anywhere are as at be because ' +
    'been before being but by can could did do does during either else everyone everywhere for ' +
    'forward from going had has have here i if in instead into is it its just lets like may ' +
    'me might must my no not now of ok okay on only or our over per please rather right shall ' +
    'should since so than that the their them then there these they this those though to ' +
    'today tomorrow too until us via was we were when where which while who will with within ' +
    'without would yesterday you your whatever whichever something anything everything nothing ' +
    'what how',
);

const DETERMINERS = words('a an the our my your their this that these those some');

/** Verb phrases that introduce a chosen object. */
const CHOICE_PHRASES: readonly (readonly string[])[] = [
  ...withEach('switch switched switching move moved moving migrate migrated migrating', 'to'),
  ...withEach('change changed changing', 'to'),
  ...withEach('go goes going went gone stick sticking stay staying', 'with'),
  ...withEach('settle settled standardize standardized standardise standardised', 'on'),
  ...withEach('opt opted', 'for'),
  ...withEach('use uses using choose chose chosen pick picked adopt adopted', ''),
];

const CHANGE_VERBS = words(
  'switch switched switching move moved moving migrate migrated migrating change changed ' +
    'changing go went going transition transitioned',
);
const REPLACE_VERBS = words('replace replaced replaces replacing');
const PASSIVE_AUX = words('is was are were be been being got gets');
const NO_LONGER_VERBS = words('use using need needs support supporting want run running keep');
const REASON = words('because since so but although though while');
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}+#._/-]*$/u;

function tokenize(text: string): string[] {
  return comparableText(text)
    .replace(/([,;:!?()[\]{}])/g, ' $1 ')
    .replace(/\.(?=\s|$)/g, ' . ')
    .split(' ')
    .filter((token) => token.length > 0);
}

function isWord(token: string | undefined): token is string {
  return token !== undefined && WORD.test(token) && !BOUNDARY.has(token);
}

function phraseAt(tokens: readonly string[], start: number, max = 4): Phrase | null {
  let i = start;
  while (i < tokens.length && DETERMINERS.has(tokens[i] ?? '')) i++;
  const words: string[] = [];
  while (words.length < max && isWord(tokens[i])) {
    words.push(tokens[i] ?? '');
    i++;
  }
  return words.length > 0 ? { text: words.join(' '), end: i } : null;
}

function phraseBefore(tokens: readonly string[], end: number, max = 3): string | null {
  const words: string[] = [];
  let i = end - 1;
  while (words.length < max && isWord(tokens[i]) && !CHANGE_VERBS.has(tokens[i] ?? '')) {
    words.unshift(tokens[i] ?? '');
    i--;
  }
  return words.length > 0 ? words.join(' ') : null;
}

function startsWith(tokens: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, offset) => tokens[at + offset] === word);
}

function findChoice(tokens: readonly string[], avoid: string | null): Phrase | null {
  for (let i = 0; i < tokens.length; i++) {
    for (const verb of CHOICE_PHRASES) {
      if (!startsWith(tokens, i, verb)) continue;
      const object = phraseAt(tokens, i + verb.length);
      if (object && object.text !== avoid) return object;
    }
  }
  return null;
}

interface Replacement {
  readonly replaced: string;
  readonly chosen: Phrase | null;
  readonly cue: string;
}

function findReplacement(tokens: readonly string[]): Replacement | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (token === 'from' && CHANGE_VERBS.has(tokens[i - 1] ?? '')) {
      const old = phraseAt(tokens, i + 1);
      if (old && tokens[old.end] === 'to') {
        return { replaced: old.text, chosen: phraseAt(tokens, old.end + 1), cue: 'from … to' };
      }
    }
    if (REPLACE_VERBS.has(token)) {
      const next = tokens[i + 1];
      if (PASSIVE_AUX.has(tokens[i - 1] ?? '') && (next === 'by' || next === 'with')) {
        let auxStart = i - 1;
        while (PASSIVE_AUX.has(tokens[auxStart - 1] ?? '') || tokens[auxStart - 1] === 'has') {
          auxStart--;
        }
        const old = phraseBefore(tokens, auxStart);
        if (old) return { replaced: old, chosen: phraseAt(tokens, i + 2), cue: 'replaced by' };
      }
      const old = phraseAt(tokens, i + 1);
      if (old) {
        const by = tokens[old.end];
        const chosen = by === 'with' || by === 'by' ? phraseAt(tokens, old.end + 1) : null;
        return { replaced: old.text, chosen, cue: 'replaced with' };
      }
    }
    if (
      (token === 'instead' && tokens[i + 1] === 'of') ||
      (token === 'rather' && tokens[i + 1] === 'than')
    ) {
      const old = phraseAt(tokens, i + 2);
      if (old) {
        const before = phraseBefore(tokens, i);
        const chosen = before ? { text: before, end: i } : null;
        return { replaced: old.text, chosen, cue: `${token} ${tokens[i + 1]}` };
      }
    }
    if (token === 'no' && tokens[i + 1] === 'longer') {
      let at = i + 2;
      if (NO_LONGER_VERBS.has(tokens[at] ?? '')) at++;
      const after = phraseAt(tokens, at);
      if (at > i + 2 && after) return { replaced: after.text, chosen: null, cue: 'no longer' };
      const before = PASSIVE_AUX.has(tokens[i - 1] ?? '') ? phraseBefore(tokens, i - 1) : null;
      if (before) return { replaced: before, chosen: null, cue: 'no longer' };
    }
  }
  return null;
}

function findPurpose(tokens: readonly string[], from: number): string | null {
  if (tokens[0] === 'for') {
    const lead = phraseAt(tokens, 1);
    if (lead && tokens[lead.end] === ',') return lead.text;
  }
  if (tokens[from] === 'as') return phraseAt(tokens, from + 1)?.text ?? null;
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (REASON.has(token) || /^[.;!?]$/.test(token)) return null;
    if (token === 'for') return phraseAt(tokens, i + 1)?.text ?? null;
  }
  return null;
}

/**
 * Reads what a sentence chooses, what it gives up and what for, from its wording alone: choice
 * verbs ("use", "go with", "switch to", "adopt", ...) and change phrases ("X instead of Y",
 * "switch from Y to X", "replace Y with X", "Y was replaced by X", "no longer use Y"). Used to
 * reconcile items on structure before falling back to embedding similarity.
 */
export function analyzeChoice(text: string): ChoiceAnalysis {
  const tokens = tokenize(text);
  const replacement = findReplacement(tokens);
  const replaced = replacement?.replaced ?? null;
  const chosen = findChoice(tokens, replaced) ?? replacement?.chosen ?? null;
  const chosenText = chosen && chosen.text !== replaced ? chosen.text : null;
  return {
    chosen: chosenText,
    replaced,
    purpose: findPurpose(tokens, chosen?.end ?? 0),
    cue: replacement?.cue ?? null,
  };
}
