import { describe, expect, it } from 'vitest';
import { feedUserMessages, useTestEngine } from '../engine/__fixtures__/test-engine.js';

// The same-day contrast ("Oops, not the 4th, the 5th.") through the engine: the value just stated
// is known with the time it was said (`KnownSlot.since`), and only that slot moves.
const t = useTestEngine('verity-date-contrast-', '2026-02-10T09:00:00Z', {
  embeddings: { model: null },
});

async function committed(field: string): Promise<string | null> {
  const view = await t().engine.getField('user:primary', field);
  return view.status === 'committed' ? view.value : null;
}

describe('a same-day contrast of two days through the engine', () => {
  it('moves the departure just stated and keeps the rest of the trip', async () => {
    await feedUserMessages(t(), [
      'I booked a trip to Portland, leaving March 4 and back March 9.',
      'Oops, not the 4th, the 5th.',
    ]);
    expect(await committed('travel.departure_date')).toBe('2026-03-05');
    expect(await committed('travel.return_date')).toBe('2026-03-09');
    expect(await committed('travel.destination')).toBe('Portland');
  });

  it('moves nothing when the contrasted day is not on record', async () => {
    await feedUserMessages(t(), [
      'I booked a trip to Portland, leaving March 4 and back March 9.',
      'Oops, not the 6th, the 7th.',
    ]);
    expect(await committed('travel.departure_date')).toBe('2026-03-04');
    expect(await committed('travel.return_date')).toBe('2026-03-09');
  });
});
