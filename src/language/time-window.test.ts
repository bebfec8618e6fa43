import { describe, expect, it } from 'vitest';
import { queryTimeWindow } from './time-window.js';

const NOW = Date.parse('2023-05-20T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('queryTimeWindow', () => {
  it('keeps the explicit forms of parseTimeHint', () => {
    const window = queryTimeWindow('what happened in June 2022?', NOW);
    expect(window && [iso(window.start), iso(window.end)]).toEqual(['2022-06-01', '2022-07-01']);
  });

  it('widens a relative distance by a quarter of it on each side', () => {
    const window = queryTimeWindow('what did I buy two weeks ago?', NOW);
    // two weeks before May 20 is May 6; a quarter of 14 days is 3.5, rounded to 4 days.
    expect(window && [iso(window.start), iso(window.end)]).toEqual(['2023-05-02', '2023-05-11']);
  });

  it('reads a past weekday as that day, give or take one', () => {
    const window = queryTimeWindow('where did I go last Saturday?', NOW);
    expect(window && [iso(window.start), iso(window.end)]).toEqual(['2023-05-12', '2023-05-15']);
  });

  it('returns null when the query names no time', () => {
    expect(queryTimeWindow('which book did I like most?', NOW)).toBeNull();
  });
});
