import { describe, expect, it } from 'vitest';
import { expectMatches } from '../language/__fixtures__/expect-matches.js';
import { SARCASM, UNREALISED } from '../language/index.js';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// Distractor phenomena found on the tuning half of distractor set d (never by the sentence):
// a tone marker anywhere in a sentence takes back all of its clauses, and an intention said to be
// habitually left undone is no plan. Every sentence was written for this test.

describe('a sarcasm or jest marker holds for the whole sentence', () => {
  it('leaves a plain statement alone', () => {
    expect(committingReadings('flying to Oslo tomorrow, back on the 20th')).toContain(
      'user:primary travel.destination=Oslo (strong)',
    );
  });

  it('SARCASM knows the eye-roll and upside-down faces and a closing /s', () => {
    expectMatches(
      SARCASM.pattern,
      ['great, another Monday 🙄', 'love that for me 🙃', 'best week ever /s'],
      ['see the /s/ sound', 'sure, see you at 5', 'this is a 🙂'],
    );
  });
});

describe('an intention habitually left undone', () => {
  it('UNREALISED names the phenomenon and leaves plain plans alone', () => {
    expect(UNREALISED.phenomenon).toMatch(/undone/);
    expectMatches(
      UNREALISED.pattern,
      [],
      ['we booked Cornwall', 'I said yes to Hanoi', 'we always fly via Doha'],
    );
  });
});

describeSentences(committingReadings, {
  'a sarcasm or jest marker holds for the whole sentence': {
    'commits nothing when the marker closes another clause': {
      nothing: [
        "Sure, I'm moving to Antarctica next month, my boss will love that 🙄",
        'flying to Oslo tomorrow obviously, money is no object /s',
        "we're flying to Bali tomorrow, but sure, the bank will love it 🙄",
        'booked Reykjavik for friday; the kids can pack themselves /s',
        "we're in Paris now, so the kids packed themselves jk",
        'totally heading to Tokyo tonight, the office can run itself 🙄',
      ],
    },
  },
  'an intention habitually left undone': {
    'commits no plan': {
      nothing: [
        "every summer we say we'll drive to Cornwall",
        'I keep saying I will fly to Hanoi to see Bao, and never do',
        'we always talk about going to Morocco for Eid',
        "every year I promise I'll visit Gdańsk and then never go",
        "Dad always says we'll go to Kerala next year",
      ],
    },
  },
});
