import { describe, expect, it } from 'vitest';
import { itChecksSentences } from '../__fixtures__/phenomenon-cases.js';
import {
  committingReadings,
  expectNothingRead,
  expectReadingsOf,
  onRecord,
  readMessage,
  wouldCommit,
} from '../__fixtures__/read-chat.js';

// Preferences as an open vocabulary (issue #10 §3): the topic of a preference is the head noun of
// the thing the speaker chooses, its value the modifier that sets it apart ("I like my coffee
// black" → `coffee` = black), never a list of expected topics; change markers ("switched to",
// "these days", "from now on", "X instead of Y", "no more Y") make it a correction of the
// speaker's own earlier value (ADR 2026-11-27-open-preference-topics). The near-misses were
// written first: each keeps a preference verb or a liked thing but is a one-off, one particular
// object, someone else's taste, a question, a supposition, a past habit, a plan, a product
// opinion, a team's decision, an outcome or a joke, and must commit no preference. Every
// sentence was written for this test (in no benchmark file).

/** The committing preference readings of one user chat message, as `field=value`. */
function preferences(text: string, known: Readonly<Record<string, string>> = {}): string[] {
  return readMessage(text, { known: onRecord(known) })
    .filter((o) => o.field.startsWith('profile.preference.') && wouldCommit(o))
    .map((o) => `${o.field.slice('profile.preference.'.length)}=${o.value}`);
}

/** Every preference reading of one message, weak ones included, with its correction mark. */
function allPreferences(text: string, known: Readonly<Record<string, string>> = {}): string[] {
  return readMessage(text, { known: onRecord(known) })
    .filter((o) => o.field.startsWith('profile.preference.'))
    .map(
      (o) =>
        `${o.field.slice('profile.preference.'.length)}=${o.value} (${o.evidence}${o.correction ? ', correction' : ''})`,
    );
}

/** Held topics of the one-moment near-misses: only the moment can keep them from a reading. */
const HELD_FOR_A_MOMENT = {
  'profile.preference.answer': 'long',
  'profile.preference.mode': 'light',
  'profile.preference.agenda': 'long',
  'profile.preference.class': 'in-person',
};

describe('near-misses of an open preference', () => {
  itChecksSentences(allPreferences, {
    'commits nothing for a one-off or an order': {
      nothing: [
        "Just today I'll have green tea.",
        "I'll have the grilled salmon.",
        "I'd prefer sparkling water tonight.",
        'For this trip I prefer budget hotels.',
      ],
    },
    'commits nothing for one particular object or a product opinion': {
      nothing: [
        'I prefer the red one.',
        'I like this hotel.',
        'I like the new iPhone.',
        'I always order the cheapest wine on the list.',
        'I switched to the other charger.',
        'I have switched to a new phone.',
      ],
    },
    "commits nothing for someone else's taste or a team's decision": {
      read: (text) => committingReadings(text).filter((r) => r.includes('profile.')),
      nothing: [
        'Mia prefers dark chocolate.',
        'My brother takes his coffee black.',
        'We prefer Postgres for new services.',
        'Our team switched to weekly sprints.',
      ],
    },
    'commits nothing for a question, a supposition, a past habit or a negation': {
      nothing: [
        'Do you prefer dark chocolate?',
        'Would you like your coffee black?',
        "If I had to choose I'd take green tea.",
        'I used to prefer green tea.',
        'I liked my coffee black when I was a student.',
        "I don't like my coffee black.",
      ],
    },
    'commits no topic for a plan, a venue, a clause or a gerund after the verb': {
      nothing: [
        "Let's go to Starbucks.",
        'I prefer we meet at 3.',
        'I prefer not to talk about it.',
        'I prefer working from home on Fridays.',
        'I take my kids to school at 8.',
        'I love my coffee shop.',
        'I like my job.',
      ],
    },
    'commits nothing for what befalls the speaker, or a joke': {
      nothing: [
        'I always have a great time at their parties.',
        'I always get a splitting headache on long drives.',
        'I like my coffee like I like my mornings: black, lol',
        'I prefer cold pizza for breakfast, jk',
      ],
    },
    'commits nothing for what the speaker has or undergoes rather than chooses': {
      nothing: [
        'I have my hands full today.',
        'I now have chest pain.',
        'I usually have back pain after long drives.',
        'I always take painkillers for migraines.',
        'I always take long showers.',
        'I usually have mixed feelings about sequels.',
        'I prefer hard copies of contracts.',
      ],
    },
    'commits nothing when the category of two compared things is not in the sentence': {
      nothing: ['I prefer Slack over email.', 'I prefer tea over coffee.'],
    },
    'reads nothing for a choice held to one moment or one event': {
      read: (text) => allPreferences(text, HELD_FOR_A_MOMENT),
      nothing: [
        'Today I prefer short answers.',
        'I prefer short answers this week.',
        'Right now I prefer long answers.',
        'This semester I prefer online classes.',
        "For tonight's call I prefer a short agenda.",
        'I switched to dark mode for the launch.',
      ],
    },
  });

  it('keeps a choice limited to some occasions tentative', () => {
    for (const text of [
      'Sometimes I prefer green tea.',
      'I prefer red wine when it is cold out.',
    ]) {
      expect(preferences(text), text).toEqual([]);
      expect(allPreferences(text).length, text).toBe(1);
    }
  });

  it('reads no open topic that another rule writes (language, units, name, the facets)', () => {
    const held = {
      'profile.preference.language': 'portuguese',
      'profile.preference.name': 'Teo',
      'profile.preference.units': 'imperial',
    };
    expectNothingRead(
      (text) => allPreferences(text, held),
      [
        'These days I prefer plain language.',
        'I prefer formal language now.',
        'I prefer casual language.',
        'These days I prefer short names.',
        'Lately I prefer round units.',
      ],
    );
    // The units rule reads the system once; the open reading adds no `unit` beside it.
    expect(allPreferences('I prefer metric units.')).toEqual(['units=metric (strong)']);
  });

  it('keeps a hedged taste tentative', () => {
    // Held topics, so only the hedge (not the topic being new) can keep the reading weak.
    const held = { 'profile.preference.tea': 'black', 'profile.preference.hotel': 'lively' };
    expect(allPreferences('maybe I like my tea green', held)).toEqual(['tea=green (weak)']);
    expect(allPreferences('I like my tea green, I think', held)).toEqual(['tea=green (weak)']);
    expect(preferences('I think I prefer quiet hotels.', held)).toEqual([]);
  });

  it('keeps "my X Y" limited to some occasions tentative, and reads no order as a way of having X', () => {
    const held = { 'profile.preference.tea': 'strong', 'profile.preference.vegetable': 'raw' };
    expect(allPreferences('Sometimes I like my tea weak.', held)).toEqual(['tea=weak (weak)']);
    expect(allPreferences('Occasionally I like my tea weak.', held)).toEqual(['tea=weak (weak)']);
    expect(allPreferences('I eat my vegetables first.', held)).toEqual([]);
  });
});

describe('a closed facet met inside the open reading (second review)', () => {
  it('commits no diet or milk on one sentence, for a reason, an occasion or with a laugh', () => {
    for (const text of [
      'I usually order halal burgers for the office party.',
      'I usually eat vegetarian curry at my aunt’s place.',
      'Sometimes I take my tea with almond milk.',
      'haha I switched to goat milk, as if.',
      'I switched to rice milk because the store had nothing else.',
    ]) {
      expect(preferences(text), text).toEqual([]);
    }
  });

  it('corrects a held milk only when the switch is not made for something', () => {
    const held = { 'profile.preference.tea_milk': 'oat milk' };
    expect(
      allPreferences('I switched to soy milk in my tea for Passover.', held).filter(
        (r) => !r.includes('(weak'),
      ),
    ).toEqual([]);
    expect(preferences('I have switched to soy milk in my tea.', held)).toEqual([
      'tea_milk=soy milk',
    ]);
  });
});

describe('an open preference', () => {
  it('takes its topic from the head noun and its value from the modifier, tentatively', () => {
    // Issue #10 §1: an open topic the speaker does not hold yet is never committed on one
    // sentence's structure; the reading is kept tentative (visible, explained).
    const cases: [string, string][] = [
      ['I like my coffee black.', 'coffee=black (weak)'],
      ['i take my tea with lemon', 'tea=with lemon (weak)'],
      ['I prefer quiet hotels.', 'hotel=quiet (weak)'],
      ['I like green tea best', 'tea=green (weak)'],
      ['I always drink decaf coffee after lunch.', 'coffee=decaf (weak)'],
      ['I prefer dark chocolate.', 'chocolate=dark (weak)'],
    ];
    for (const [text, reading] of cases) {
      expect(allPreferences(text), text).toEqual([reading]);
      expect(preferences(text), text).toEqual([]);
    }
  });

  it('weighs an open reading on a topic the speaker holds as a facet reading', () => {
    expect(preferences('I prefer quiet hotels.', { 'profile.preference.hotel': 'lively' })).toEqual(
      ['hotel=quiet'],
    );
    expect(
      preferences('I like my coffee black.', { 'profile.preference.coffee': 'sweet' }),
    ).toEqual(['coffee=black']);
  });

  it('takes the topic from the tagger’s lemma, not a stripped plural', () => {
    const cases: [string, string][] = [
      ['I prefer cherry tomatoes.', 'tomato=cherry (weak)'],
      ['I prefer roast potatoes.', 'potato=roast (weak)'],
      ['I like my tomatoes roasted.', 'tomato=roasted (weak)'],
      ['I prefer electric buses.', 'bus=electric (weak)'],
    ];
    expectReadingsOf(allPreferences, cases, (reading) => [reading], true);
  });

  it('keeps the topics the closed facets named', () => {
    const cases: [string, string][] = [
      ['I prefer aisle seats.', 'seat=aisle'],
      ['I prefer morning meetings.', 'meeting_time=morning'],
      ['I prefer window seats over aisle seats.', 'seat=window'],
    ];
    expectReadingsOf(preferences, cases, (reading) => [reading], true);
  });

  it('reads a compared choice when both sides share the head noun', () => {
    expect(allPreferences('I prefer still water over sparkling water.')).toEqual([
      'water=still (weak)',
    ]);
  });

  it('reads a change marker as a correction of the speaker’s own earlier value', () => {
    const cases: [string, string][] = [
      ['I have switched to black coffee.', 'coffee=black (strong, correction)'],
      ['Actually I now prefer window seats.', 'seat=window (strong, correction)'],
      ['These days I stick to herbal tea.', 'tea=herbal (strong, correction)'],
      ['I prefer still water instead of sparkling water.', 'water=still (strong, correction)'],
      ['I drink green tea now, no more black tea.', 'tea=green (strong, correction)'],
      ['These days I take my coffee with oat milk.', 'coffee_milk=oat milk (strong, correction)'],
    ];
    const held = {
      'profile.preference.coffee': 'white',
      'profile.preference.tea': 'black',
      'profile.preference.water': 'sparkling',
    };
    expectReadingsOf(
      (text) => allPreferences(text, held),
      cases,
      (reading) => [reading],
      true,
    );
  });

  it('reads no change in an occasion ("now and then") or a "not" that names no alternative', () => {
    const held = { 'profile.preference.wine': 'red', 'profile.preference.hotel': 'quiet' };
    // A drink taken now and then is no habit, and no change of the held one.
    expectNothingRead(
      (text) => allPreferences(text, held),
      ['I drink white wine now and then.', 'I eat spicy food every now and again.'],
    );
    expect(allPreferences('I prefer lively hotels, not gonna lie.', held)).toEqual([
      'hotel=lively (strong)',
    ]);
    expect(allPreferences('I prefer lively hotels, not that anyone asked.', held)).toEqual([
      'hotel=lively (strong)',
    ]);
    expect(allPreferences('I prefer lively hotels, not quiet ones.', held)).toEqual([
      'hotel=lively (strong, correction)',
    ]);
    expect(allPreferences('I prefer boutique hotels, not chain hotels.', held)).toEqual([
      'hotel=boutique (strong, correction)',
    ]);
  });

  it('keeps a change marker on an open topic the speaker does not hold tentative', () => {
    expect(allPreferences('I have switched to black coffee.')).toEqual([
      'coffee=black (weak, correction)',
    ]);
  });

  it('reads a taste with no change marker as no correction', () => {
    expect(
      allPreferences('I like my coffee black.', { 'profile.preference.coffee': 'sweet' }),
    ).toEqual(['coffee=black (strong)']);
  });

  it('lands on the topic on record when the chosen thing is the same', () => {
    expect(
      preferences('I have switched to oat milk.', {
        'profile.preference.coffee_milk': 'whole milk',
      }),
    ).toEqual(['coffee_milk=oat milk']);
  });
});
