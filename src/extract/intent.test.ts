import { describe, expect, it } from 'vitest';
import { afterRetraction, classifyClause, LAUGHTER } from './intent.js';

describe('classifyClause', () => {
  it.each([
    ['We land in Oslo at noon.', false, 'assertive'],
    ['Leaving for the coast on Friday.', false, 'planning'],
    ['From now on, aisle seats please.', false, 'planning'],
    ['If it rains we might stay home.', false, 'hypothetical'],
    ['We would save a lot by switching.', false, 'hypothetical'],
    ['Back in 2018 we lived in Lyon.', false, 'historical'],
    ['Two years ago the roof leaked.', false, 'historical'],
    ['Remember when the car broke down in Utah', false, 'historical'],
    ['Is the boiler fixed yet?', true, 'question'],
    ['Did Sam book the table', false, 'question'],
    ['How much does the upgrade cost?', true, 'question'],
    ['I think I renewed it already?', true, 'assertive'],
    ['Had pancakes for breakfast.', false, 'assertive'],
    ['This very month last year we were in Accra.', false, 'historical'],
  ])('reads "%s" as %s', (text, asked, intent) => {
    expect(classifyClause(text, asked).intent).toBe(intent);
  });

  it.each([
    ['I think the invoice went out', 'hedged'],
    ['pretty sure it was paid', 'hedged'],
    ['about 300 a month', 'hedged'],
    ['just this once a late call is fine', 'oneOff'],
    ['going forward, email me instead', 'standing'],
    ['we switched to the new vendor', 'supersedes'],
    // Generalised from development-fitted phrases (issue #10 §4): the phenomenon, not the phrase.
    ['window seat for this long leg only', 'oneOff'],
    ['a hotel near the station for the return journey', 'oneOff'],
    ['tea instead of coffee for now', 'oneOff'],
    ['green tea is still what I like', 'standing'],
    ["vegan meals, and that's not just a one-off", 'standing'],
  ] as const)('marks "%s" as %s', (text, mark) => {
    expect(classifyClause(text, false)[mark]).toBe(true);
  });
});

describe('afterRetraction', () => {
  it.each([
    ['Scratch that: the meeting is on Monday.', 'the meeting is on Monday.'],
    ['Never mind, we are staying.', 'we are staying.'],
    ['Ignore my last message', ''],
    ['We are not scratching anything', null],
  ])('reads "%s"', (text, rest) => {
    expect(afterRetraction(text)).toBe(rest);
  });
});

describe('LAUGHTER', () => {
  it.each([
    ['lol and its longer runs', ['lol', 'lool', 'lolol', 'LOLOL', 'lolz']],
    ['lmao and lmfao, however drawn out', ['lmao', 'lmaooo', 'lmaaao', 'lmfao', 'lmfaooo']],
    ['haha and hehe', ['haha', 'hahaha', 'hehe']],
    ['rofl', ['rofl', 'roflll']],
    ['laughing faces', ['\u{1F602}', '\u{1F923}', '\u{1F606}']],
  ])('matches %s', (_group, markers) => {
    for (const marker of markers) {
      expect(LAUGHTER.test(`we picked the blue one ${marker}`), marker).toBe(true);
    }
  });

  it.each(['lollipop', 'Lola', 'xdr', 'Adobe XD', 'the hall', 'ha', 'he said', 'lmaps', 'loyal'])(
    'leaves %s alone',
    (text) => {
      expect(LAUGHTER.test(`we picked the blue one ${text}`)).toBe(false);
    },
  );
});
