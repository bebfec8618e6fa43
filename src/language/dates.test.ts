import { describe, expect, it } from 'vitest';
import { datesOn } from './__fixtures__/dates-on.js';
import { activityTime, bareTime, findDates } from './dates.js';

describe('findDates', () => {
  it.each([
    [
      'out Monday the 9th, back Thursday the 12th',
      '2026-11-01T12:00:00Z',
      ['2026-11-09', '2026-11-12'],
    ],
    ['leave Sat, home Tue', '2026-03-04T08:00:00Z', ['2026-03-07', '2026-03-10']],
    ['due January 5', '2026-12-20T08:00:00Z', ['2027-01-05']],
    ['tomorrow', '2026-02-28T22:00:00Z', ['2026-03-01']],
    ['Wed Apr 22, 15:30', '2026-04-15T08:00:00Z', ['2026-04-22']],
    ['Thu Jun 18 to Sun Jun 21', '2026-06-01T08:00:00Z', ['2026-06-18']],
    // A span spent somewhere is how long, not when; a bare "after two weeks" is still a day.
    ['Finally back home after two weeks in Chile.', '2026-03-10T09:00:00Z', []],
    ['home after 10 nights at the cabin', '2026-03-10T09:00:00Z', []],
    ['back after a few days away', '2026-03-10T09:00:00Z', []],
    ['I will call you after two weeks.', '2026-03-10T09:00:00Z', ['2026-03-24']],
    // A weekday said as past looks back from the message (2026-03-11 is a Wednesday), and does
    // not pull later bare weekdays back with it.
    ['We met last Tuesday.', '2026-03-11T09:00:00Z', ['2026-03-10']],
    ['last wednesday the boiler broke', '2026-03-11T09:00:00Z', ['2026-03-04']],
    ['this past Friday was her birthday', '2026-03-11T09:00:00Z', ['2026-03-06']],
    // "since" a weekday marks when a state began: it looks back too.
    ['Back home in Leeds since Sunday night.', '2026-11-25T10:00:00Z', ['2026-11-22']],
    ['the heating has been off since thursday', '2026-03-11T09:00:00Z', ['2026-03-05']],
    ['Ela has been off school since Monday, fever', '2026-03-11T09:00:00Z', ['2026-03-09']],
    ['been in Oslo since early Saturday', '2026-03-11T09:00:00Z', ['2026-03-07']],
    [
      'No sleep since Tuesday, back on Friday',
      '2026-03-11T09:00:00Z',
      ['2026-03-10', '2026-03-13'],
    ],
    [
      'Paid it last Monday, next payment due Friday',
      '2026-03-11T09:00:00Z',
      ['2026-03-09', '2026-03-13'],
    ],
  ])('resolves "%s" against %s', (text, anchor, dates) => {
    expect(datesOn(anchor)(text)).toEqual(dates);
  });

  it('keeps a range end and wall-clock times as written', () => {
    const [range] = findDates('Thu Jun 18 to Sun Jun 21', '2026-06-01T08:00:00Z');
    expect(range?.endDate).toBe('2026-06-21');
    const [timed] = findDates('Fri Apr 17, 17:00-17:45', '2026-04-14T19:05:00Z');
    expect([timed?.time, timed?.endTime, timed?.meridiemKnown]).toEqual(['17:00', '17:45', true]);
  });

  it('reads an activity time without am/pm as the afternoon', () => {
    const [mention] = findDates('practice is at 5:15 today', '2026-03-10T09:00:00Z');
    expect(mention && activityTime(mention)).toBe('17:15');
    expect(bareTime('7')).toBe('19:00');
    expect(bareTime('9am')).toBe('09:00');
    expect(bareTime('12pm')).toBe('12:00');
  });
});

describe('findDates: a week or a month named without a day', () => {
  it.each([
    ['flying out next week', true],
    ['the launch is in two weeks', true],
    ['the kids start swimming next week', true],
    ['see you in a couple of weeks', true],
    ['back three weeks from now', true],
    ['flying out next Friday', false],
    ['leaving on the 14th', false],
    ['I will call you after two weeks.', false],
  ])('"%s" → vague %s', (text, vague) => {
    const mentions = findDates(text, '2026-03-11T09:00:00Z');
    expect(mentions).toHaveLength(1);
    expect(mentions[0]?.vague).toBe(vague);
  });
});

describe('findDates: lengths and bare ordinals (sentences of our own)', () => {
  it.each([
    'staying for two weeks',
    'in Goa for a few days',
    'away for 3 nights',
    'renting it for a couple of months',
    'off work for several days',
  ])('"%s" names a length, not a date', (text) => {
    expect(findDates(text, '2026-03-11T09:00:00Z')).toEqual([]);
  });

  it.each([
    ['train on 3 apr, back 9th', '2026-04-09'],
    ['in Rome till 14th', '2026-03-14'],
    ['hotel booked through 20th', '2026-03-20'],
  ])('"%s": a bare ordinal after back/till/through is a day of the month', (text, date) => {
    expect(datesOn('2026-03-11T09:00:00Z')(text)).toContain(date);
  });

  it('leaves other bare ordinals alone', () => {
    expect(findDates('she came 4th in the race', '2026-03-11T09:00:00Z')).toEqual([]);
    expect(findDates('we live on 5th avenue', '2026-03-11T09:00:00Z')).toEqual([]);
  });
});
