import { describe, expect, it } from 'vitest';
import { onRecord, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Rules generalised from development-fitted phrases (issue #10 §4), each with sentences written
// for this test (in no benchmark file).

function read(text: string, entityId = 'user:primary', known: KnownSlot[] = [], source = 'chat') {
  const observations = readMessage(text, { at: '2026-09-14T08:00:00Z', source, entityId, known });
  return Object.fromEntries(observations.map((o) => [`${o.entityId} ${o.field}`, o.value]));
}

describe('generalised rules', () => {
  it('reads "back on track" about the project in play', () => {
    const known = onRecord({ 'project.search_reindex.status': 'blocked' }, 'team:atlas');
    expect(
      read("The search reindex is back on track, we're back on it", 'team:atlas', known),
    ).toEqual({ 'team:atlas project.search_reindex.status': 'in_progress' });
  });

  it('names a project without the report label in front of it', () => {
    const out = read('Daily update, the data warehouse migration is blocked', 'team:atlas');
    expect(out['team:atlas project.data_warehouse_migration.status']).toBe('blocked');
  });

  it('does not read a nameless time of day into a meeting time', () => {
    expect(read('From now on, mornings please')).toEqual({});
  });

  it('reads a schedule event of any activity name moved between weekdays', () => {
    expect(
      read("Tomás's pottery class moves from Monday to Thursday at 5", 'family:reyes'),
    ).toEqual({ 'family:reyes family.schedule.pottery_class': '2026-09-17 17:00' });
  });
});
