import { describe, expect, it } from 'vitest';
import { stretchesOfTime } from './stretch-of-time.js';

// Monday 2 March, Friday 6 March, Sunday 8 March 2026.
const placesOf = (text: string, day: string) => stretchesOfTime(text, day).map((s) => s.place);

describe('stretchesOfTime', () => {
  it('places a weekend against the weekday it is named on', () => {
    expect(placesOf('see you this weekend', '2026-03-02')).toEqual(['ahead']);
    expect(placesOf('see you over the weekend', '2026-03-06')).toEqual(['around-today']);
    expect(placesOf('we are away for the weekend', '2026-03-08')).toEqual(['holds-today']);
  });

  it('reads next and coming stretches as ahead, and the current ones as around today', () => {
    expect(placesOf('next month is busy', '2026-03-02')).toEqual(['ahead']);
    expect(placesOf('the coming week', '2026-03-02')).toEqual(['ahead']);
    expect(placesOf('this week is busy', '2026-03-02')).toEqual(['around-today']);
    expect(placesOf('this summer, maybe', '2026-07-14')).toEqual(['around-today']);
  });

  it('reads a season said before its months as ahead (review of s15-preca)', () => {
    expect(placesOf('this summer, maybe', '2026-03-02')).toEqual(['ahead']);
    expect(placesOf('this winter is mild', '2026-01-20')).toEqual(['around-today']);
    expect(placesOf('this autumn', '2026-05-04')).toEqual(['ahead']);
  });

  it('places a month by name, and leaves a month with a day to the date reader', () => {
    expect(placesOf('the garden opens in May', '2026-03-02')).toEqual(['ahead']);
    expect(placesOf('the garden is busy in March', '2026-03-02')).toEqual(['around-today']);
    expect(placesOf('due in May 12', '2026-03-02')).toEqual([]);
  });

  it('leaves out how long something lasts, and words that only look like a stretch', () => {
    expect(placesOf('staying until next week', '2026-03-02')).toEqual([]);
    expect(placesOf('open through the weekend', '2026-03-02')).toEqual([]);
    expect(placesOf('the weekly report, the monthly plan', '2026-03-02')).toEqual([]);
    expect(placesOf('she may come', '2026-03-02')).toEqual([]);
  });
});
