import { describe, expect, it } from 'vitest';
import { committingReadings, expectEachRead, expectNoCommits } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A taste limited to some occasions ("aisle seats on long flights", "oat milk in my coffee at
// work", "vegetarian on weekdays") is not the speaker's unconditional preference: a user reported
// that "aisle seats on long flights" committed `profile.preference.seat=aisle`, which then
// answered for every flight. Written before the reading, per the near-miss protocol of ADR
// 2026-11-27-held-out-anatomy: each near-miss keeps the construction (a seat, milk, meal time or
// diet the speaker wants or likes) and adds an adjunct that names a subset of the occasions the
// preference is about (a kind of flight, a length, a companion, a place, some days). Such a taste
// may be read, tentatively; it commits nothing. A preference over the whole of its own domain
// ("on every flight", "whenever I fly") is still the standing preference. Every sentence was
// written for this test (in no benchmark file).

const profile = readingsUnder('profile.');

describe('a preference limited to some occasions', () => {
  it('commits nothing when a seat is wanted only on some flights or trips', () => {
    expectNoCommits([
      'honestly i really like aisle seats on long flights',
      'I like window seats on short hops',
      'i prefer aisle seats for long-haul',
      'from now on book me aisle seats on long flights',
      'always get me a window seat when I fly with the kids',
      'going forward, aisle seats for anything over 4 hours please',
      'From now on I want window seats on overnight trains.',
      'For work trips, always book me the aisle seat.',
    ]);
  });

  it('commits nothing when a milk, a meeting time or a diet holds only some of the time', () => {
    expectNoCommits([
      'I like oat milk in my coffee at work',
      'i prefer soy milk in my tea when im at my parents',
      'from now on put my meetings in the morning on Mondays',
      "I'm vegetarian on weekdays",
      'I am vegan during Lent',
      'From now on book me the kosher meal on long flights.',
    ]);
  });

  it('still reads the limited taste, as tentative only', () => {
    expectEachRead(profile, [
      [
        'honestly i really like aisle seats on long flights',
        'profile.preference.seat=aisle (weak)',
      ],
      ['from now on book me aisle seats on long flights', 'profile.preference.seat=aisle (weak)'],
    ]);
  });
});

describe('a preference over all of its occasions', () => {
  it('commits a seat, a milk or a diet said for the whole domain, in several registers', () => {
    const cases: [string, string][] = [
      ['from now on book me aisle seats on all flights', 'profile.preference.seat=aisle'],
      ['I love window seats on planes', 'profile.preference.seat=window'],
      ['going forward pls get me aisle seats whenever I fly', 'profile.preference.seat=aisle'],
      ['i like my tea with soy milk', 'profile.preference.tea_milk=soy milk'],
      ['Please book me window seats from now on.', 'profile.preference.seat=window'],
      ["just so you know, I'm vegetarian", 'profile.preference.diet=vegetarian'],
    ];
    for (const [text, reading] of cases) {
      expect(committingReadings(text), text).toContain(`user:primary ${reading} (strong)`);
    }
  });
});
