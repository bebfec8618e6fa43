import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { itemConflictLines, seedItemConflict } from './__fixtures__/item-conflict.js';
import { createEngine } from './create-engine.js';
import type { Engine } from './index.js';

const THREAD = 'thread-db';

let dir: string;
let engine: Engine;

/** The two decisions the rule extractor flags as conflicting (rival choices, no change words). */
const conflictingPair = () => seedItemConflict(engine, THREAD);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-item-conflicts-'));
  engine = await createEngine({
    home: dir,
    clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
    embeddings: { model: null },
  });
});

afterEach(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Engine.resolveItemConflict', () => {
  it('keeps one item: the other is superseded by it, both flags clear, and a rebuild agrees', async () => {
    const [a, b] = await conflictingPair();
    const result = await engine.resolveItemConflict({ uids: [a, b], keep: b, note: 'MySQL won' });
    expect(result).toMatchObject({ thread_id: THREAD, entity_id: 'user:alex', keep: b });
    expect(result.note).toBe('MySQL won');
    const all = (await engine.listStateItems({ threadId: THREAD, status: 'all' })).items;
    expect(all.find((item) => item.uid === a)).toMatchObject({
      status: 'superseded',
      replaced_by: b,
      conflict: false,
    });
    expect(all.find((item) => item.uid === b)).toMatchObject({ status: 'active', conflict: false });
    const open = (await engine.listStateItems({ threadId: THREAD })).items.map((item) => item.uid);
    expect(open).toEqual([b]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    const rebuilt = (await engine.listStateItems({ threadId: THREAD, status: 'all' })).items;
    expect(rebuilt).toEqual(all);
  });

  it('keeps both: neither is flagged any more and both stay in force', async () => {
    const [a, b] = await conflictingPair();
    await engine.resolveItemConflict({ uids: [a, b], keep: 'both', threadId: THREAD });
    const open = (await engine.listStateItems({ threadId: THREAD })).items;
    expect(open.map((item) => [item.uid, item.status, item.conflict]).sort()).toEqual(
      [
        [a, 'active', false],
        [b, 'active', false],
      ].sort(),
    );
  });

  it('refuses an answer to a settled conflict, an unknown uid and a malformed keep', async () => {
    const [a, b] = await conflictingPair();
    await expect(
      engine.resolveItemConflict({ uids: [a, b], keep: 'c_000000000000' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      engine.resolveItemConflict({ uids: ['d_000000000000', b], keep: 'both' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      engine.resolveItemConflict({ uids: [a, b], keep: a, entityId: 'user:other' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await engine.resolveItemConflict({ uids: [a, b], keep: a });
    await expect(engine.resolveItemConflict({ uids: [a, b], keep: 'both' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const events = await engine.rebuild({ verify: true });
    expect(events.verified).toBe(true);
  });
});

describe('Engine.resolveItemConflict across threads', () => {
  it('finds the thread holding both uids when the same items exist in several threads', async () => {
    const [a, b] = await conflictingPair();
    const [postgres = ''] = itemConflictLines('thread-other', 'user:alex').split('\n');
    await engine.ingest(postgres);
    const other = (await engine.listStateItems({ threadId: 'thread-other' })).items;
    const shared = other.map((item) => item.uid);
    expect(shared.length === 1 && [a, b].includes(shared[0] ?? '')).toBe(true);
    const [uid = ''] = shared;
    await expect(engine.resolveItemConflict({ uids: [uid], keep: uid })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const result = await engine.resolveItemConflict({ uids: [a, b], keep: 'both' });
    expect(result.thread_id).toBe(THREAD);
  });
});
