import { describe, expect, it } from 'vitest';
import { datesOn } from './__fixtures__/dates-on.js';

// Sentences written for this test (in no benchmark file); the message is from 20 April 2026.
const AT = '2026-04-20T16:00:00Z';
const dates = datesOn(AT);

describe('findDates: an ordinal day with "of <month>"', () => {
  it('reads the month the words name', () => {
    expect(dates('on the 21st of May')).toEqual(['2026-05-21']);
    expect(dates('the 3rd of june, back the 9th')[0]).toBe('2026-06-03');
    expect(dates('Fri the 1st of May')).toEqual(['2026-05-01']);
  });

  it('keeps "may" the verb when no "of" comes before it', () => {
    expect(dates('the 21st may be busy')).toEqual(['2026-04-21']);
  });
});

describe('findDates: "of may" before another word', () => {
  it('reads May after "of" whatever follows it', () => {
    expect(dates('out on the 21st of May now, back the 25th')).toEqual([
      '2026-05-21',
      '2026-05-25',
    ]);
  });
});
