import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_STATUSES } from '../core/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, observation, toJsonl } from '../testing/index.js';
import { createEngine, type Engine } from './index.js';

let dir: string;
let store: Store;
let engine: Engine;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-review-'));
  store = await createSqliteStore({ path: join(dir, 'verity.db') });
  engine = await createEngine({
    home: dir,
    store,
    clock: createManualClock('2026-02-19T15:05:00Z'),
    ids: createSequentialIds(),
  });
  // Profile changes always wait for a confirmation: one prompt per field.
  const fields = ['seat', 'meal', 'lounge'].map((f) => `profile.preference.${f}`);
  await engine.ingest(
    toJsonl(
      fields.flatMap((field, i) => [
        observation({ id: i + 1, field, value: 'before', at: '2026-02-19T14:00:00Z' }),
        observation({ id: i + 100, field, value: 'after', at: '2026-02-19T15:00:00Z' }),
      ]),
    ),
  );
});

afterEach(async () => {
  vi.restoreAllMocks();
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Answers the first two open prompts as two people; the third stays open. */
async function answerTwo(): Promise<readonly string[]> {
  const ids = (await engine.listReviews()).map((p) => p.prompt_id);
  expect(ids).toHaveLength(3);
  await engine.answerReview(ids[0] ?? '', 'confirm', undefined, {
    actor: 'telegram:1',
    channel: 'telegram',
  });
  await engine.answerReview(ids[1] ?? '', 'reject', undefined, {
    actor: 'cli:ana',
    channel: 'cli',
  });
  return ids;
}

describe('review capability', () => {
  it('names who answered each prompt from one read of the answer events', async () => {
    const ids = await answerTwo();
    const one = vi.spyOn(store, 'getEvent');
    const many = vi.spyOn(store, 'getEvents');
    const views = await engine.listReviews({ status: PROMPT_STATUSES });
    const byId = new Map(views.map((v) => [v.prompt_id, v]));
    expect(byId.get(ids[0] ?? '')).toMatchObject({
      status: 'confirmed',
      answered_by: 'telegram:1',
      channel: 'telegram',
    });
    expect(byId.get(ids[1] ?? '')).toMatchObject({
      status: 'rejected',
      answered_by: 'cli:ana',
      channel: 'cli',
    });
    expect(byId.get(ids[2] ?? '')).toMatchObject({
      status: 'open',
      answered_by: null,
      channel: null,
    });
    expect(one).not.toHaveBeenCalled();
    expect(many).toHaveBeenCalledTimes(1);
    expect([...(many.mock.calls[0]?.[0] ?? [])]).toHaveLength(2);
  });

  it('reads no answer event when every listed prompt is still open', async () => {
    const many = vi.spyOn(store, 'getEvents');
    expect(await engine.listReviews()).toHaveLength(3);
    expect(many).not.toHaveBeenCalled();
  });

  it('reads one prompt by id in any case, answered or open, and null for an unknown id', async () => {
    const ids = await answerTwo();
    const list = vi.spyOn(store, 'listPrompts');
    expect(await engine.getReview((ids[0] ?? '').toUpperCase())).toMatchObject({
      prompt_id: ids[0],
      status: 'confirmed',
      answered_by: 'telegram:1',
      channel: 'telegram',
    });
    expect(await engine.getReview(ids[2] ?? '')).toMatchObject({
      prompt_id: ids[2],
      status: 'open',
      answered_by: null,
    });
    expect(await engine.getReview('00000000-0000-7000-8000-000000000000')).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });
});
