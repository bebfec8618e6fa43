import { describe, expect, it } from 'vitest';
import { expectSubordinated, phenomenonCases } from './__fixtures__/phenomenon-cases.js';
import { asReading, readChat } from './__fixtures__/read-chat.js';

// Four classes of false state commits found when a long casual chat was ingested as one user's
// messages. Every sentence here was written for this test. Negatives must commit or ask nothing
// (a weak, tentative reading may remain); positives must still read the state.

/** The readings of a message with more than weak evidence, whatever their intent. */
function firm(text: string): string[] {
  return readChat(text)
    .filter((o) => o.evidence !== 'weak')
    .map(asReading);
}

/** Every reading of a message as `field=value (evidence)`. */
function readings(text: string): string[] {
  return readChat(text).map(asReading);
}

/** One case per sentence: each negative reads nothing firm, each positive keeps its reading. */
function nothingFirmButKept(
  negatives: readonly string[],
  positives: ReadonlyArray<readonly [string, string]>,
): void {
  phenomenonCases(firm, negatives, positives, { keep: readings, nothing: 'reads nothing firm' });
}

describe('subordinatedAt: a clause of time or condition', () => {
  it('finds the subordinator right before the subject of the predicate', () => {
    expectSubordinated([
      ["I'll ping you when I'm in Nairobi", "'m", 'time_or_condition'],
      ['text me as soon as the kids land in Accra', 'land', 'time_or_condition'],
      ["ask me anything while I'm in Lagos", "'m", 'while'],
    ]);
  });

  it('is null for a main clause, or when a comma closes the subordinate one', () => {
    expectSubordinated([
      ["I'm in Nairobi now", "'m", null],
      // The only "'m" is the one after the comma.
      ["When I woke up, I'm in Nairobi", "'m", null],
      ["After two long weeks away I'm back in Lagos", "'m", null],
    ]);
  });
});

describe('class 1: a state inside a clause of time or condition is not asserted', () => {
  const negatives = [
    "I'll ping you when I'm in Nairobi.",
    "Can't wait to try the ramen when I'm in Sapporo!",
    "Shout if the plants need watering while I'm in Lagos.",
    "Once we're in Kyoto I'll send pics",
    'as soon as we land in Accra ill text u',
    'Remind me to buy stamps once I am back home.',
    "If I'm home by six we can do the call.",
    'We will sort the paperwork after we arrive in Tbilisi.',
    "by the time we're in Hanoi the rain should have stopped",
    'Unless we are in Montreal by Friday, the dinner is off.',
    'when Kofi is back at school we can finally relax',
  ];
  it('reads no current place from a past-tense story clause', () => {
    expect(readings('when we were in Rome it rained every day')).toEqual([]);
  });

  const positives: ReadonlyArray<readonly [string, string]> = [
    ["we're in Nairobi now", 'travel.location=Nairobi (strong)'],
    ['landed in Lagos', 'travel.location=Lagos (strong)'],
    ['Since I am in Kyoto anyway, I will visit the temples.', 'travel.location=Kyoto (strong)'],
    ['Made it to Hanoi, the heat is unreal', 'travel.location=Hanoi (strong)'],
  ];
  nothingFirmButKept(negatives, positives);
});

describe("class 2: a second-person trip is the listener's", () => {
  const negatives = [
    'Enjoy your trip to Oslo!',
    'Hope you have a safe trip to Perth.',
    'I hope your trip to Cairo goes well.',
    "Can't wait for your trip to Lisbon",
    'have fun on ur trip to bergen!!',
    'Your Lisbon trip sounds amazing, send photos',
    'Wishing you a smooth flight to Nairobi tomorrow.',
    'So when is your trip to Seoul?',
  ];
  const positives: ReadonlyArray<readonly [string, string]> = [
    ["We're flying to Oslo in June", 'travel.destination=Oslo (strong)'],
    ['Booked our trip to Perth!', 'travel.destination=Perth (strong)'],
    ["I'm flying to Cairo next week, you should come", 'travel.destination=Cairo (strong)'],
    ['You and I are flying to Rome on Friday', 'travel.destination=Rome (strong)'],
  ];
  nothingFirmButKept(negatives, positives);
});

describe('class 3: "here in X" is where the speaker is, never a destination', () => {
  const negatives = [
    'Last weekend I caught a great jazz set here in Denver.',
    "Next week there's a food festival here in Austin",
    'we saw a brilliant play here in Bristol on saturday',
    'Tomorrow the markets open late here in Tallinn.',
  ];
  for (const sentence of negatives) {
    it(`plans no trip and reads nothing firm: ${sentence}`, () => {
      expect(
        readings(sentence).filter((r) => /^travel\.(?:destination|status=planned)/.test(r)),
      ).toEqual([]);
      expect(firm(sentence)).toEqual([]);
    });
  }

  const positives: ReadonlyArray<readonly [string, string]> = [
    ["I'm flying to Denver next week", 'travel.destination=Denver (strong)'],
    ['just landed in Austin', 'travel.location=Austin (strong)'],
    ["it's pouring here in Leeds today", 'travel.location=Leeds (weak)'],
  ];
  // Only the positives here: a negative above also asserts that no trip is planned.
  phenomenonCases(firm, [], positives, { keep: readings });
});

describe('class 4: an allergy slug is the noun phrase without its quantifier; a partitive says nothing', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["I'm allergic to most nuts.", ['health.allergy.nut=allergic (strong)']],
    // A partitive ("several", "certain", "a few", "some") does not say which: nothing is read.
    ["I'm allergic to several antibiotics.", []],
    ["I'm allergic to some nuts.", []],
    // The restricted phrase is not read as the whole class; the plain one still is.
    [
      "I'm allergic to dogs with long hair and most birds.",
      ['health.allergy.bird=allergic (strong)'],
    ],
    ['my son is allergic to cats that shed', []],
    ['Turns out I am allergic to certain molds', []],
    ["i'm allergic to many pollens.", ['health.allergy.pollen=allergic (strong)']],
    ['I am allergic to a few fruits and tree nuts.', ['health.allergy.tree_nut=allergic (strong)']],
  ];
  for (const [sentence, expected] of cases) {
    it(`reads ${expected.length === 0 ? 'nothing' : expected.join(', ')}: ${sentence}`, () => {
      expect(
        readings(sentence)
          .filter((r) => r.startsWith('health.'))
          .sort(),
      ).toEqual([...expected].sort());
    });
  }

  it('still reads a plain allergy', () => {
    expect(readings("I'm allergic to peanuts")).toContain(
      'health.allergy.peanut=allergic (strong)',
    );
    expect(readings('Allergic to penicillin, fyi')).toContain(
      'health.allergy.penicillin=allergic (strong)',
    );
    expect(readings("I'm allergic to shellfish")).toContain(
      'health.allergy.shellfish=allergic (strong)',
    );
  });
});
