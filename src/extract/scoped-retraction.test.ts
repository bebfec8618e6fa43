import { describe, expect, it } from 'vitest';
import { feedUserMessages } from '../engine/__fixtures__/test-engine.js';
import type { Engine } from '../engine/types.js';
import { useRulesEngine } from './__fixtures__/rules-engine.js';

const TRIP = 'I booked a trip to Portland, leaving March 4 and back March 9.';
const TRIP_FIELDS = {
  'travel.destination': 'Portland',
  'travel.status': 'planned',
  'travel.departure_date': '2026-03-04',
  'travel.return_date': '2026-03-09',
};

const t = useRulesEngine('verity-retraction-', '2026-02-10T09:00:00Z');

/** The test's engine fed `messages` one at a time, a minute apart, in one user thread. */
async function engineAfter(...messages: string[]): Promise<Engine> {
  await feedUserMessages(t(), messages);
  return t().engine;
}

async function committedTrip(engine: Engine): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const field of Object.keys(TRIP_FIELDS)) {
    const view = await engine.getField('user:primary', field);
    out[field] = view.status === 'committed' ? view.value : null;
  }
  return out;
}

/** Every field of the trip stays on record after `sentence` follows it. */
async function expectTripKeptAfter(sentence: string): Promise<void> {
  expect(await committedTrip(await engineAfter(TRIP, sentence))).toEqual(TRIP_FIELDS);
}

describe('a retraction opener followed by more words', () => {
  it.each([
    'Correction: the hotel has a rooftop pool.',
    'Sorry, I meant the blue suitcase.',
    'Scratch that, let me ask Dana first.',
    "Never mind, I'll sort out the taxi later.",
    'Wait, no, the museum closes at five.',
    'Forget what I said about the weather.',
    'Strike that, the restaurant was fully booked.',
    'I take that back, it was a long day.',
    'Ignore that, the last one was better.',
  ])('keeps every field of the trip on record: %s', async (sentence) => {
    await expectTripKeptAfter(sentence);
  });

  it.each(['Correction: we leave March 5, not the 4th.', 'Sorry, I meant March 5 for departure.'])(
    'never withdraws the fields a date correction does not name: %s',
    async (sentence) => {
      const engine = await engineAfter(TRIP, sentence);
      const trip = await committedTrip(engine);
      expect(trip['travel.destination']).toBe('Portland');
      expect(trip['travel.status']).toBe('planned');
      expect(trip['travel.return_date']).toBe('2026-03-09');
      expect(['2026-03-04', '2026-03-05']).toContain(trip['travel.departure_date']);
    },
  );
});

describe('a bare retraction', () => {
  it.each([
    'Scratch that.',
    'Never mind, sorry.',
    'Scratch that, wrong trip.',
    'Forget what I said!',
    'Ignore that last one, wrong thread.',
  ])('withdraws the previous statement: %s', async (sentence) => {
    const engine = await engineAfter(TRIP, sentence);
    expect(await committedTrip(engine)).toEqual({
      'travel.destination': null,
      'travel.status': null,
      'travel.departure_date': null,
      'travel.return_date': null,
    });
    const text = (await engine.explain('user:primary', 'travel.destination')).text;
    expect(text).toMatch(
      /"Portland" from user_statement thread:t1:msg:m1 \(.*\) is withdrawn by .* \(retracted, dated 2026-02-10T09:01:00\.000Z\)\./,
    );
  });
});

describe('a bare retraction followed by its replacement', () => {
  it('changes the destination it names and keeps the dates of the trip', async () => {
    const engine = await engineAfter(TRIP, "Scratch that. We're going to Seattle instead.");
    expect(await committedTrip(engine)).toEqual({
      ...TRIP_FIELDS,
      'travel.destination': 'Seattle',
    });
  });
});

describe('a retraction that keeps what was there before', () => {
  const LEFT_ALONE = [
    'Scratch that, keep me posted.',
    'Never mind, keep going.',
    'Sorry, keep an eye on the forecast.',
    'Scratch that, keep it simple.',
    'Never mind, stick with us for dinner.',
    'Correction: keep in mind the museum closes early.',
  ];

  it.each(LEFT_ALONE)('is another request, and keeps the trip: %s', async (sentence) => {
    await expectTripKeptAfter(sentence);
  });

  it('withdraws the change it follows: "Scratch that, stick with Portland."', async () => {
    const engine = await engineAfter(
      TRIP,
      "Actually we're going to Seattle instead.",
      'Scratch that, stick with Portland.',
    );
    expect((await committedTrip(engine))['travel.destination']).toBe('Portland');
  });
});
