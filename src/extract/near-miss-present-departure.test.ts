import { describe, expect, it } from 'vitest';
import { feedUserMessages, useTestEngine } from '../engine/__fixtures__/test-engine.js';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A departure said in the present simple of a schedule ("We now leave on Dec 12."): the speaker's
// trip leaves that day. Near-misses first (issue #10, the session-13 protocol): the same "<I/we>
// leave <…> <date>" with an object (the office, reviews, it), another subject, a mood, a
// negation or a past must change no slot. Every sentence was written for this test (in no
// benchmark file).

// Tuesday 1 December 2026; a trip to Kyoto leaving on the 10th is on record.
const AT = '2026-12-01T15:00:00Z';
const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Kyoto' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-12-10' },
  { entityId: 'user:primary', field: 'travel.return_date', value: '2026-12-18' },
];

/** Readings of the trip's dates that would commit or ask (not weak, a state-changing intent). */
function dates(text: string): string[] {
  return readMessage(text, { at: AT, known: TRIP })
    .filter((o) => o.evidence !== 'weak' && (o.intent === 'assertive' || o.intent === 'planning'))
    .filter((o) => o.field.endsWith('_date'))
    .map((o) => `${o.entityId} ${asReading(o)}`);
}

describe('a departure in the present simple: near-misses', () => {
  it('changes no date when "leave" has an object or is a noun', () => {
    for (const text of [
      'We now leave the office at 5 on Dec 12.',
      'I leave work early on the 12th.',
      'I leave reviews on the 12th every month.',
      'we now leave comments on the 12th',
      'we leave it until the 12th',
      'My leave starts on Dec 12.',
      'The bus leaves on Dec 12.',
    ]) {
      expect(dates(text), text).toEqual([]);
    }
  });

  it('changes no date for another person, a question, a condition, a negation or a past', () => {
    for (const text of [
      'my parents now leave on Dec 12',
      'do we leave on Dec 12?',
      'if we leave on Dec 12 we miss the party',
      "we don't leave on Dec 12",
      'we left on Dec 12 last year',
      'we always leave on a Friday',
    ]) {
      expect(dates(text), text).toEqual([]);
    }
  });

  it('changes no date when the speaker leaves for somewhere that is no place, or at a time', () => {
    // Found by probing the first version of the reading with sentences of my own.
    for (const text of [
      'I leave for work at 8 on Monday',
      'I leave to pick up the kids on Friday',
      'we leave from the office at 5 tomorrow',
      'I leave at 6 tomorrow',
      'I leave on maternity leave on Dec 12',
    ]) {
      expect(dates(text), text).toEqual([]);
    }
  });

  it('commits no date without a trip on record', () => {
    const read = readMessage('we leave on the 12th', { at: AT, known: [] });
    expect(read.filter((o) => o.evidence !== 'weak')).toEqual([]);
  });
});

describe('a departure in the present simple: positives', () => {
  const leaves = ['user:primary travel.departure_date=2026-12-12 (strong)'];
  it('reads the new departure day, in several registers', () => {
    for (const text of [
      'We now leave on Dec 12.',
      'we leave on the 12th now',
      'i now depart dec 12',
      'update: we fly out on Dec 12',
      'We leave for Kyoto on Dec 12 now.',
    ]) {
      expect(dates(text), text).toEqual(leaves);
    }
  });
});

const t = useTestEngine('verity-present-departure-', '2026-02-10T09:00:00Z', {
  embeddings: { model: null },
});

describe('a departure in the present simple, through the engine', () => {
  it('moves the departure of the trip on record and keeps the rest', async () => {
    await feedUserMessages(t(), [
      'I booked a trip to Kyoto, leaving March 4 and back March 9.',
      'We now leave on March 6.',
    ]);
    const value = async (field: string) => {
      const view = await t().engine.getField('user:primary', field);
      return view.status === 'committed' ? view.value : view.status;
    };
    expect(await value('travel.departure_date')).toBe('2026-03-06');
    expect(await value('travel.return_date')).toBe('2026-03-09');
    expect(await value('travel.destination')).toBe('Kyoto');
  });
});
