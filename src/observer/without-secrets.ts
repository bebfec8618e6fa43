import { CLAUSE_JOIN, maskSecrets, SECRET_MASK } from '../language/index.js';
import type { ObserverOutput } from './types.js';

/**
 * `text` masked, then cut to `max` characters with an ellipsis. Masking comes first: a cut can
 * take the closing quote or the last digits off a secret and hide it from the detector. A cut
 * never splits a mask.
 */
export function clipMasked(text: string, max: number): string {
  const masked = maskSecrets(text);
  if (masked.length <= max) return masked;
  let cut = max - 1;
  const mask = masked.lastIndexOf(SECRET_MASK, cut);
  if (mask !== -1 && mask + SECRET_MASK.length > cut) cut = mask;
  return `${masked.slice(0, cut).trimEnd()}…`;
}

const MASK = SECRET_MASK.replace(/[[\]]/gu, '\\$&');
/** Where a clause ends: a clause mark, a dash between spaces, or a word joining clauses. */
const CLAUSE_END = new RegExp(`[,;:()]|\\s[-–—]\\s|${CLAUSE_JOIN.source}|[.!?](?:\\s|$)`, 'u');
/** A mask the clause ends after: anything else is the rest of a value the detector cut short. */
const MASK_THEN_MORE = new RegExp(
  `${MASK}(?!["'”’)\\]]*(?:$|\\s*\\n|[,;:)]|[.!?](?:\\s|$)|\\s[-–—]\\s|\\s+${CLAUSE_JOIN.source}))`,
  'u',
);
/** A label and ":" before a mask ("New wifi password: [secret]") say nothing beside it. */
const LABEL_OF_MASK = new RegExp(`[^,;:()!?.\\n]*[:=]\\s*(?=${MASK})`, 'gu');

/**
 * Whether a masked observation still says something beside its secret: a clause without a mask
 * holding three words or more ("We moved the NAS to the basement" in "We moved the NAS to the
 * basement and its admin password is now [secret]"; "und", "et", "y" join clauses too). "The gate
 * code is [secret]" and "New wifi password: [secret]" say nothing worth remembering once masked,
 * and a mask with more words after it in its clause ("[secret] Heron 42") may hide only part of a
 * secret: both are dropped.
 */
function saysMoreThanItsSecret(masked: string): boolean {
  if (MASK_THEN_MORE.test(masked)) return false;
  return masked
    .replace(LABEL_OF_MASK, '')
    .split(CLAUSE_END)
    .filter((clause) => !clause.includes(SECRET_MASK))
    .some((clause) => (clause.match(/\p{L}{3,}/gu) ?? []).length >= 3);
}

/**
 * An observer's output as it may be recorded, whichever observer wrote it: secrets masked in
 * observations, segment titles, narratives and the current task. The transcript reaches the
 * observer already masked (engine/observer/observe.ts); this second pass catches a value an
 * observer rewrote into a shape the detector reads only now (a language model's paraphrase), and
 * decides what a mask leaves worth keeping. An observation whose only content was its secret is dropped; one that says more
 * is kept with the mask, so the fact beside a secret is not lost with it. The daily log, search
 * and the reflector read this.
 */
export function withoutSecrets(output: ObserverOutput): ObserverOutput {
  return {
    ...output,
    segments: output.segments.map((s) => ({
      ...s,
      title: maskSecrets(s.title),
      narrative: maskSecrets(s.narrative),
      observations: s.observations.flatMap((o) => {
        const text = maskSecrets(o.text);
        if (!text.includes(SECRET_MASK)) return [o];
        return saysMoreThanItsSecret(text) ? [{ ...o, text }] : [];
      }),
    })),
    current_task: output.current_task === null ? null : maskSecrets(output.current_task),
  };
}
