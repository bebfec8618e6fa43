import { describe, expect, it } from 'vitest';
import { type EntryCase, expectMatches, itCoversEach } from './__fixtures__/expect-matches.js';
import { analyseClause, isVocabularyWord } from './clause.js';
import {
  DAY_EVENT,
  DOCUMENT_PART,
  GEOGRAPHIC_FEATURE,
  IMAGINED,
  NARRATIVE,
  PAYMENT_IDIOM,
  PERSON_ANAPHORA,
  RELATIONAL_NOUN,
  SARCASM,
  SPORTS_FIXTURE,
  THIRD_PARTY_POSSESSOR,
  TIME_STRETCH,
  TRIP_EXPERIENCE,
  VENUE,
  VIRTUAL_PLACE,
} from './lexicon.js';
import { nounPhraseAt, singularNoun, tokenIndexOf } from './noun-phrase.js';
import { lookupPlace } from './places.js';

// Sentences written for these tests; none is in a benchmark file.

describe('lexicon entries, each with the phenomenon it covers', () => {
  it('VENUE: everyday venues and occasions', () => {
    expect(VENUE.phenomenon).toMatch(/venue/);
    expectMatches(
      VENUE.pattern,
      ['the gym after work', 'lunch with Dana', 'my dentist', 'the post office'],
      ['Lisbon', 'the Azores', 'Officeville'],
    );
  });

  it('TIME_STRETCH: nouns for a stretch of time, when something happens', () => {
    expect(TIME_STRETCH.phenomenon).toMatch(/stretch of time/);
    expectMatches(
      TIME_STRETCH.pattern,
      ['weekend', 'Summers', 'semester', 'holidays', 'term', 'Christmas'],
      ['coffee', 'meetings', 'flights', 'weekender', 'terminal'],
    );
  });

  it('RELATIONAL_NOUN: people and pets named by relation to someone', () => {
    expect(RELATIONAL_NOUN.phenomenon).toMatch(/relation/);
    expectMatches(
      RELATIONAL_NOUN.pattern,
      ['friend', 'neighbours', 'boss', 'grandma', 'dog', 'grandad', 'nana', 'in-laws'],
      ['fever', 'recital', 'Friedrich'],
    );
  });

  itCoversEach([
    [
      "THIRD_PARTY_POSSESSOR: 'his', 'their', \"X's\" at the head of a noun phrase",
      THIRD_PARTY_POSSESSOR,
      [' their launch', ' his invoice', " the bakery's lease", " the twins' party"],
      [
        ' our launch',
        ' my invoice',
        " it's done",
        ' the lease',
        " October's gas bill",
        " last month's rent",
      ],
    ],
    [
      'DOCUMENT_PART: parts of books, courses and shows',
      DOCUMENT_PART,
      ['Chapter 11', 'Module 4', 'Season 2', 'Act III'],
      ['Chapel Hill'],
    ],
    [
      'TRIP_EXPERIENCE: evaluations of a trip, not status changes',
      TRIP_EXPERIENCE,
      [
        'the road trip got off to a rough start',
        'our weekend away was a disaster',
        'the cruise went well',
      ],
      ['the trip is off'],
    ],
  ]);

  it('GEOGRAPHIC_FEATURE: named lakes, mountains, islands and parks', () => {
    expectMatches(
      GEOGRAPHIC_FEATURE,
      ['Lake Bled', 'Mount Rainier', 'Isle of Skye', 'Banff National Park', 'Amalfi Coast'],
      ['Starbucks', 'Lakeside Diner'],
    );
  });
});

describe('lexicon entries added for distractor phenomena', () => {
  // [entry, sentences it must match, sentences it must not]
  const cases: readonly EntryCase[] = [
    [
      'SPORTS_FIXTURE',
      SPORTS_FIXTURE,
      [' vs Porto on Sunday', ' v Hull City', ' versus Boston', ' against Lyon'],
      [' on Friday', ' for the weekend', ' via Vienna'],
    ],
    [
      'PERSON_ANAPHORA',
      PERSON_ANAPHORA,
      [' and his twins', ' with her dog', ', who runs the bakery', ' whose car broke'],
      [' and Ghent next week', ' with the kids', ' for a week'],
    ],
    [
      'PAYMENT_IDIOM',
      PAYMENT_IDIOM,
      [
        'we paid our respects to the family',
        'you will pay a steep price for that shortcut',
        'paying attention in class',
        'paid a visit to the old school',
        'the hard work paid dividends',
      ],
      ['paid the plumber', 'paid the water bill', 'paying rent tomorrow'],
    ],
    [
      'IMAGINED',
      IMAGINED,
      [
        'sipping wine in Tuscany, in my dreams',
        'already on the beach in my head',
        "I'm there in spirit",
        'mentally on a plane to Fiji',
      ],
      ['in my bag', 'in my car on the way', 'my head hurts'],
    ],
    [
      'NARRATIVE (trailing "once", "never again", "that time", a past period of life)',
      NARRATIVE,
      [
        'I slept in Gdańsk station once.',
        'Took the sleeper to Kraków, never again',
        'we reached Bled that time it snowed',
        'On our honeymoon we landed in Male at dawn',
        'during my year abroad I was in Lyon',
      ],
      ['Landed in Gdańsk, at once exhausted', 'In Lyon till Friday'],
    ],
    [
      'DAY_EVENT',
      DAY_EVENT,
      ['what a match', 'the gig ran late', 'quiz night was rigged', 'great derby'],
      ['what a trip', 'a week of sun', 'the fortnight flew by'],
    ],
    [
      'VIRTUAL_PLACE',
      VIRTUAL_PLACE,
      [
        'touched down in Reykjavik in the flight sim',
        'finally reached Cairo in the game',
        'strolled round Hanoi on Street View',
        'my character is stuck in Bruges',
        'an in-game trip to Lima',
      ],
      ['landed in Reykjavik at noon', 'the game is at 3', 'a simple plan'],
    ],
    [
      'SARCASM',
      SARCASM,
      [
        'I love Mondays, said no one ever',
        'yeah right, like I am in Capri',
        'Me on holiday? As if.',
      ],
      ['right, I am in Capri', 'as if it were summer', 'everyone said it was great'],
    ],
    [
      'PAYMENT_IDIOM ("paid my dues" in a job, not a fee)',
      PAYMENT_IDIOM,
      ['I paid my dues at that agency', 'she paid her dues for years'],
      ['paid my union dues', 'paid the club dues on Monday'],
    ],
  ];

  itCoversEach(cases);

  it("isVocabularyWord: the model's own words, not names it has never seen", () => {
    expectMatches(
      isVocabularyWord,
      ['reading', 'paradise', 'mobile', 'split', 'orange'],
      ['lisbon', 'trondheim', 'osaka', 'Reading', 'new york'],
    );
  });
});

describe('lookupPlace (gazetteer)', () => {
  it('knows cities, regions, countries and alternate spellings', () => {
    expect(lookupPlace('Tbilisi')).not.toBeNull();
    expect(lookupPlace('Porto Alegre')?.kind).toBe('city');
    expect(lookupPlace('São Paulo')).not.toBeNull();
    expect(lookupPlace('Sao Paulo')?.name).toBe('São Paulo');
    expect(lookupPlace('Queensland')?.kind).toBe('region');
    expect(lookupPlace('Vietnam')?.kind).toBe('country');
    expect(lookupPlace('USA')?.kind).toBe('country');
    expect(lookupPlace('Hanoi, Vietnam')?.name).toBe('Hanoi');
  });

  it('knows the short name of a town named by one word and generic ones', () => {
    // "Steamboat Springs" → "Steamboat"; never from a hyphenated "Saint-X".
    expect(lookupPlace('Steamboat')).not.toBeNull();
    expect(lookupPlace('Python')).toBeNull();
  });

  it('does not take brands, venues or book parts for places', () => {
    for (const t of ['Starbucks', 'Chapter', 'Python', 'Blue Bottle', 'Zorvath Minor'])
      expect(lookupPlace(t), t).toBeNull();
  });
});

describe('analyseClause', () => {
  it.each([
    ['We drove up to Bergen on Sunday', 'past', 'statement', 'we', false],
    ['Amara will fly to Accra on Monday', 'future', 'statement', 'named', false],
    ["I'm not going to renew the lease", 'future', 'statement', 'speaker', true],
    ['Are you still in Quito?', 'present', 'question', 'addressee', false],
    ['If we skip Oslo we save a day', 'present', 'conditional', 'we', false],
    ['Please move my dentist appointment', 'present', 'imperative', 'none', false],
    ['The conference in Kigali was brilliant', 'past', 'statement', 'other', false],
    ['Book the hotel for Friday', 'present', 'imperative', 'none', false],
  ] as const)('%s', (text, tense, mood, subject, negated) => {
    const a = analyseClause(text);
    expect([a.tense, a.mood, a.subject.kind, a.negated]).toEqual([tense, mood, subject, negated]);
  });

  it('does not read a day abbreviation as a past-tense verb', () => {
    expect(analyseClause('Sat 9am: drive to the lake').tense).toBe('present');
    expect(analyseClause('Wed: dentist at 3').tense).toBe('present');
  });

  it('reads progressive aspect through an adverb and the predicate lemma', () => {
    const a = analyseClause("I'm currently flying to Perth");
    expect(a.aspect).toBe('progressive');
    expect(a.predicate).toBe('fly');
  });
});

describe('nounPhraseAt (open-vocabulary slugs)', () => {
  it('names a topic from the head noun a modifier belongs to', () => {
    const a = analyseClause('From now on I want evening trains');
    expect(nounPhraseAt(a, tokenIndexOf(a, 'evening'))?.head).toBe('train');
    const b = analyseClause('I prefer flights in the morning');
    expect(nounPhraseAt(b, tokenIndexOf(b, 'morning'))?.head).toBe('flight');
  });

  it('singularises the head', () => {
    expect(singularNoun('rehearsals')).toBe('rehearsal');
    expect(singularNoun('classes')).toBe('class');
    expect(singularNoun('bus')).toBe('bus');
  });
});
