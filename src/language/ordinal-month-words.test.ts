import { describe, expect, it } from 'vitest';
import { datedWordsOn } from './__fixtures__/dates-on.js';
import { findDates } from './dates.js';

const ANCHOR = '2026-11-20T10:00:00Z';
const dates = datedWordsOn(ANCHOR);

describe('an ordinal before a word that only starts like a month', () => {
  it.each([
    ['Booked my flight to Berlin for the 2nd marathon of the season.', 'the 2nd'],
    ['Flying to Vienna for the 1st decade reunion of our class.', 'the 1st'],
    ['We go to Lyon for the 3rd octave workshop.', 'the 3rd'],
    ['Off to Porto for the 2nd novel launch.', 'the 2nd'],
    ['the 3rd of decent weekends this year', 'the 3rd'],
    ['the 4th junior league game', 'the 4th'],
  ])('%s reads no month', (text, day) => {
    const found = findDates(text, ANCHOR);
    for (const d of found) expect(d.text.trim().toLowerCase()).toBe(day);
  });

  it.each([
    ['from the 2nd of sept.', '2027-09-02'],
    ['the 3rd of June', '2027-06-03'],
    ['the 4th of January', '2027-01-04'],
    ['sun 23rd May', '2027-05-23'],
    ['until the 21st of December', '2026-12-21'],
  ])('%s still reads its month', (text, date) => {
    expect(dates(text).map((d) => d.split('=')[1])).toContain(date);
  });
});
