import { describe, expect, it } from 'vitest';
import { HYPERBOLE, readLaughter, SINCERE } from './laughter.js';

describe('HYPERBOLE', () => {
  it.each([
    "I'm never doing a triathlon again",
    "we're not hosting Christmas again",
    'this song is stuck in my head forever',
    'if the alarm goes off one more time',
    "at this point we're basically roommates with the plumber",
    'I could sleep for a thousand years',
    "we're moving to Mars",
    "let's all fly to the moon",
  ])('matches %s', (text) => {
    expect(HYPERBOLE.test(text)).toBe(true);
  });

  it.each([
    "we're moving to Leeds in May",
    "I'll call again on Monday",
    'the moon was bright last night',
    'we never eat out on weekdays',
    'one more thing: the keys are under the mat',
  ])('leaves %s alone', (text) => {
    expect(HYPERBOLE.test(text)).toBe(false);
  });
});

describe('SINCERE', () => {
  it.each(['seriously', 'for real this time', 'no exceptions', 'I mean it', "I'm serious"])(
    'matches %s',
    (text) => {
      expect(SINCERE.test(text)).toBe(true);
    },
  );

  it.each(['a serious cold', 'the exception was Tuesday', 'what do you mean'])(
    'leaves %s alone',
    (text) => {
      expect(SINCERE.test(text)).toBe(false);
    },
  );
});

describe('readLaughter', () => {
  it('reads nothing in a sentence without laughter', () => {
    expect(readLaughter('We booked the ferry for Friday.')).toBeNull();
  });

  it.each([
    ["lol fine, I'll water the plants on Sunday", "fine, I'll water the plants on Sunday", false],
    ['The tiles arrive Tuesday haha, finally', 'The tiles arrive Tuesday, finally', false],
    [
      'we are selling the house to a family of ducks 😂',
      'we are selling the house to a family of ducks',
      true,
    ],
    [
      'We must finish the garden by June 3rd, no exceptions lol',
      'We must finish the garden by June 3rd, no exceptions',
      false,
    ],
    [
      "haha we're never camping in the rain again, see you Friday",
      "we're never camping in the rain again, see you Friday",
      true,
    ],
  ])('reads %s', (sentence, plain, joke) => {
    expect(readLaughter(sentence)).toEqual({ plain, joke });
  });
});
