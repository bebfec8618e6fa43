import { describe, expect, it } from 'vitest';
import { datesOn } from './__fixtures__/dates-on.js';

// Sentences written for this test (in no benchmark file); the message is from Wednesday 6 May 2026.
const AT = '2026-05-06T10:00:00Z';
const dates = datesOn(AT);

describe('findDates: a weekday with an ordinal day', () => {
  it('reads "<weekday> <ordinal>" without "the" as that day', () => {
    expect(dates('flying back sat 23rd')).toEqual(['2026-05-23']);
    expect(dates('Sunday 24th works')).toEqual(['2026-05-24']);
    expect(dates('out tues 2nd June')).toEqual(['2026-06-02']);
  });

  it('gives no date when the weekday disagrees with the day in this month and the next', () => {
    // Monday 25 May and Thursday 25 June: no Sunday the 25th for months.
    expect(dates('Sunday 25th')).toEqual([null]);
    expect(dates('back Thursday the 29th')).toEqual([null]);
    // Friday 29 May 2026.
    expect(dates('back Friday the 29th')).toEqual(['2026-05-29']);
  });
});
