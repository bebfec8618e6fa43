import { describe, expect, it } from 'vitest';
import { REPLACED_MARK, REPLACEMENT_CUE } from '../language/index.js';
import { readChat } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A trip's destination replaced by another ("change of plans, Sevilla instead"): with a trip
// on record, the one other place a sentence of replacement names is the new destination.
// Every sentence was written for this test (in no benchmark file), in several registers.

const trip: KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Granada' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
];
const destination = (text: string, known: readonly KnownSlot[] = trip) =>
  readChat(text, '2026-06-02T18:00:00Z', known)
    .filter((o) => o.field === 'travel.destination')
    .map((o) => `${o.value} (${o.evidence}${o.correction ? ', correction' : ''})`);

describe('REPLACEMENT_CUE and REPLACED_MARK', () => {
  it('name the words of replacement and the replaced value', () => {
    expect(REPLACEMENT_CUE.phenomenon).toMatch(/replaces/);
    for (const t of ['Sevilla instead', 'we switched', 'change of plans', 'no longer', 'new plan'])
      expect(REPLACEMENT_CUE.pattern.test(t), t).toBe(true);
    for (const t of ['we changed trains', 'the plan is good', 'insteadly', 'switchblade'])
      expect(REPLACEMENT_CUE.pattern.test(t), t).toBe(false);
    expect(REPLACED_MARK.phenomenon).toMatch(/replaced/);
    for (const t of ['not ', 'instead of the ', 'ditched ', 'swapped '])
      expect(REPLACED_MARK.pattern.test(t), t).toBe(true);
    expect(REPLACED_MARK.pattern.test('booked ')).toBe(false);
  });
});

describe('a destination replaced while a trip is on record', () => {
  it('reads the other place as the new destination, as a correction', () => {
    for (const text of [
      'change of plans, Sevilla instead',
      'we switched to Sevilla',
      'no longer Granada, now Sevilla',
      'ok new plan: sevilla',
      'moved the trip to Sevilla, cheaper flights',
    ]) {
      expect(destination(text), text).toEqual(['Sevilla (strong, correction)']);
    }
  });

  it('reads nothing for someone else, another switch, a move of home, a question or no trip', () => {
    for (const text of [
      'my cousin switched to Sevilla',
      'their plans changed, Sevilla instead',
      'switched banks to Santander',
      'we moved to Sevilla back in 2019',
      'maybe Sevilla instead?',
      'Granada then Sevilla, no longer Madrid',
      'switched to decaf instead',
      // The place before the word of replacement is what ends, not the new destination.
      'so Cordoba is no longer happening',
    ]) {
      expect(destination(text), text).toEqual([]);
    }
    expect(destination('change of plans, Sevilla instead', [])).toEqual([]);
  });
});
