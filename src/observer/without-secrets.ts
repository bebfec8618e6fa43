import { holdsSecret, maskSecrets } from '../language/index.js';
import type { ObserverOutput } from './types.js';

/**
 * An observer's output as it may be recorded, whichever observer wrote it: no observation that
 * holds a secret's value, and secrets masked in segment titles, narratives and the current task
 * (they are read from the raw transcript). The daily log, search and the reflector read this.
 */
export function withoutSecrets(output: ObserverOutput): ObserverOutput {
  return {
    ...output,
    segments: output.segments.map((s) => ({
      ...s,
      title: maskSecrets(s.title),
      narrative: maskSecrets(s.narrative),
      observations: s.observations.filter((o) => !holdsSecret(o.text)),
    })),
    current_task: output.current_task === null ? null : maskSecrets(output.current_task),
  };
}
