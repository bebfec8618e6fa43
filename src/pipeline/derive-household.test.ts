import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../core/index.js';
import type { EntityRegistry, Extractor } from '../extract/index.js';
import { sampleSlot } from '../stores/conformance/sample-records.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';
import { ingest } from './index.js';

// What derive hands the extractor as `known` (issue #10): the thread's own slots, and of the
// household the speaker belongs to only its family slots, so the rules can find whose a schedule
// entry is without any other read of their own.

const REGISTRY: EntityRegistry = {
  members: { 'family:home': ['Dan', 'Rosa', 'Leo'], 'family:other': ['Ana'] },
  we: { 'user:dan': 'family:home' },
  aliases: {},
};

let store: Store;
/** What the extractor was handed, message by message. */
let seen: Parameters<Extractor['extract']>[0][];

/** An extractor that reads nothing and keeps what it was given. */
const recording: Extractor = {
  id: 'recording',
  version: '1',
  extract: async (input) => {
    seen.push(input);
    return ok({ intent: null, observations: [], retractsPrevious: false, unrecognised: [] });
  },
};

beforeEach(async () => {
  seen = [];
  store = await createSqliteStore({ path: ':memory:' });
  await store.withWriteLock({ entities: [], global: true }, async (tx) => {
    for (const [entity, field] of [
      ['family:home', 'family.schedule.leo_piano'],
      ['family:home', 'family.leo.status'],
      ['family:home', 'travel.status'],
      ['family:other', 'family.schedule.swim'],
      ['user:dan', 'profile.city'],
      ['user:rosa', 'family.schedule.yoga'],
    ] as const) {
      await tx.putSlot(sampleSlot(entity, field));
    }
  });
});

afterEach(async () => {
  await store.close();
});

/** The `entity field` pairs the extractor was given for one message in `entity`'s thread. */
async function knownFor(entity: string): Promise<string[]> {
  await ingest(
    {
      store,
      clock: createManualClock('2026-10-05T09:00:00Z'),
      ids: createSequentialIds(),
      writeMode: 'serial',
      extraction: { extractor: recording, registry: REGISTRY },
    },
    [
      messageRecord(`t-${entity}`, 'm1', 'user', 'Piano moved to Friday', '2026-10-05T09:00:00Z', {
        entity_id: entity,
      }),
    ],
  );
  return (seen[0]?.known ?? []).map((k) => `${k.entityId} ${k.field}`);
}

describe('the slots derive gives the extractor', () => {
  it("adds the household's family slots, and none of its other domains, to the speaker's own", async () => {
    expect(await knownFor('user:dan')).toEqual([
      'user:dan profile.city',
      'family:home family.leo.status',
      'family:home family.schedule.leo_piano',
    ]);
  });

  it('finds the household of a speaker the members list names, without a "we"', async () => {
    expect(await knownFor('user:rosa')).toEqual([
      'user:rosa family.schedule.yoga',
      'family:home family.leo.status',
      'family:home family.schedule.leo_piano',
    ]);
  });

  it("gives a group's own thread its own slots only", async () => {
    expect(await knownFor('family:home')).toEqual([
      'family:home family.leo.status',
      'family:home family.schedule.leo_piano',
      'family:home travel.status',
    ]);
  });

  it('gives a speaker in no household their own slots only', async () => {
    expect(await knownFor('user:primary')).toEqual([]);
  });
});
