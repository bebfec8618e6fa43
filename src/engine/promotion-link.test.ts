import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../ledger/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/sqlite-store.js';
import { transcriptLine } from '../testing/index.js';
import { captureNow } from './__fixtures__/observed-session.js';
import { closeTestEngine, observerOnly, proposalsFromSession } from './__fixtures__/test-engine.js';
import { createEngine } from './create-engine.js';
import type { Engine } from './types.js';

/** A transcript line written at 09:`minute` on 2026-03-02 (UTC). */
const line = (id: string, role: string, content: string, minute: number): string =>
  transcriptLine(id, role, content, new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString());

const SESSION = [
  line('m1', 'user', 'From now on always run `nginx -t` before reloading nginx.', 0),
  line('m2', 'user', 'We decided to keep Redis 7.2 as the session store.', 2),
].join('\n');

/** Every ledger payload that still carries `needle` (redacted payloads are tombstones). */
async function payloadsWith(store: Store, needle: string): Promise<string[]> {
  const events = await store.readEvents(0, 10_000);
  return events
    .filter((e) => JSON.stringify(e.payload).includes(needle))
    .map((e) => `${e.type}${e.redacted ? ' (redacted)' : ''}`);
}

/** Promotion into MEMORY.md and the vault's memories are one list (`verity memories list`). */
describe('promotion link', () => {
  let dir: string;
  let store: Store;
  let engine: Engine;
  let now: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-promotion-link-'));
    mkdirSync(join(dir, 'notes'), { recursive: true });
    writeFileSync(join(dir, 'notes', 'redis.md'), '# Redis\n\nSessions live in Redis 7.2.\n');
    now = Date.parse('2026-03-02T18:00:00Z');
    store = await createSqliteStore({ path: join(dir, 'verity.db') });
    engine = await createEngine({
      home: join(dir, 'home'),
      store,
      clock: { now: () => now },
      ...observerOnly()(dir),
    });
    await engine.vault.addRoot(join(dir, 'notes'));
    await engine.vault.index();
  });

  afterEach(() => closeTestEngine({ dir, engine }));

  async function promoteBoth(): Promise<{ rule: string; decision: string }> {
    const pending = await proposalsFromSession(engine, SESSION);
    const rule = pending.find((p) => p.section === 'Hard Rules');
    const decision = pending.find((p) => p.section === 'Decisions');
    if (rule === undefined || decision === undefined) throw new Error('expected two proposals');
    await engine.observer.resolveProposal(rule.proposal_id, 'approve');
    await engine.observer.resolveProposal(decision.proposal_id, 'edit', {
      text: 'Redis 7.2 stays the session store, see [[redis]]',
    });
    await engine.observer.resolveProposal(decision.proposal_id, 'approve');
    return {
      rule: `m-${rule.proposal_id.slice(2)}`,
      decision: `m-${decision.proposal_id.slice(2)}`,
    };
  }

  it('records an approved entry as a memory citing its wiki links, listed with direct ones', async () => {
    await engine.vault.recordMemory({ text: 'Dana owns the deploy pipeline' });
    const { rule, decision } = await promoteBoth();
    const all = await engine.vault.listMemories();
    expect(all.map((m) => `${m.source.kind}:${m.source.ref}`).sort()).toEqual(
      ['direct:null', `promotion:${decision}`, `promotion:${rule}`].sort(),
    );
    const promoted = all.find((m) => m.source.ref === decision);
    expect(promoted).toMatchObject({
      text: 'Redis 7.2 stays the session store, see [[redis]]',
      cites: ['redis.md'],
    });
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('retiring drops the linked memory; forgetting also redacts its text in the ledger', async () => {
    const { rule, decision } = await promoteBoth();
    await engine.observer.retireMemory(rule, 'obsolete');
    expect((await engine.vault.listMemories()).map((m) => m.source.ref)).toEqual([decision]);
    // Retiring keeps the history: the rule's text is still in the ledger.
    expect(await payloadsWith(store, 'nginx -t')).not.toEqual([]);

    await engine.observer.forgetMemory(decision);
    expect(await engine.vault.listMemories()).toEqual([]);
    expect(await payloadsWith(store, 'Redis 7.2 stays')).toEqual([]);
    const forgotten = (await store.readEvents(0, 10_000)).filter(
      (e) => e.type === EVENT_TYPES.memoryForgotten,
    );
    expect(forgotten).toHaveLength(2);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect(await engine.vault.listMemories()).toEqual([]);
  });

  it('forgetting an entry takes its text out of observations, messages, ask and the daily log', async () => {
    const { rule, decision } = await promoteBoth();
    const question = 'what did we decide about the session store?';
    expect((await engine.observer.ask(question)).citations.length).toBeGreaterThan(0);

    await engine.observer.forgetMemory(decision);
    expect(await payloadsWith(store, 'as the session store')).toEqual([]);
    const answer = await engine.observer.ask(question);
    expect(answer.citations.map((c) => c.text).join('\n')).not.toContain('session store');
    const log = readFileSync(join(dir, 'workspace', 'memory', '2026-03-02.md'), 'utf8');
    expect(log).not.toContain('session store');
    // The rest of the session stays: the rule, its message and its observation.
    expect(log).toContain('nginx -t');
    expect((await engine.observer.listMemory()).map((m) => m.memory_id)).toEqual([rule]);
    expect(
      (await engine.observer.ask('when do we run nginx -t?')).citations.length,
    ).toBeGreaterThan(0);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    // A redelivered capture of the session does not bring the forgotten message back.
    await engine.observer.capture({ text: SESSION, sessionId: 's1', trigger: 'shutdown' });
    expect(await payloadsWith(store, 'as the session store')).toEqual([]);
    // Nor does the resumed session's longer transcript, on another trigger.
    const resumed = [SESSION, line('m3', 'user', 'Tag the release as v4.1.', 9)].join('\n');
    for (const trigger of ['shutdown', 'compaction'] as const) {
      await captureNow(engine, resumed, 's1', trigger);
    }
    expect(await payloadsWith(store, 'as the session store')).toEqual([]);
    expect(await payloadsWith(store, 'Tag the release as v4.1')).not.toEqual([]);
  });

  it('gives a proposal edited into Hard Rules the priority of a rule, and takes it from one moved out', async () => {
    const pending = await proposalsFromSession(engine, SESSION);
    const rule = pending.find((p) => p.section === 'Hard Rules');
    const decision = pending.find((p) => p.section === 'Decisions');
    if (rule === undefined || decision === undefined) throw new Error('expected two proposals');
    await engine.observer.resolveProposal(decision.proposal_id, 'edit', { section: 'Hard Rules' });
    await engine.observer.resolveProposal(rule.proposal_id, 'edit', { section: 'Patterns' });
    for (const p of [rule, decision])
      await engine.observer.resolveProposal(p.proposal_id, 'approve');
    const shown = (await engine.observer.listMemory()).map((m) => [m.section, m.memory_priority]);
    expect(shown.sort()).toEqual([
      ['Hard Rules', 'P0'],
      ['Patterns', 'P1'],
    ]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('retires and forgets an entry by the memory id search shows for it', async () => {
    const { rule, decision } = await promoteBoth();
    const hits = await engine.search('nginx before reloading', { mode: 'text' });
    const shown = hits.hits.find((h) => h.kind === 'memory' && h.id.startsWith('mem_'));
    if (shown === undefined) throw new Error('expected the promoted rule among the hits');
    expect(shown.id).toBe((await engine.vault.promotedMemory(rule))?.memory_id);
    expect(await engine.observer.retireMemory(shown.id, 'obsolete')).toMatchObject({
      memory_id: rule,
      status: 'retired',
    });
    const memory = await engine.vault.promotedMemory(decision);
    if (memory === null) throw new Error('expected the promoted memory');
    await engine.observer.forgetMemory(memory.memory_id);
    expect(await engine.observer.listMemory(true)).toMatchObject([{ memory_id: rule }]);
    // A memory id that no entry was promoted to is still not found.
    await expect(engine.observer.retireMemory('mem_0000000000000000')).rejects.toThrow(
      /no memory entry|not found/i,
    );
  });

  it('forgetting a promoted memory from the vault side forgets its MEMORY.md entry too', async () => {
    const { rule, decision } = await promoteBoth();
    const memory = await engine.vault.promotedMemory(decision);
    if (memory === null) throw new Error('expected the promoted memory');
    expect(await engine.vault.forgetMemory(memory.memory_id)).toMatchObject({ redacted: 1 });
    expect((await engine.observer.listMemory(true)).map((m) => m.memory_id)).toEqual([rule]);
    expect((await engine.vault.listMemories()).map((m) => m.source.ref)).toEqual([rule]);
    expect(await payloadsWith(store, 'Redis 7.2 stays')).toEqual([]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('indexes observations for search by kind, and a rebuild restores them', async () => {
    await captureNow(engine, SESSION, 's1', 'shutdown');
    const kinds = { filters: { kinds: ['observation' as const] }, mode: 'text' as const };
    const found = await engine.search('Redis session store', kinds);
    expect(found.hits.length).toBeGreaterThan(0);
    expect(found.hits.every((h) => h.kind === 'observation')).toBe(true);
    expect(found.hits[0]?.thread_id).toBe('session:s1');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    const again = await engine.search('Redis session store', kinds);
    expect(again.hits.map((h) => h.id)).toEqual(found.hits.map((h) => h.id));
  });

  it('indexes note chunks for search by kind; rebuild and forget keep them, re-indexing replaces them', async () => {
    const notes = { filters: { kinds: ['note' as const] }, mode: 'text' as const };
    const found = await engine.search('which Redis version holds sessions', notes);
    expect(found.hits.map((h) => [h.thread_id, h.id])).toEqual([['redis.md', '0']]);
    await engine.vault.recordMemory({ text: 'A memory to forget about Redis' });
    const [memory] = await engine.vault.listMemories();
    if (memory === undefined) throw new Error('expected a memory');
    await engine.vault.forgetMemory(memory.memory_id);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect((await engine.search('Redis sessions', notes)).hits.map((h) => h.thread_id)).toEqual([
      'redis.md',
    ]);
    writeFileSync(join(dir, 'notes', 'redis.md'), '# Cache\n\nValkey 8 replaced it.\n');
    await engine.vault.index();
    expect((await engine.search('Redis sessions', notes)).hits).toEqual([]);
    expect((await engine.search('Valkey', notes)).hits.map((h) => h.thread_id)).toEqual([
      'redis.md',
    ]);
  });

  it('finds memories by kind in search, drift-checks them there, and drops forgotten ones', async () => {
    const { memory } = await engine.vault.recordMemory({
      text: 'Sessions live in Redis 7.2 per [[redis]]',
    });
    const kinds = { filters: { kinds: ['memory' as const] }, mode: 'text' as const };
    expect((await engine.search('Redis sessions', kinds)).hits.map((h) => h.id)).toEqual([
      memory.memory_id,
    ]);
    writeFileSync(join(dir, 'notes', 'redis.md'), '# Redis\n\nSessions moved to Valkey 8.\n');
    await engine.vault.index();
    now += 60_000;
    await engine.search('Redis sessions', kinds);
    const rows = await engine.vault.listPredictionErrors({ memoryId: memory.memory_id });
    expect(rows.map((r) => r.error_type)).toContain('memory_source_changed');
    await engine.vault.forgetMemory(memory.memory_id);
    expect((await engine.search('Redis sessions', kinds)).hits).toEqual([]);
  });

  it('forgetting a direct memory redacts the text of its recorded and updated events', async () => {
    const { memory } = await engine.vault.recordMemory({ text: 'The launch code is alpha-7' });
    await engine.vault.updateMemory(memory.memory_id, { text: 'The launch code is bravo-9' });
    expect(await payloadsWith(store, 'launch code')).toHaveLength(2);
    const result = await engine.vault.forgetMemory(memory.memory_id);
    expect(result).toMatchObject({ forgotten: true, redacted: 2 });
    expect(await payloadsWith(store, 'alpha-7')).toEqual([]);
    expect(await payloadsWith(store, 'bravo-9')).toEqual([]);
    expect(await engine.vault.listMemories()).toEqual([]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });
});
