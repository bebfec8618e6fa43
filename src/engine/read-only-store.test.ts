import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../core/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';
import { createEngine, extractionStalls } from './index.js';
import type { Engine } from './types.js';

// Issue #12 item 6: a store the process may not write is still readable. File permissions are
// tested in stores/sqlite and the CLI (as a non-root user); here the readonly open flag stands in.

const NOW = '2026-02-19T15:00:00Z';
let dir: string;
let engine: Engine | null = null;

function message(id: string, content: string) {
  return messageRecord('t', id, 'user', content, NOW);
}

async function openEngine(readOnly: boolean): Promise<Engine> {
  const store = await createSqliteStore({ path: join(dir, 'home', 'verity.db'), readOnly });
  engine = await createEngine({
    home: join(dir, 'home'),
    store,
    clock: createManualClock(NOW),
    ids: createSequentialIds(),
    embeddings: { model: null },
  });
  return engine;
}

/** The names in the store's schema, as a writable open sees them (uncheckpointed writes too). */
async function schema(): Promise<readonly string[]> {
  const store = await createSqliteStore({ path: join(dir, 'home', 'verity.db') });
  try {
    const rows = store.client.prepare('SELECT name FROM sqlite_master ORDER BY name').all();
    return rows.map((row) => (row as { name: string }).name);
  } finally {
    await store.close();
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-read-only-'));
  const writer = await openEngine(false);
  const report = await writer.ingest([message('m1', "We're in Tahoe now, back Monday.")]);
  expect(report.applied).toBe(1);
  await writer.close();
  engine = null;
});

afterEach(async () => {
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an engine on a read-only store', () => {
  it('answers the reading commands as on a writable one', async () => {
    const reader = await openEngine(true);
    const entity = await reader.getEntity('user:primary');
    expect(JSON.stringify(entity)).toContain('Tahoe');
    const explanation = await reader.explain('user:primary', 'travel.location');
    expect(JSON.stringify(explanation)).toContain('Tahoe');
    expect((await reader.history('user:primary')).length).toBeGreaterThan(0);
    expect((await reader.stats()).events).toBeGreaterThan(0);
    const found = await reader.search('Tahoe');
    expect(JSON.stringify(found)).toContain('Tahoe now');
    const context = await reader.buildContext({ entity: 'user:primary', thread: 't' });
    expect(JSON.stringify(context)).toContain('Tahoe');
  });

  it('lists its jobs for stats without writing the store, and closes cleanly', async () => {
    // The writer above ran no background job, so the file has no job tables yet.
    const before = await schema();
    const reader = await openEngine(true);
    const stalls = await extractionStalls(reader);
    expect(stalls.jobs_error).toBeNull();
    expect(stalls.jobs).toMatchObject({ queued: 0, retrying: 0, failed: 0 });
    await reader.close();
    engine = null;
    expect(await schema()).toEqual(before);
  });

  it('refuses to queue a job with a clear read-only error', async () => {
    const reader = await openEngine(true);
    const error = await (await reader.jobs()).enqueue('mail', {}).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).details['readOnly']).toBe(true);
    expect((error as EngineError).message).toMatch(/read-only/);
  });

  it('refuses to ingest with a clear read-only error and keeps the ledger as it was', async () => {
    const reader = await openEngine(true);
    const before = (await reader.stats()).events;
    const error = await reader.ingest([message('m2', "We're in Reno now.")]).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).details['readOnly']).toBe(true);
    expect((error as EngineError).message).toMatch(/read-only/);
    expect((await reader.stats()).events).toBe(before);
  });
});
