import { describe, expect, it } from 'vitest';
import { findDates } from './dates.js';

// "Friday 12th at 10:00": an hour right after an ordinal date is that day's time, as it is after
// a written-out date ("Fri 12 June at 10:00"); an hour in another clause stays apart.
const AT = '2026-06-08T09:00:00Z';

function when(text: string): string[] {
  return findDates(text, AT).map((d) => `${d.date ?? '-'} ${d.time ?? '-'}`);
}

describe('an hour after an ordinal date', () => {
  it('gives the day its time', () => {
    expect(when('moved to Friday 12th at 10:00')).toEqual(['2026-06-12 10:00']);
    expect(when('now Friday the 12th, 10:00')).toEqual(['2026-06-12 10:00']);
    expect(when('the 12th at 3pm')).toEqual(['2026-06-12 15:00']);
  });

  it('keeps an hour apart when words or a sentence end come between', () => {
    expect(when('on the 12th. At 10:00 we eat')).toEqual(['2026-06-12 -', '- 10:00']);
    expect(when('the 12th and at 10:00 the bus')).toEqual(['2026-06-12 -', '- 10:00']);
  });
});
