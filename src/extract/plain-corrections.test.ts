import { describe, expect, it } from 'vitest';
import { useTestEngine } from '../engine/__fixtures__/test-engine.js';
import { messageRecord } from '../testing/index.js';
import {
  asEntityReading,
  asReading,
  expectNothingRead,
  onRecord,
  readMessage,
} from './__fixtures__/read-chat.js';
import { createRuleExtractor } from './rule-extractor.js';
import type { EntityRegistry, KnownSlot } from './types.js';

// Issue #10, session 16: corrections and returns said in plain language. Every sentence here was
// written for this test (no benchmark file).

const AT = '2026-04-06T08:00:00Z'; // a Monday
// Out on Wednesday 8 April, back on Sunday 12 April.
const TRIP = onRecord({
  'travel.destination': 'Denver',
  'travel.status': 'planned',
  'travel.departure_date': '2026-04-08',
  'travel.return_date': '2026-04-12',
});

function corrections(text: string, known: readonly KnownSlot[] = TRIP): string[] {
  return readMessage(text, { at: AT, known })
    .filter((o) => o.correction)
    .map(asReading);
}

describe('a day said against the day on record', () => {
  it('moves the slot whose day falls on the contrasted weekday, to the nearest new weekday', () => {
    for (const text of [
      'Correction: our Denver flight is Thursday, not Wednesday.',
      "Oops, my flight's Thursday, not Wednesday!",
      'Thursday, not Wednesday.',
      'The flight out is not Wednesday but Thursday.',
    ]) {
      expect(corrections(text), text).toEqual(['travel.departure_date=2026-04-09 (strong)']);
    }
    expect(corrections('Sorry, the way back is Saturday, not Sunday.')).toEqual([
      'travel.return_date=2026-04-11 (strong)',
    ]);
    expect(corrections('our flight is Monday, not Wednesday')).toEqual([
      'travel.departure_date=2026-04-06 (strong)',
    ]);
  });

  it('keeps the time of a schedule entry and finds it by its own words', () => {
    const lesson = onRecord(
      {
        'family.schedule.swim_lesson': '2026-04-07 16:30',
        'family.schedule.dentist': '2026-04-09 09:00',
      },
      'family:reyes',
    );
    expect(corrections('No, the swim lesson is Friday, not Tuesday.', lesson)).toEqual([
      'family.schedule.swim_lesson=2026-04-10 16:30 (strong)',
    ]);
  });

  it('asks when the subject names the slot but its day is not the contrasted one', () => {
    const read = readMessage('My flight out is Friday, not Tuesday.', { at: AT, known: TRIP });
    expect(read.filter((o) => o.correction).map(asReading)).toEqual([
      'travel.departure_date=2026-04-10 (moderate)',
    ]);
  });

  it('reads nothing for a day nothing holds, a subject that is no slot, a hedge or a question', () => {
    expectNothingRead(
      (t) => corrections(t),
      [
        'Friday, not Tuesday.',
        'The party is Thursday, not Wednesday.',
        'Maybe Thursday, not Wednesday.',
        'Is the flight Thursday, not Wednesday?',
        'Thursday, not Wednesday?',
      ],
    );
    // Both the departure and a schedule entry fall on a Wednesday: which one is meant is unclear.
    const both = [...TRIP, ...onRecord({ 'family.schedule.book_club': '2026-04-08 19:00' })];
    expect(corrections('Thursday, not Wednesday.', both)).toEqual([]);
  });

  it('leaves a place the subject does not name as a trip', () => {
    const porto = onRecord({ 'travel.destination': 'Porto', 'travel.status': 'planned' });
    expect(corrections('The capital is Lisbon, not Porto.', porto)).toEqual([]);
    expect(corrections('Our trip is Braga, not Porto.', porto)).toEqual([
      'travel.destination=Braga (strong)',
    ]);
  });
});

const HOUSE: EntityRegistry = {
  members: { 'family:okoro': ['Nia', 'Tayo', 'Ife'] },
  we: {},
  aliases: {},
};
const AWAY = onRecord(
  { 'travel.destination': 'Lagos', 'travel.status': 'in_progress', 'travel.location': 'Lagos' },
  'user:tayo',
);

function said(text: string, speaker: string, known: readonly KnownSlot[] = AWAY): string[] {
  return readMessage(text, { at: AT, known, entityId: speaker, registry: HOUSE })
    .filter((o) => o.field.startsWith('travel.'))
    .map(asEntityReading);
}

describe('a return said by or about someone away', () => {
  it('ends the trip of a member another member says is back', () => {
    expect(said('Tayo got back home last night, all good.', 'user:nia')).toEqual([
      'user:tayo travel.status=completed (strong)',
      'user:tayo travel.location=home (strong)',
    ]);
  });

  it('stays second-hand for someone with no trip on record or outside the household', () => {
    expect(said('Ife is back home.', 'user:nia')).toEqual([
      'user:ife travel.status=completed (weak)',
      'user:ife travel.location=home (weak)',
    ]);
    expect(
      said(
        'Kofi is back home.',
        'user:nia',
        onRecord({ 'travel.status': 'in_progress' }, 'user:kofi'),
      ),
    ).toEqual([
      'user:kofi travel.status=completed (weak)',
      'user:kofi travel.location=home (weak)',
    ]);
  });

  it('reads "I\'m back" and "home!" as the end of the speaker\'s trip in progress', () => {
    expect(said('Finally home!', 'user:tayo')).toEqual([
      'user:tayo travel.status=completed (strong)',
      'user:tayo travel.location=home (strong)',
    ]);
    expect(said("The bus broke down twice but I'm back.", 'user:tayo')).toEqual([
      'user:tayo travel.status=completed (strong)',
      'user:tayo travel.location=home (strong)',
    ]);
    // Alone, "I'm back" may be back at the keyboard: asked, never committed.
    expect(said("I'm back.", 'user:tayo')).toEqual([
      'user:tayo travel.status=completed (moderate)',
      'user:tayo travel.location=home (moderate)',
    ]);
  });

  it('reads nothing of "I\'m back" with no trip in progress, or back somewhere else', () => {
    expect(said("I'm back.", 'user:nia')).toEqual([]);
    expect(said("I'm back at the hotel.", 'user:tayo')).toEqual([]);
    expect(said("I'm not back yet.", 'user:tayo')).toEqual([]);
    const planned = onRecord(
      { 'travel.destination': 'Lagos', 'travel.status': 'planned' },
      'user:tayo',
    );
    expect(said("I'm back.", 'user:tayo', planned)).toEqual([]);
  });

  it("never commits a trip's end for a member with no trip on record; where they are stays", () => {
    expect(said('Back home, Ife has a sprained wrist.', 'user:nia', [])).toEqual([
      'user:nia travel.status=completed (weak)',
      'user:nia travel.location=home (strong)',
    ]);
    // Coming back from a named place is a trip's end, trip on record or not.
    expect(said('We got back home from Accra.', 'user:nia', [])).toContain(
      'user:nia travel.status=completed (strong)',
    );
  });
});

describe("a member's return through the engine", () => {
  const t = useTestEngine('verity-household-return-', '2026-04-06T20:00:00Z', {
    embeddings: { model: null },
    extraction: { extractor: createRuleExtractor(), registry: HOUSE },
    items: { extractor: null },
  });

  it("reaches the trip of the member it names, from another member's message", async () => {
    const { engine } = t();
    await engine.ingest([
      messageRecord('home', 'm1', 'user', "Landed in Lagos, it's so hot.", '2026-04-02T10:00:00Z', {
        entity_id: 'user:tayo',
      }),
      messageRecord(
        'home',
        'm2',
        'user',
        'Tayo is back home, by the way.',
        '2026-04-06T19:00:00Z',
        {
          entity_id: 'user:nia',
        },
      ),
    ]);
    const read = async (field: string) => (await engine.getField('user:tayo', field)).value;
    expect(await read('travel.status')).toBe('completed');
    expect(await read('travel.location')).toBe('home');
  });
});

describe('a cancellation said by a member who has no trip', () => {
  const garda = onRecord(
    { 'travel.destination': 'Lake Garda', 'travel.status': 'planned' },
    'family:okoro',
  );
  const cancels = (text: string, known: readonly KnownSlot[] = garda) =>
    said(text, 'user:ife', known).filter((r) => r.includes('travel.status=cancelled'));

  it("cancels the household's trip, found by its destination's words or as the only one", () => {
    expect(cancels('The Garda holiday is off, Dad broke his ankle.')).toEqual([
      'family:okoro travel.status=cancelled (strong)',
    ]);
    expect(cancels('Our trip is cancelled.')).toEqual([
      'family:okoro travel.status=cancelled (strong)',
    ]);
  });

  it("stays the speaker's when the clause names another trip or two trips could be meant", () => {
    expect(cancels('The Vienna trip is off.')).toEqual([
      'user:ife travel.status=cancelled (strong)',
    ]);
    const two = [
      ...garda,
      ...onRecord({ 'travel.destination': 'Accra', 'travel.status': 'planned' }, 'user:tayo'),
    ];
    const teams = [
      ...garda,
      ...onRecord({ 'travel.destination': 'Accra', 'travel.status': 'planned' }, 'team:choir'),
    ];
    expect(cancels('The trip is off.', teams)).toEqual([
      'user:ife travel.status=cancelled (strong)',
    ]);
    // Another member's trip is theirs to cancel, or the speaker's to name ("Tayo's trip").
    expect(cancels('The Accra trip is off.', two)).toEqual([
      'user:ife travel.status=cancelled (strong)',
    ]);
    expect(cancels('The Garda trip is off.', two)).toEqual([
      'family:okoro travel.status=cancelled (strong)',
    ]);
  });

  it("keeps the speaker's own trip first", () => {
    const own = [
      ...garda,
      ...onRecord({ 'travel.destination': 'Kumasi', 'travel.status': 'planned' }, 'user:ife'),
    ];
    expect(cancels('The trip is off.', own)).toEqual(['user:ife travel.status=cancelled (strong)']);
  });
});
