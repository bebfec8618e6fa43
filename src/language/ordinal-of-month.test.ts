import { describe, expect, it } from 'vitest';
import { datedWordsOn } from './__fixtures__/dates-on.js';

// Sentences written for this test; none is in a benchmark file.
describe('an ordinal day with its month after it ("the 21st of May")', () => {
  const dates = datedWordsOn('2026-04-20T16:02:00Z');

  it('reads the month said after the day, and dates a later bare ordinal from it', () => {
    expect(dates('moving in on the 3rd of June')).toEqual(['the 3rd of June=2026-06-03']);
    expect(dates('out the 21st of May, back the 25th')).toEqual([
      'the 21st of May=2026-05-21',
      'the 25th=2026-05-25',
    ]);
    expect(dates('from the 2nd of sept.')).toEqual(['the 2nd of sept=2026-09-02']);
  });

  it('takes no month from an "of" phrase that names none', () => {
    for (const text of ['she came the 2nd of three runners', 'the 5th of many tries']) {
      expect(
        dates(text).some((d) => d.includes(' of ')),
        text,
      ).toBe(false);
    }
  });
});
