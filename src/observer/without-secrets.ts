import { maskSecrets, SECRET_MASK } from '../language/index.js';
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

/**
 * Whether a masked observation still says something beside its secret: a clause without a mask
 * holding three words or more ("We moved the NAS to the basement" in "We moved the NAS to the
 * basement and its admin password is now [secret]"). "The gate code is [secret]" says nothing
 * worth remembering once masked.
 */
function saysMoreThanItsSecret(masked: string): boolean {
  return masked
    .split(/[,;:()]|\s[-–—]\s|\b(?:and|but|while|whereas)\b|[.!?](?:\s|$)/u)
    .filter((clause) => !clause.includes(SECRET_MASK))
    .some((clause) => (clause.match(/\p{L}{3,}/gu) ?? []).length >= 3);
}

/**
 * An observer's output as it may be recorded, whichever observer wrote it: secrets masked in
 * observations, segment titles, narratives and the current task (they are read from the raw
 * transcript). An observation whose only content was its secret is dropped; one that says more
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
