import { describe, expect, it } from 'vitest';
import { useTestEngine } from '../engine/__fixtures__/test-engine.js';
import { messageRecord } from '../testing/index.js';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';
import { createRuleExtractor } from './rule-extractor.js';
import type { EntityRegistry, KnownSlot } from './types.js';

// Issue #10, session 16: an event's new time said with a pronoun, and days that are when an event
// is rather than what it is called. Every sentence was written for this test.

const HOUSE: EntityRegistry = {
  members: { 'family:lind': ['Elsa', 'Nils', 'Freya'] },
  we: {},
  aliases: {},
};
const AT = '2026-05-12T18:00:00Z'; // a Tuesday
const stated = (field: string, value: string, at: string): KnownSlot => ({
  entityId: 'family:lind',
  field,
  value,
  at,
});
const RECITAL = stated('family.schedule.recital', '2026-05-14 17:00', '2026-05-12T17:40:00Z');

function read(text: string, known: readonly KnownSlot[], speaker = 'user:nils'): string[] {
  return readMessage(text, { at: AT, known, entityId: speaker, registry: HOUSE })
    .filter((o) => o.field.startsWith('family.'))
    .map((o) => `${asEntityReading(o)}${o.correction ? ' correction' : ''}`);
}

describe('a new time for "it", the event stated just before', () => {
  it('moves that event, keeping its day when only a time is said', () => {
    for (const text of [
      'Heads up, the teacher moved it to 6pm.',
      "It's at 6pm now.",
      'They pushed it back to 6pm.',
    ]) {
      expect(read(text, [RECITAL]), text).toEqual([
        'family:lind family.schedule.recital=2026-05-14 18:00 (strong) correction',
      ]);
    }
    expect(read('They moved it to Friday at 4pm.', [RECITAL])).toEqual([
      'family:lind family.schedule.recital=2026-05-15 16:00 (strong) correction',
    ]);
  });

  it('reads nothing when the referent is old, not unique, a trip, or no time is said', () => {
    const old = stated('family.schedule.recital', '2026-05-14 17:00', '2026-05-10T09:00:00Z');
    const dentist = stated('family.schedule.dentist', '2026-05-13 08:30', '2026-05-12T17:50:00Z');
    const flight: KnownSlot = {
      entityId: 'user:nils',
      field: 'travel.departure_date',
      value: '2026-05-14',
      at: '2026-05-12T17:55:00Z',
    };
    expect(read('The teacher moved it to 6pm.', [old])).toEqual([]);
    expect(read('The teacher moved it to 6pm.', [RECITAL, dentist])).toEqual([]);
    expect(read('They moved it to 6pm.', [RECITAL, flight])).toEqual([]);
    expect(read("It's at 6pm.", [RECITAL])).toEqual([]);
    expect(read('I moved it to the shed.', [RECITAL])).toEqual([]);
    expect(read("They didn't move it to 6pm.", [RECITAL])).toEqual([]);
    expect(read('Did they move it to 6pm?', [RECITAL])).toEqual([]);
  });
});

describe('a day inside an event phrase', () => {
  it('goes to the value, never into the slot name', () => {
    const at = { at: AT, entityId: 'family:lind', registry: HOUSE };
    const said = (text: string) => readMessage(text, at).map(asEntityReading);
    expect(said("Freya's gymnastics meet on Saturday is at 10am.")).toEqual([
      'family:lind family.schedule.gymnastics_meet=2026-05-16 10:00 (strong)',
    ]);
    expect(said('The chess club tomorrow is at 4.')).toEqual([
      'family:lind family.schedule.chess_club=2026-05-13 16:00 (strong)',
    ]);
    // A weekday without "on" may be what a weekly class is called.
    expect(said('Saturday art is at 10am.')[0]).toMatch(/family\.schedule\.saturday_art=/);
  });
});

describe('a pronoun move through the engine', () => {
  const t = useTestEngine('verity-pronoun-move-', '2026-05-12T18:30:00Z', {
    embeddings: { model: null },
    extraction: { extractor: createRuleExtractor(), registry: HOUSE },
    items: { extractor: null },
  });

  it('moves the event another member stated just before, not a new slot', async () => {
    const { engine } = t();
    await engine.ingest([
      messageRecord(
        'fam',
        'm1',
        'user',
        "Freya's recital on Thursday is at 5pm.",
        '2026-05-12T17:40:00Z',
        {
          entity_id: 'user:elsa',
        },
      ),
      messageRecord(
        'fam',
        'm2',
        'user',
        'No, the teacher moved it to 6pm.',
        '2026-05-12T18:00:00Z',
        {
          entity_id: 'user:nils',
        },
      ),
    ]);
    const view = await engine.getEntity('family:lind');
    const schedule = Object.keys(view.state).filter((f) => f.startsWith('family.schedule.'));
    expect(schedule).toEqual(['family.schedule.recital']);
    expect((await engine.getField('family:lind', 'family.schedule.recital')).value).toBe(
      '2026-05-14 18:00',
    );
  });
});
