import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSuperseded } from '../observer/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/sqlite-store.js';
import { transcriptLine } from '../testing/index.js';
import { closeTestEngine, observerOnly } from './__fixtures__/test-engine.js';
import { createEngine } from './create-engine.js';
import type { Engine } from './types.js';

/** One user message as a transcript of its own, written on `day` of 2026-03 at 09:00. */
const said = (id: string, text: string, day: number) =>
  transcriptLine(id, 'user', text, new Date(Date.UTC(2026, 2, day, 9)).toISOString());

/** Issue #13: a value a later session changes, and what `memory forget` does to the mark. */
describe('superseded observations in the engine', () => {
  let dir: string;
  let store: Store;
  let engine: Engine;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-superseded-'));
    store = await createSqliteStore({ path: join(dir, 'verity.db') });
    const now = Date.parse('2026-03-05T18:00:00Z');
    engine = await createEngine({
      home: join(dir, 'home'),
      store,
      clock: { now: () => now },
      ...observerOnly()(dir),
    });
  });

  afterEach(() => closeTestEngine({ dir, engine }));

  async function capture(sessionId: string, text: string): Promise<void> {
    await engine.observer.capture({ text, sessionId, trigger: 'shutdown', observe: 'sync' });
  }

  it('keeps the mark of an older session, and keeps both values apart for another subject', async () => {
    await capture('s1', said('m1', 'The staging DB is on port 5433.', 2));
    await capture('s2', said('m2', 'The prod DB is on port 6432.', 3));
    expect(await readSuperseded(store)).toEqual({});
    await capture('s3', said('m3', 'staging DB moved to port 7432', 4));
    const marks = Object.values(await readSuperseded(store));
    expect(marks.map((m) => [m.session_id, m.now, m.before])).toEqual([['s1', '7432', '5433']]);
  });

  it('forgets the mark with the observation that made it', async () => {
    await capture('s1', said('m1', 'The staging DB is on port 5433.', 2));
    await capture('s2', said('m2', 'Actually staging DB moved to port 6432.', 3));
    expect(Object.keys(await readSuperseded(store))).toHaveLength(1);
    const [proposal] = (await engine.observer.reflect()).proposals;
    if (proposal === undefined) throw new Error('expected a proposal');
    await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
    await engine.observer.forgetMemory(`m-${proposal.proposal_id.slice(2)}`);
    expect(await readSuperseded(store)).toEqual({});
    const answer = await engine.observer.ask('which port is the staging DB on?');
    expect(answer.answer).toContain('5433');
    expect(answer.answer).not.toContain('6432');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });
});
