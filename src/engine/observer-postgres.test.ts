import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { derivedHash } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import { createPostgresStore } from '../stores/postgres/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createEngine } from './create-engine.js';

const CLAUDE = readFileSync(
  new URL('../observer/__fixtures__/claude-code-session.jsonl', import.meta.url),
  'utf8',
);

let dir: string;
let pglite: PGlite;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-observer-pg-'));
  pglite = await PGlite.create({ extensions: { vector } });
});

afterAll(async () => {
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scenario(store: Store, name: string): Promise<string> {
  const engine = await createEngine({
    home: join(dir, name),
    store,
    clock: fixedClock(Date.parse('2026-03-02T18:00:00Z')),
    embeddings: { model: null },
    extraction: null,
    observer: { workspace: join(dir, name, 'workspace') },
  });
  try {
    const first = await engine.observer.capture({
      text: CLAUDE,
      trigger: 'compaction',
      observe: 'sync',
    });
    const again = await engine.observer.capture({
      text: CLAUDE,
      trigger: 'compaction',
      observe: 'sync',
    });
    expect([first.status, again.status]).toEqual(['captured', 'duplicate']);
    const reflected = await engine.observer.reflect();
    const rule = reflected.proposals.find((p) => p.text.includes('nginx -t'));
    if (!rule) throw new Error('expected the nginx rule to be proposed');
    await engine.observer.resolveProposal(rule.proposal_id, 'approve');
    expect((await engine.observer.listMemory()).map((m) => m.memory_id)).toEqual([
      `m-${rule.proposal_id.slice(2)}`,
    ]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    return derivedHash(await store.exportDerived());
  } finally {
    await engine.close();
  }
}

describe('observer state on both stores', () => {
  it('derives the same state on SQLite and PostgreSQL (PGlite) from the same captures', async () => {
    const sqlite = await scenario(
      await createSqliteStore({ path: join(dir, 'observer.db') }),
      'sqlite',
    );
    const postgres = await scenario(
      await createPostgresStore({ pglite, schema: 'observer_pg' }),
      'postgres',
    );
    expect(postgres).toBe(sqlite);
  });
});
