import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';
import {
  DOCUMENT_PART,
  GEOGRAPHIC_FEATURE,
  RELATIONAL_NOUN,
  THIRD_PARTY_POSSESSOR,
  TRIP_EXPERIENCE,
  VENUE,
} from './lexicon.js';
import { nounPhraseAt, singularNoun, tokenIndexOf } from './noun-phrase.js';
import { lookupPlace } from './places.js';

// Sentences written for these tests; none is in a benchmark file.

describe('lexicon entries, each with the phenomenon it covers', () => {
  it('VENUE: everyday venues and occasions', () => {
    expect(VENUE.phenomenon).toMatch(/venue/);
    for (const t of ['the gym after work', 'lunch with Dana', 'my dentist', 'the post office'])
      expect(VENUE.pattern.test(t), t).toBe(true);
    for (const t of ['Lisbon', 'the Azores', 'Officeville'])
      expect(VENUE.pattern.test(t), t).toBe(false);
  });

  it('RELATIONAL_NOUN: people and pets named by relation to someone', () => {
    expect(RELATIONAL_NOUN.phenomenon).toMatch(/relation/);
    for (const t of ['friend', 'neighbours', 'boss', 'grandma', 'dog'])
      expect(RELATIONAL_NOUN.pattern.test(t), t).toBe(true);
    for (const t of ['fever', 'recital', 'Friedrich'])
      expect(RELATIONAL_NOUN.pattern.test(t), t).toBe(false);
  });

  it("THIRD_PARTY_POSSESSOR: 'his', 'their', \"X's\" at the head of a noun phrase", () => {
    for (const t of [' their launch', ' his invoice', " the bakery's lease", " the twins' party"])
      expect(THIRD_PARTY_POSSESSOR.pattern.test(t), t).toBe(true);
    for (const t of [' our launch', ' my invoice', " it's done", ' the lease'])
      expect(THIRD_PARTY_POSSESSOR.pattern.test(t), t).toBe(false);
  });

  it('DOCUMENT_PART: parts of books, courses and shows', () => {
    for (const t of ['Chapter 11', 'Module 4', 'Season 2', 'Act III'])
      expect(DOCUMENT_PART.pattern.test(t), t).toBe(true);
    expect(DOCUMENT_PART.pattern.test('Chapel Hill')).toBe(false);
  });

  it('TRIP_EXPERIENCE: evaluations of a trip, not status changes', () => {
    for (const t of [
      'the road trip got off to a rough start',
      'our weekend away was a disaster',
      'the cruise went well',
    ])
      expect(TRIP_EXPERIENCE.pattern.test(t), t).toBe(true);
    expect(TRIP_EXPERIENCE.pattern.test('the trip is off')).toBe(false);
  });

  it('GEOGRAPHIC_FEATURE: named lakes, mountains, islands and parks', () => {
    for (const t of [
      'Lake Bled',
      'Mount Rainier',
      'Isle of Skye',
      'Banff National Park',
      'Amalfi Coast',
    ])
      expect(GEOGRAPHIC_FEATURE.test(t), t).toBe(true);
    for (const t of ['Starbucks', 'Lakeside Diner'])
      expect(GEOGRAPHIC_FEATURE.test(t), t).toBe(false);
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
