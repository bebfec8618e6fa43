import { describe, expect, it } from 'vitest';
import {
  correctionReader,
  expectNothingRead,
  expectSameReadings,
  onRecord,
  readMessage,
} from './__fixtures__/read-chat.js';
import { ingestUserMessages, useRulesEngine } from './__fixtures__/rules-engine.js';

const ON_RECORD = onRecord({
  'travel.destination': 'Porto',
  'travel.status': 'planned',
  'travel.departure_date': '2026-06-12',
  'profile.preference.hotel': 'the Ritz',
});

const corrections = correctionReader('2026-06-01T09:00:00Z', ON_RECORD);

describe('a contrastive correction of a value on record', () => {
  it('replaces the contrasted value, whatever opens the sentence', () => {
    expectSameReadings(
      corrections,
      [
        'Sorry, I meant Braga, not Porto.',
        'correction: Braga, not Porto',
        "Actually it's Braga not Porto!",
        'oops braga, not porto',
        'no, make that Braga, not Porto.',
      ],
      ['travel.destination=Braga (strong)'],
    );
    expect(corrections('it should be the Savoy, not the Ritz')).toEqual([
      'profile.preference.hotel=Savoy (strong)',
    ]);
  });

  it('reads nothing when the phrase before "not" is a stance, a hedge or not a value', () => {
    expectNothingRead(corrections, [
      'Maybe Braga, not Porto.',
      'Next time Braga, not Porto.',
      'Yes Braga, not Porto.',
      'Definitely Braga, not Porto.',
      "I'd say Braga, not Porto.",
      'Braga probably, not Porto.',
      'Dinner with Ana, not Porto.',
      'Lunch with Ana, not the Ritz.',
    ]);
    const owner = onRecord({ 'project.launch.owner': 'Sam' }, 'team:core');
    expect(corrections('Ana, not Sam.', owner)).toEqual([]);
    const turn = (role: 'user' | 'assistant') =>
      readMessage('Braga, not Porto.', {
        at: '2026-06-01T09:00:00Z',
        role,
        known: ON_RECORD,
      }).filter((o) => o.correction).length;
    expect(turn('user')).toBe(1);
    expect(turn('assistant')).toBe(0);
  });

  it('asks nothing of a value held by unrelated fields at once', () => {
    const twice = onRecord({
      'profile.preference.hotel': 'Ritz',
      'profile.preference.bar': 'Ritz',
    });
    expect(corrections('Savoy, not Ritz.', twice)).toEqual([]);
  });

  it('reads nothing when nothing on record holds the contrasted value, or when asked', () => {
    expectNothingRead(corrections, [
      'Braga, not Lisbon.',
      'Braga, not Porto?',
      'pizza, not pasta',
      'we want Braga, not Porto',
      'Braga, not Porto, and not Faro either, we never decided anything',
    ]);
    expect(corrections('Braga, not Porto.', [])).toEqual([]);
  });

  it('leaves statuses, dates and amounts to their own rules', () => {
    expect(corrections('cancelled, not planned')).toEqual([]);
    expect(corrections('Friday, not 2026-06-12')).toEqual([]);
  });
});

describe('a correction in the next message, through the engine', () => {
  const t = useRulesEngine('verity-contrast-', '2026-06-01T09:05:00Z');

  it('moves the destination and keeps the dates and status of the trip', async () => {
    const { engine } = t();
    await ingestUserMessages(engine, [
      ["We're flying to Porto on Friday June 12, back Sunday.", '2026-06-01T09:00:00Z'],
      ['Sorry, I meant Braga, not Porto.', '2026-06-01T09:01:00Z'],
    ]);
    const read = async (field: string) => (await engine.getField('user:primary', field)).value;
    expect(await read('travel.destination')).toBe('Braga');
    expect(await read('travel.status')).toBe('planned');
    expect(await read('travel.departure_date')).toBe('2026-06-12');
    expect(await read('travel.return_date')).toBe('2026-06-14');
  });
});
