import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import type { Engine } from '../engine/types.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';
import { readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

const U = 'user:primary';
const ON_RECORD: KnownSlot[] = [
  { entityId: U, field: 'travel.destination', value: 'Portland' },
  { entityId: U, field: 'travel.status', value: 'planned' },
  { entityId: U, field: 'travel.departure_date', value: '2026-03-04' },
  { entityId: U, field: 'travel.return_date', value: '2026-03-09' },
];

/** The trip dates a user chat message reads, as `field=value`. */
function dates(text: string, role: 'user' | 'assistant' = 'user'): string[] {
  return readMessage(text, { at: '2026-02-10T09:00:00Z', role, known: ON_RECORD })
    .filter((o) => o.field.endsWith('_date'))
    .map((o) => `${o.field}=${o.value}`);
}

describe('a correction of one date of the trip on record', () => {
  it('moves the date it names', () => {
    expect(dates('Correction: we leave March 5, not the 4th.')).toEqual([
      'travel.departure_date=2026-03-05',
    ]);
    expect(dates('Sorry, I meant March 5 for departure.')).toEqual([
      'travel.departure_date=2026-03-05',
    ]);
    expect(dates("Actually we're back on the 10th.")).toEqual(['travel.return_date=2026-03-10']);
    expect(dates('Correction: the return is March 11, not March 9.')).toEqual([
      'travel.return_date=2026-03-11',
    ]);
  });

  it('reads nothing without a cue of the own trip, a contrasted date on record or a plain statement', () => {
    for (const text of [
      'Correction: we leave March 5, not the 7th.',
      'Maybe we leave March 5, not the 4th.',
      'Sorry, I meant March 5 for the museum.',
      'Correction: the gallery opens March 5, not the 4th.',
      'Sorry, my sister is leaving March 5.',
      'Sorry, do we leave March 5?',
      'Actually we leave next week.',
      'Oops, not the 4th, the 5th.',
      'Sorry, we leave March 5 and come back March 10.',
    ]) {
      expect(dates(text), text).toEqual([]);
    }
    expect(dates('Correction: you leave March 5, not the 4th.', 'assistant')).toEqual([]);
  });
});

describe('a trip date correction through the engine', () => {
  const open: { engine: Engine; dir: string }[] = [];
  afterEach(async () => {
    for (const { engine, dir } of open.splice(0)) {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves the departure and keeps the destination, status and return', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-redate-'));
    const clock = createManualClock('2026-02-10T09:00:00Z');
    const engine = await createEngine({
      home: join(dir, 'home'),
      clock,
      ids: createSequentialIds(),
      embeddings: { model: null },
    });
    open.push({ engine, dir });
    const says = [
      'I booked a trip to Portland, leaving March 4 and back March 9.',
      'Correction: we leave March 5, not the 4th.',
    ];
    for (const [index, content] of says.entries()) {
      const at = new Date(clock.now()).toISOString();
      clock.advance(60_000);
      await engine.ingest([messageRecord('t1', `m${index + 1}`, 'user', content, at)]);
    }
    const trip: Record<string, string | null> = {};
    for (const { field } of ON_RECORD) trip[field] = (await engine.getField(U, field)).value;
    expect(trip).toEqual({
      'travel.destination': 'Portland',
      'travel.status': 'planned',
      'travel.departure_date': '2026-03-05',
      'travel.return_date': '2026-03-09',
    });
  });
});
