import { holdsSecret, maskSecrets, SECRET_MASK } from '../language/index.js';
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
 * An observer's output as it may be recorded, whichever observer wrote it: no observation that
 * holds a secret's value (or a mask where one was cut out), and secrets masked in segment titles,
 * narratives and the current task (they are read from the raw transcript). The daily log, search
 * and the reflector read this.
 */
export function withoutSecrets(output: ObserverOutput): ObserverOutput {
  return {
    ...output,
    segments: output.segments.map((s) => ({
      ...s,
      title: maskSecrets(s.title),
      narrative: maskSecrets(s.narrative),
      observations: s.observations.filter(
        (o) => !holdsSecret(o.text) && !o.text.includes(SECRET_MASK),
      ),
    })),
    current_task: output.current_task === null ? null : maskSecrets(output.current_task),
  };
}
