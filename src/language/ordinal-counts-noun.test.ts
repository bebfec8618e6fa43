import { describe, expect, it } from 'vitest';
import { datedWordsOn } from './__fixtures__/dates-on.js';

// An ordinal followed by the noun it counts ("the 9th inning", "the 3rd lap") is no day of the
// month: the word after it decides, not a list of nouns. A day may be followed only by a closed
// class of words (function words, a time of day, a month). Sentences written for this test; none
// is in a benchmark file.
const dates = datedWordsOn('2026-04-20T10:00:00Z');

describe('an ordinal before the noun it counts', () => {
  it.each([
    'walk-off double in the 9th inning, what a game',
    'she crashed on the 3rd lap of the race',
    'the 5th chapter drags a bit',
    'we scored in the 2nd minute',
    'I finished the 10th puzzle this morning',
  ])('%s reads no day of the month', (text) => {
    expect(dates(text).filter((d) => /\d(?:st|nd|rd|th)/.test(d))).toEqual([]);
  });

  it.each([
    ['on the 9th we fly out', 'the 9th=2026-05-09'],
    ['the 9th of May works', 'the 9th of May=2026-05-09'],
    ['back on the 12th and then off again', 'the 12th=2026-05-12'],
    ['the 14th suits me better', 'the 14th=2026-05-14'],
    ['moving the 23rd, lol', 'the 23rd=2026-04-23'],
    ['the open day is on the 16th here in Leeds', 'the 16th=2026-05-16'],
  ])('%s still reads the day', (text, reading) => {
    expect(dates(text)).toContain(reading);
  });
});
