import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';

let chronoModule: typeof Chrono | null = null;

/**
 * chrono-node, loaded on first use rather than imported: a command that reads no dates must not
 * pay for it at start-up (ADR 2026-11-26-lazy-start-up). The one way this folder reaches it.
 */
export function chrono(): typeof Chrono {
  chronoModule ??= createRequire(import.meta.url)('chrono-node') as typeof Chrono;
  return chronoModule;
}
