import { describe, expect, it } from 'vitest';
import { findDates } from './dates.js';

// A weekday followed by a day of the month without "the" ("Sunday 24th", "fri 3rd"): the day
// of the month fixes the date; the weekday only confirms it. Sentences written for this test.

const read = (text: string, at = '2026-02-20T10:00:00Z') =>
  findDates(text, at).map((d) => `${d.text}=${d.date}`);

describe('a weekday then a day of the month', () => {
  it('reads the day of the month, not the next such weekday', () => {
    expect(read('flight home is on Sunday 15th now')).toEqual(['Sunday 15th=2026-03-15']);
    expect(read('moved it to sat 7th')).toEqual(['sat 7th=2026-03-07']);
    expect(read('out Tuesday the 3rd')).toEqual(['Tuesday the 3rd=2026-03-03']);
  });

  it('leaves a weekday alone when what follows is a rank, not a day', () => {
    expect(read('Sunday 2nd half was better')).toEqual(['Sunday=2026-02-22']);
    expect(read('see you Monday')).toEqual(['Monday=2026-02-23']);
  });

  it('takes only a whole weekday word, not a word that starts like one', () => {
    expect(read('meet me at the Sunset 5th avenue entrance')).toEqual([]);
    expect(read('the monster 2nd edition is out')).toEqual([]);
    expect(read('satisfied 3rd customer in a row')).toEqual([]);
    expect(read('Wednesday 4th works, or thurs 5th')).toEqual([
      'Wednesday 4th=2026-03-04',
      'thurs 5th=2026-03-05',
    ]);
  });
});
