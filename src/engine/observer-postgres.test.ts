import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { derivedHash } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import { useBothStores, withObservingEngine } from './__fixtures__/both-stores.js';

const CLAUDE = readFileSync(
  new URL('../observer/__fixtures__/claude-code-session.jsonl', import.meta.url),
  'utf8',
);

const onBothStores = useBothStores('verity-observer-pg-');

async function scenario(store: Store, home: string): Promise<string> {
  return withObservingEngine(store, home, '2026-03-02T18:00:00Z', async (engine) => {
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
  });
}

describe('observer state on both stores', () => {
  it('derives the same state on SQLite and PostgreSQL (PGlite) from the same captures', async () => {
    const { sqlite, postgres } = await onBothStores('observer', scenario);
    expect(postgres).toBe(sqlite);
  });
});
