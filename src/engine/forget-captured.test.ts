import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivedHash } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import { createPostgresStore } from '../stores/postgres/index.js';
import { useBothStores, withObservingEngine } from './__fixtures__/both-stores.js';
import { captureNow } from './__fixtures__/observed-session.js';
import { entryId, unnumberedTranscript } from './__fixtures__/transcript.js';
import type { Engine } from './index.js';

const url = process.env['VERITY_TEST_PG_URL'];

/** A Verity transcript without message ids: Verity derives them (`ID[n]` is the nth one's). */
const SESSION = unnumberedTranscript('2026-06-10T08:', [
  ['user', 'Our team moved the weekly sync to Tuesday mornings.'],
  ['assistant', 'Got it, Tuesday mornings for the sync.'],
  ['user', 'My cousin Bertrand breeds alpacas near Tarbes.'],
  ['assistant', "What's the code for the bike shed now?"],
  ['user', '6803'],
  ['user', 'We decided to drop the legacy importer in June.'],
]);
const ID = (n: number): string => entryId(SESSION, n);

const onBothStores = useBothStores('verity-forget-captured-');

/**
 * The ledger's payloads, their ids and digests left out: a hex digest or id holds a run like
 * "6803" now and then by chance, and says nothing of what the ledger keeps of a message.
 */
const ledgerText = async (engine: Engine): Promise<string> =>
  JSON.stringify((await engine.readLedger(0, 1000)).map((e) => e.payload))
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/[0-9a-f]{32,}/g, '<digest>');

const searched = async (engine: Engine, query: string): Promise<string> =>
  JSON.stringify((await engine.search(query, { mode: 'text' })).hits);

/** Capture, reflect, forget two captured entries; returns the derived hash afterwards. */
async function scenario(engine: Engine, store: Store, home: string): Promise<string> {
  const workspace = join(home, 'workspace');
  const captured = await captureNow(engine, SESSION, 's1');
  expect(captured.status).toBe('captured');
  await engine.observer.reflect();
  expect(await searched(engine, 'Bertrand alpacas')).toContain(ID(3));
  expect(JSON.stringify(await engine.observer.listProposals('all'))).toContain('Bertrand');
  expect(readFileSync(join(workspace, 'memory', '2026-06-10.md'), 'utf8')).toContain('Bertrand');
  // The reply is kept in the capture's event, and indexed masked: its value finds nothing.
  expect(await ledgerText(engine)).toContain('6803');
  expect(await searched(engine, '6803')).toBe('[]');

  const forgotten = await engine.forget({
    kind: 'message',
    threadId: 'session:s1',
    messageId: ID(3),
  });
  expect(forgotten.redacted).toBeGreaterThan(0);
  for (const query of ['Bertrand', 'alpacas Tarbes']) {
    expect(await searched(engine, query)).toBe('[]');
  }
  expect(await ledgerText(engine)).not.toContain('Bertrand');
  expect(JSON.stringify(await engine.observer.listProposals('all'))).not.toContain('Bertrand');
  expect(JSON.stringify(await engine.observer.ask('who breeds alpacas?'))).not.toContain(
    'Bertrand',
  );
  const log = readFileSync(join(workspace, 'memory', '2026-06-10.md'), 'utf8');
  expect(log).not.toContain('Bertrand');
  expect(log).toContain('legacy importer');
  // The neighbours stay, as messages and as observations.
  expect(await searched(engine, 'weekly sync Tuesday')).toContain(ID(1));
  expect(await searched(engine, 'legacy importer')).toContain(ID(6));

  // Forgetting the question takes the bare reply it made secret with it.
  await engine.forget({ kind: 'message', threadId: 'session:s1', messageId: ID(4) });
  expect(await searched(engine, '6803')).toBe('[]');
  expect(await ledgerText(engine)).not.toContain('6803');

  // A redelivered transcript is the capture it repeats: nothing comes back.
  const again = await captureNow(engine, SESSION, 's1');
  expect(again.status).toBe('duplicate');
  expect(await searched(engine, 'Bertrand')).toBe('[]');
  expect(await ledgerText(engine)).not.toContain('Bertrand');
  await expect(
    engine.forget({ kind: 'message', threadId: 'session:s1', messageId: ID(3) }),
  ).rejects.toMatchObject({ code: 'NOT_FOUND' });

  // A captured session emptied by the forget is marked shared, as a forgotten message's thread is.
  const lone = unnumberedTranscript(
    '2026-06-10T08:',
    [['user', 'Only one line in this session about the sailing club.']],
    20,
  );
  await captureNow(engine, lone, 's2');
  await engine.forget({ kind: 'message', threadId: 'session:s2', messageId: entryId(lone, 1) });
  const marks = (await engine.readLedger(0, 1000)).filter((e) => e.type === 'thread.shared');
  expect(marks.map((e) => e.payload['thread_id'])).toEqual(['session:s2']);

  expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  return derivedHash(await store.exportDerived());
}

/** The scenario on `store` with an observing engine at `home`, the clock at 09:00 that day. */
const erase = (store: Store, home: string): Promise<string> =>
  withObservingEngine(store, home, '2026-06-10T09:00:00Z', (e) => scenario(e, store, home));

describe('forget --message of a captured entry (engine)', () => {
  it('erases it on SQLite and on PostgreSQL (PGlite), to the same derived state', async () => {
    const { sqlite, postgres } = await onBothStores('forget_captured', erase);
    expect(postgres).toBe(sqlite);
  });

  it.skipIf(url === undefined)('erases it on a real PostgreSQL server', async () => {
    const schema = `forget_captured_${process.pid}`;
    const store = await createPostgresStore({ url: url ?? '', schema });
    const home = mkdtempSync(join(tmpdir(), 'verity-forget-captured-server-'));
    try {
      await erase(store, home);
    } finally {
      rmSync(home, { recursive: true, force: true });
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
