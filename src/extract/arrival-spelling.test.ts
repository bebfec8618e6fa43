import { describe, expect, it } from 'vitest';
import { readChat } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Terse arrivals whose place is written in lower case: a smaller town after a verb of arriving
// ("made it to sintra"), and a misspelling of the destination on record ("in lisbn now").
// Every sentence was written for this test (in no benchmark file).

const trip: KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Lisbon' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-04-06' },
  { entityId: 'user:primary', field: 'travel.return_date', value: '2026-04-12' },
];
const where = (text: string, known: readonly KnownSlot[] = trip, at = '2026-04-07T15:00:00Z') =>
  readChat(text, at, known)
    .filter((o) => o.field === 'travel.location' || o.field === 'travel.status')
    .map((o) => `${o.field}=${o.value} (${o.evidence})`);

describe('a lower-case town after a verb of arriving', () => {
  it('reads a smaller town as where the speaker arrived', () => {
    expect(where('made it to sintra finally, the bus took ages')).toEqual([
      'travel.status=in_progress (strong)',
      'travel.location=Sintra (strong)',
    ]);
    expect(where('arrived in lucca, walls are huge', [])).toEqual([
      'travel.status=in_progress (strong)',
      'travel.location=Lucca (strong)',
    ]);
  });

  it('reads nothing for an ordinary word or a village of that name', () => {
    for (const text of [
      'made it to class on time for once',
      'made it to the final!',
      'arrived in style lol',
      'got to reading late, sorry',
      'made it to positano',
    ]) {
      expect(where(text, []), text).toEqual([]);
    }
  });
});

describe('a misspelling of the destination on record', () => {
  it('puts the speaker at the destination', () => {
    for (const text of ['in lisbn now, so sunny', 'made it to lisobn!', 'finaly in lisbom']) {
      expect(where(text), text).toEqual([
        'travel.status=in_progress (strong)',
        'travel.location=Lisbon (strong)',
      ]);
    }
  });

  it('reads nothing for other words, questions, negations, or outside the trip', () => {
    for (const text of [
      'in bed now',
      'in lisbn?',
      'not in lisbn yet',
      'in lesson now',
      'in lisa now',
    ]) {
      expect(where(text), text).toEqual([]);
    }
    // With no trip on record, before it starts, or after its return.
    expect(where('in lisbn now', [])).toEqual([]);
    expect(where('in lisbn now', trip, '2026-03-30T09:00:00Z')).toEqual([]);
    expect(where('in lisbn now', trip, '2026-04-13T09:00:00Z')).toEqual([]);
  });
});
