import { describe, expect, it } from 'vitest';
import { RETURN_LEG } from '../language/index.js';
import { readChat } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A new date replacing the one on record for one leg of a trip ("moved the return to the
// 24th", "flight home is now Sunday"). Every sentence was written for this test (in no
// benchmark file), in several registers.

const trip: KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Valencia' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-03-09' },
  { entityId: 'user:primary', field: 'travel.return_date', value: '2026-03-13' },
];
const dates = (text: string, known: readonly KnownSlot[] = trip) =>
  readChat(text, '2026-02-20T10:00:00Z', known)
    .filter((o) => /^travel\.(?:departure|return)_date$/.test(o.field))
    .map((o) => `${o.field}=${o.value} (${o.evidence})`);

describe('RETURN_LEG', () => {
  it('names the homeward leg of a trip', () => {
    expect(RETURN_LEG.phenomenon).toMatch(/homeward/);
    for (const t of ['the return', 'my flight home', 'our return train', 'the inbound', 'way back'])
      expect(RETURN_LEG.pattern.test(t), t).toBe(true);
    for (const t of ['the outbound', 'my flight', 'the departure', 'flight to Oslo', 'homework'])
      expect(RETURN_LEG.pattern.test(t), t).toBe(false);
  });
});

describe('a changed date for one leg of a trip on record', () => {
  it('moves the return date when the homeward leg is what moved', () => {
    for (const text of [
      'changed the return to the 15th, staying for the fallas',
      'pushed my flight home to Sunday 15th',
      'return is now Sunday the 15th',
      'our return flight got moved to the 15th',
      'moved the way back to march 15 fyi',
    ]) {
      expect(dates(text), text).toEqual(['travel.return_date=2026-03-15 (strong)']);
    }
  });

  it('still moves the departure when the outbound leg is what moved', () => {
    expect(dates('switched my outbound to the 10th, cheaper')).toEqual([
      'travel.departure_date=2026-03-10 (strong)',
    ]);
    expect(dates('the outbound is now on the 10th')).toEqual([
      'travel.departure_date=2026-03-10 (strong)',
    ]);
  });

  it('reads nothing when what moved is not the trip, is someone else’s, or nothing is on record', () => {
    for (const text of [
      // Other events and other returns.
      'moved the dentist to the 15th',
      'changed my tax return to the 15th deadline',
      'the party is now on the 15th',
      "it's now the 15th, the deadline I mean",
      'Dad moved his flight home to the 15th',
      // A question is not a change.
      'is the return now the 15th?',
    ]) {
      expect(dates(text), text).toEqual([]);
    }
    // Nothing on record to move.
    expect(dates('changed the return to the 15th', [])).toEqual([]);
  });
});
