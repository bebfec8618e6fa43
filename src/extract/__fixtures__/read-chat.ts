import { extractWithRules } from '../rule-extractor.js';
import { EMPTY_REGISTRY, type ExtractedObservation, type KnownSlot } from '../types.js';

/** What the rules read from one user chat message in `user:primary`'s own thread. */
export function readChat(
  text: string,
  at = '2026-05-04T09:00:00Z',
  known: readonly KnownSlot[] = [],
): readonly ExtractedObservation[] {
  return extractWithRules({
    text,
    at,
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known,
    registry: EMPTY_REGISTRY,
  }).observations;
}
