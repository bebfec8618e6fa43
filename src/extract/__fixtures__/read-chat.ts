import { expect } from 'vitest';
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

/**
 * The readings of one user chat message strong enough to commit or to ask (strong or moderate
 * evidence with a state-changing intent), as `entity field=value (evidence)`.
 */
export function committingReadings(text: string): string[] {
  return readChat(text)
    .filter((o) => o.evidence !== 'weak' && (o.intent === 'assertive' || o.intent === 'planning'))
    .map((o) => `${o.entityId} ${o.field}=${o.value} (${o.evidence})`);
}

/** Asserts that none of `texts` gives a committing reading (see `committingReadings`). */
export function expectNoCommits(texts: readonly string[]): void {
  for (const text of texts) expect(committingReadings(text), text).toEqual([]);
}

/**
 * Asserts, for each `[text, reading]`, that the text's committing readings include
 * `user:primary <prefix><reading> (strong)`.
 */
export function expectStrongReadings(
  cases: readonly (readonly [string, string])[],
  prefix: string,
): void {
  for (const [text, reading] of cases)
    expect(committingReadings(text), text).toContain(`user:primary ${prefix}${reading} (strong)`);
}
