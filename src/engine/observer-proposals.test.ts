import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';
import type { Engine } from './types.js';

const DAY = 86_400_000;
const PI = readFileSync(
  new URL('../observer/__fixtures__/pi-session.jsonl', import.meta.url),
  'utf8',
);

describe('engine.observer proposals', () => {
  let dir: string;
  let now: number;
  let engine: Engine;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-observer-proposals-'));
    now = Date.parse('2026-03-05T18:00:00Z');
    engine = await createEngine({
      home: join(dir, 'home'),
      clock: { now: () => now },
      embeddings: { model: null },
      extraction: null,
      observer: { workspace: join(dir, 'workspace') },
    });
    await engine.observer.capture({ text: PI, trigger: 'shutdown', observe: 'sync' });
    await engine.observer.reflect();
  });

  afterEach(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function firstPending(): Promise<string> {
    const [proposal] = await engine.observer.listProposals('pending');
    if (proposal === undefined) throw new Error('expected a pending proposal');
    return proposal.proposal_id;
  }

  it('refuses to approve a proposal whose seven days ran out, without a prior expiry run', async () => {
    const id = await firstPending();
    now += 8 * DAY;
    await expect(engine.observer.resolveProposal(id, 'approve')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('expired'),
    });
    expect(await engine.observer.listMemory(true)).toEqual([]);
    const [view] = (await engine.observer.listProposals('all')).filter((p) => p.proposal_id === id);
    expect(view).toMatchObject({ status: 'expired', expires_at: null });
  });

  it('lists a proposal past its expiry as expired, not pending', async () => {
    const id = await firstPending();
    now += 8 * DAY;
    const pending = await engine.observer.listProposals('pending');
    expect(pending.map((p) => p.proposal_id)).not.toContain(id);
    const expired = await engine.observer.listProposals('expired');
    expect(expired.map((p) => p.proposal_id)).toContain(id);
  });

  it('still approves a proposal inside its seven days', async () => {
    const id = await firstPending();
    now += 6 * DAY;
    expect(await engine.observer.resolveProposal(id, 'approve')).toMatchObject({
      status: 'approved',
    });
  });

  it("keeps the reviewer's own lines in REVIEW.md when Verity rewrites it", async () => {
    const review = join(dir, 'workspace', 'REVIEW.md');
    const note = 'Note to self: ask Dana about the Android 14 fix before approving.';
    appendFileSync(review, `\n${note}\n`);
    writeFileSync(review, `Reviewed on Mondays.\n\n${readFileSync(review, 'utf8')}`);
    const id = await firstPending();
    await engine.observer.syncReview();
    await engine.observer.resolveProposal(id, 'reject');
    const after = readFileSync(review, 'utf8');
    expect(after.startsWith('Reviewed on Mondays.\n')).toBe(true);
    expect(after).toContain(note);
    expect(after).not.toContain(id);
  });
});
