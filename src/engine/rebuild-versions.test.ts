import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FOLD_VERSION } from '../pipeline/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, observation, toJsonl } from '../testing/index.js';
import { createEngine } from './create-engine.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An engine with committed state, and a way to change its live store behind the fold's back: the
 * rules versions on record, and (optionally) one slot.
 */
async function openWithState() {
  const dir = mkdtempSync(join(tmpdir(), 'verity-rebuild-versions-'));
  dirs.push(dir);
  const store = await createSqliteStore({ path: join(dir, 'verity.db') });
  const engine = await createEngine({
    home: dir,
    store,
    clock: createManualClock('2026-03-02T09:00:00Z'),
    ids: createSequentialIds(),
    items: { extractor: null },
    embeddings: { model: null },
  });
  await engine.ingest(
    toJsonl([
      observation({
        id: 1,
        field: 'profile.preference.seat',
        value: 'aisle',
        at: '2026-03-01T09:00:00Z',
      }),
    ]),
  );
  const tamper = async (versions: readonly string[], changeState: boolean) =>
    store.withWriteLock({ entities: [], global: true }, async (tx) => {
      await tx.putMeta('derived_by', [...versions]);
      if (!changeState) return;
      const [slot] = await tx.listSlots('user:primary');
      if (slot === undefined) throw new Error('no slot to change');
      await tx.putSlot({ ...slot, version: slot.version + 1 });
    });
  return { engine, tamper };
}

describe('rebuild --verify and the rules versions that folded live state', () => {
  it('records the version every fold ran with and verifies clean state', async () => {
    const { engine } = await openWithState();
    try {
      expect(await engine.rebuild({ verify: true })).toMatchObject({
        verified: true,
        version: FOLD_VERSION,
        live_versions: [FOLD_VERSION],
        difference: null,
      });
    } finally {
      await engine.close();
    }
  });

  it('calls a difference in state folded by other rules a version change', async () => {
    const { engine, tamper } = await openWithState();
    try {
      await tamper(['rules@0.0.1', FOLD_VERSION], true);
      expect(await engine.rebuild({ verify: true })).toMatchObject({
        verified: false,
        live_versions: ['rules@0.0.1', FOLD_VERSION],
        difference: 'version_change',
      });
      // Rebuilt, the state is this version's alone.
      await engine.rebuild();
      expect(await engine.rebuild({ verify: true })).toMatchObject({
        verified: true,
        live_versions: [FOLD_VERSION],
      });
    } finally {
      await engine.close();
    }
  });

  it('calls a difference in state these same rules folded a corruption', async () => {
    const { engine, tamper } = await openWithState();
    try {
      await tamper([FOLD_VERSION], true);
      expect(await engine.rebuild({ verify: true })).toMatchObject({
        verified: false,
        difference: 'corruption',
      });
    } finally {
      await engine.close();
    }
  });

  it('does not count the version record itself as a difference', async () => {
    const { engine, tamper } = await openWithState();
    try {
      await tamper(['rules@0.0.1'], false);
      expect(await engine.rebuild({ verify: true })).toMatchObject({
        verified: true,
        live_versions: ['rules@0.0.1'],
      });
    } finally {
      await engine.close();
    }
  });
});
