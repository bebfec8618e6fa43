// rules@13: past-tense musing ("I was thinking …", "we were thinking …") and temptation are
// options weighed, not decisions. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { classifySentence } from './text-rules.js';

describe('rules@13: options weighed, not taken', () => {
  it.each([
    'I was thinking a budget of 2,000 EUR for the garden, so roughly 170 a month',
    'We were thinking the marquee at Hollins Farm, afternoon',
    "I'm tempted by the 14-inch model, the battery is better",
    'we were thinking of moving the standup to 09:45',
  ])('"%s" is a hedge', (sentence) => {
    expect(classifySentence(sentence, 'user')).toBe('hedge');
  });

  // Positive neighbours: the same words in what is decided or stated.
  it.each([
    ['The thinking time per round is 90 seconds.', 'fact'],
    ['We decided on the marquee at Hollins Farm for 14 June.', 'decision'],
    ['Our budget for the garden is 2,000 EUR a year.', 'fact'],
  ])('"%s" stays %s', (sentence, kind) => {
    expect(classifySentence(sentence, 'user')).toBe(kind);
  });
});

describe('rules@13: a reading taken now', () => {
  it.each(['Humidity 64% now', 'Now 2,4 GB', 'Queue 812 now', 'Rendering 7 clips now'])(
    '"%s" is context',
    (sentence) => {
      expect(classifySentence(sentence, 'user')).toBe('context');
    },
  );

  // Positive neighbours: "now" beside a verb, a schedule or a change keeps the state.
  it.each([
    'The pool size is now 48',
    'Rent now 1,250 from April',
    'Choir practice at 19:15 now',
    'Logs now go to /var/log/kiln',
    'Sunday 08:30 now',
  ])('"%s" is a state', (sentence) => {
    expect(classifySentence(sentence, 'user')).toBe('state');
  });
});
