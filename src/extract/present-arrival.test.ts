import { describe, expect, it } from 'vitest';
import { expectNothingRead, readerIn } from './__fixtures__/read-chat.js';

// A first-person arrival in the present tense with a word that says it happened: an arrival.
const read = readerIn('user:primary');

describe('a first-person arrival said in the present tense', () => {
  it.each([
    ['we arrive Lisbon finally, so hot here', 'Lisbon'],
    ['I just arrive in Nairobi, the taxi is waiting', 'Nairobi'],
    ['we arrive Seoul at last!! exhausted', 'Seoul'],
  ])('is an arrival: %s', (text, place) => {
    expect(read(text)).toEqual(
      expect.arrayContaining([
        'travel.status=in_progress (strong)',
        `travel.location=${place} (strong)`,
      ]),
    );
  });
});

describe('near misses', () => {
  it('reads no arrival in an itinerary, a condition or without a word that it happened', () => {
    const arrivals = (text: string) => read(text).filter((r) => r.includes('in_progress'));
    expectNothingRead(arrivals, [
      'we arrive in Lisbon on Friday',
      'we finally arrive in Lisbon at 6',
      "when we finally arrive in Lisbon let's eat",
      'we arrive in Lisbon',
      'hopefully we arrive in Lisbon before dark',
    ]);
  });

  it('reads nothing of someone else, or of a place that is no town', () => {
    const arrivals = (text: string) => read(text).filter((r) => r.includes('in_progress'));
    expectNothingRead(arrivals, [
      'they finally arrive Lisbon',
      'we finally arrive at the hotel',
      'we just arrive at Grandma, she made soup',
    ]);
  });
});
