import type { DomainSpec } from './spec.js';

/** A `<name>` segment of a field path: any one slug. */
const SLOT = /^<[a-z_]+>$/;

/**
 * English words one edit from a vocabulary word that are fields of their own, not typos
 * ("travel.stats", "health.meditation"). Checked by hand against the words the specs name; a new
 * vocabulary word needs its own look.
 */
const NEAR_WORDS: ReadonlySet<string> = new Set([
  'stats',
  'states',
  'statue',
  'stratus',
  'locution',
  'meditation',
  'pavement',
]);

/** Damerau-Levenshtein distance (adjacent transpositions count as one edit). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.MAX_SAFE_INTEGER;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = rows[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Whether `word` is `known` inflected ("statuses", "schedules", "scheduled", "allergies"). */
function isInflection(word: string, known: string): boolean {
  const stem = known.replace(/[ey]$/, '');
  return new RegExp(`^(?:${known}(?:s|es|d|ed|ing|er|ers)|${stem}(?:ies|ied|ing|ed|er|ers))$`).test(
    word,
  );
}

/**
 * Whether `word` is a misspelling of the vocabulary word `known`: one edit for a word of five to
 * seven letters, two for a longer one, the first letter kept (a typo seldom changes it, while
 * "relocation" or "vocation" are words of their own), and neither an inflection nor an English
 * word of its own. Words under five letters ("dose", "date") have too many real neighbours.
 */
function isTypoOf(word: string, known: string): boolean {
  if (word === known || known.length < 5 || word[0] !== known[0]) return false;
  if (NEAR_WORDS.has(word) || isInflection(word, known)) return false;
  return editDistance(word, known) <= (known.length >= 8 ? 2 : 1);
}

/**
 * The one segment word where `segment` misspells the vocabulary segment `known`
 * ("departur_date" for "departure_date"): the same number of words, exactly one differing, and
 * that one a typo.
 */
function misspells(segment: string, known: string): boolean {
  const words = segment.split('_');
  const knownWords = known.split('_');
  if (words.length !== knownWords.length) return false;
  const differing = words.flatMap((w, i) => (w === knownWords[i] ? [] : [[w, knownWords[i]]]));
  const [pair] = differing;
  return differing.length === 1 && pair !== undefined && isTypoOf(pair[0] ?? '', pair[1] ?? '');
}

/**
 * The vocabulary field `field` looks like a misspelling of, or null: the same segments as a
 * vocabulary path but one, where the field has a misspelling of the path's word ("travel.sttus"
 * → "travel.status", "travel.departur_date", "project.apollo.stauts"). A field that misspells no
 * vocabulary word ("profile.home_city", "financial.rent", "travel.hotel") is an open field.
 * The guess is only a reason to ask (the resolver holds such a value for the user's
 * confirmation): refusing on it lost valid fields, words of other languages ("travel.statut")
 * and real words ("travel.locator") among them (session 15 review).
 */
export function nearKnownField(field: string, spec: DomainSpec): string | null {
  const segments = field.split('.');
  // Words the vocabulary uses at each position: a segment that is one of them is no typo.
  const words = new Set(spec.fields.flatMap((f) => f.path.split('.').map((s, i) => `${i}:${s}`)));
  for (const { path } of spec.fields) {
    const known = path.split('.');
    if (known.length !== segments.length) continue;
    const differing = known.flatMap((k, i) => (SLOT.test(k) || k === segments[i] ? [] : [i]));
    const [at] = differing;
    if (differing.length !== 1 || at === undefined) continue;
    const segment = segments[at] ?? '';
    if (words.has(`${at}:${segment}`) || !misspells(segment, known[at] ?? '')) continue;
    return known.map((k, i) => (SLOT.test(k) ? (segments[i] ?? k) : k)).join('.');
  }
  return null;
}
