import { describe, expect, it } from 'vitest';
import { CONCEDING, HYPERBOLE, readLaughter, SINCERE } from './laughter.js';

describe.each([
  {
    name: 'HYPERBOLE',
    pattern: HYPERBOLE,
    matches: [
      "I'm never doing a triathlon again",
      "we're not hosting Christmas again",
      "we won't host Christmas again",
      "I can't face that queue again",
      'this song is stuck in my head forever',
      'if the alarm goes off one more time',
      'I could sleep for a thousand years',
    ],
    leaves: [
      "we're moving to Leeds in May",
      "I'll call again on Monday",
      'the moon was bright last night',
      'we never eat out on weekdays',
      'one more thing: the keys are under the mat',
      "I'll pay the fine at this point",
      "we're moving to Mars Street in June",
    ],
  },
  {
    name: 'SINCERE',
    pattern: SINCERE,
    matches: ['seriously', 'for real this time', 'no exceptions', 'I mean it', "I'm serious"],
    leaves: ['a serious cold', 'the exception was Tuesday', 'what do you mean'],
  },
  {
    name: 'CONCEDING',
    pattern: CONCEDING,
    matches: [
      'we decided to repaint the fence',
      "I've agreed to host the book club",
      'we picked the walnut desk',
      'we went with the quieter dishwasher',
      "we're going with the later train",
    ],
    leaves: [
      'we decided the parrot is in charge now',
      'I picked up a cold',
      'she went with her sister',
    ],
  },
])('$name', ({ pattern, matches, leaves }) => {
  it.each(matches)('matches %s', (text) => {
    expect(pattern.test(text)).toBe(true);
  });

  it.each(leaves)('leaves %s alone', (text) => {
    expect(pattern.test(text)).toBe(false);
  });
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
    // Only the laughed clause is judged: an overstating one goes, the rest stands.
    ["haha we're never camping in the rain again, see you Friday", 'see you Friday', false],
    [
      "I'll renew the car insurance on the 9th, we're never using that broker again lol",
      "I'll renew the car insurance on the 9th",
      false,
    ],
    ["we won't invite the Hendersons again lol", "we won't invite the Hendersons again", true],
    // A month, a weekend or a part of the day holds a plan; a year does not.
    [
      'We decided Theo starts piano lessons in October haha',
      'We decided Theo starts piano lessons in October',
      false,
    ],
    ["I'll clear out the shed this weekend lol", "I'll clear out the shed this weekend", false],
    ["I'll call the vet after lunch lol", "I'll call the vet after lunch", false],
    [
      "we're replacing the lawn with a lake next year lol",
      "we're replacing the lawn with a lake next year",
      true,
    ],
    // Giving in beside the laugh, on either side, or a choice reported.
    [
      "ok lol I'll ring the landlord about the boiler",
      "ok I'll ring the landlord about the boiler",
      false,
    ],
    [
      'haha ok, not doing that again: no more sledging after dark',
      'ok, not doing that again: no more sledging after dark',
      false,
    ],
    ['lol we decided to give away the old bikes', 'we decided to give away the old bikes', false],
    ['haha we picked the oak table', 'we picked the oak table', false],
    ['ok the plan is to adopt a llama haha', 'ok the plan is to adopt a llama', true],
    [
      'We decided the hamster runs the house now lolol',
      'We decided the hamster runs the house now',
      true,
    ],
  ])('reads %s', (sentence, plain, joke) => {
    expect(readLaughter(sentence)).toEqual({ plain, joke });
  });
});
