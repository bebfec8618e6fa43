import { describe, it } from 'vitest';
import { expectMatches } from '../language/__fixtures__/expect-matches.js';
import {
  expectSubordinated,
  firmReadings,
  phenomenonCases,
} from './__fixtures__/phenomenon-cases.js';
import { habitual } from './habitual.js';

// Phenomena: a habit says how often, not where the speaker is now; and a participial clause of
// time ("when working from home") frames its predicate like a finite one. Every sentence here
// was written for this test (none comes from a benchmark).

/** The firm readings of where the speaker is. */
const firmLocation = (text: string) => firmReadings(text, 'travel.location');

describe('habitual', () => {
  it('finds frequency adverbs and phrases', () => {
    expectMatches(habitual, [
      "I've mostly been working from home these past weeks",
      'I usually stay home on Sundays',
      'we work from home twice a week',
      'wfh most days now',
      'These days I mostly work from home',
    ]);
  });

  it('leaves a statement about now alone', () => {
    expectMatches(
      habitual,
      [],
      ["I'm working from home today", 'staying home, feeling rough', 'home all day'],
    );
  });
});

describe('a participial clause of time or condition', () => {
  it('is subordinate with no subject between the subordinator and the predicate', () => {
    expectSubordinated([
      ['my wifi drops, especially when working from home', 'working', 'time_or_condition'],
      ['I read a lot while staying in Lyon', 'staying', 'while'],
    ]);
  });
});

describe('working from home as a routine is not where the speaker is now', () => {
  phenomenonCases(
    firmLocation,
    [
      'Been working from home most days recently and my neck aches.',
      'i usually work from home on fridays',
      'My internet is slow, especially when working from home.',
      'We work from home twice a week since the office moved.',
      'These days I mostly work from home, so I want a better chair.',
    ],
    [
      ["I'm working from home today, ping me on chat.", 'travel.location=home'],
      ['Staying home all day, the snow is too deep.', 'travel.location=home'],
      ['wfh today', 'travel.location=home'],
    ],
  );
});

describe('being somewhere as a routine is not being there now', () => {
  phenomenonCases(
    firmLocation,
    [
      "I'm in Leeds most weeks these days.",
      'we are in Madrid a lot for work lately',
      "I'm usually in Dublin on mondays",
      'we are in Porto every summer',
      "I'm in Galway each christmas",
    ],
    [
      // "this week" said on a Monday may be now or later: no firm location (near-miss-presence-ahead).
      ["I'm in Leeds today for the audit.", 'travel.location=Leeds'],
      ["We're in Madrid now, the flight was fine.", 'travel.location=Madrid'],
    ],
  );
});
