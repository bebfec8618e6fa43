import type { DomainSpec } from './spec.js';

/** A `<name>` segment of a field path: any one slug. */
const SLOT = /^<[a-z_]+>$/;

/** Whether `field` is an instance of `path` (same segments; a `<name>` segment takes any one). */
function instanceOf(field: readonly string[], path: readonly string[]): boolean {
  return (
    field.length === path.length &&
    path.every((segment, i) => SLOT.test(segment) || segment === field[i])
  );
}

/**
 * The path with its `<name>` segments filled from `field` where `field` has a segment there
 * ("financial.<item>.amount" for "financial.rent" → "financial.rent.amount"): the known field a
 * near miss most likely meant.
 */
function filled(field: readonly string[], path: readonly string[]): string {
  return path.map((segment, i) => (SLOT.test(segment) ? (field[i] ?? segment) : segment)).join('.');
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Why `field` is outside `spec`'s vocabulary, naming the nearest known field, or null when one of
 * the spec's field paths matches it. A `<name>` segment is open ("profile.preference.<topic>",
 * "financial.<item>.<attribute>"); every other segment is the word the spec names, so a typo
 * ("travel.sttus") or an invented field ("travel.flight_number_of_the_thing") is refused.
 */
export function fieldVocabularyIssue(field: string, spec: DomainSpec): string | null {
  const segments = field.split('.');
  const paths = spec.fields.map((f) => f.path.split('.'));
  if (paths.some((path) => instanceOf(segments, path))) return null;
  const known = paths.map((path) => filled(segments, path));
  if (known.length === 0) return null;
  // Ties keep the spec's order, so the message is the same on every run.
  const nearest = known.reduce((best, candidate) =>
    editDistance(field, candidate) < editDistance(field, best) ? candidate : best,
  );
  return `"${field}" is not a ${spec.name} field (known: ${spec.fields.map((f) => f.path).join(', ')}); did you mean "${nearest}"?`;
}
