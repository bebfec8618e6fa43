import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../testing/index.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

const DAY = 86_400_000;
const PI = readFileSync(
  new URL('../observer/__fixtures__/pi-session.jsonl', import.meta.url),
  'utf8',
);

describe('engine.observer proposals', () => {
  const opened = useTestEngine(
    'verity-observer-proposals-',
    '2026-03-05T18:00:00Z',
    observerOnly(),
  );
  let dir: string;
  let clock: ManualClock;
  let engine: Engine;

  beforeEach(async () => {
    ({ dir, clock, engine } = opened());
    await engine.observer.capture({ text: PI, trigger: 'shutdown', observe: 'sync' });
    await engine.observer.reflect();
  });

  async function firstPending(): Promise<string> {
    const [proposal] = await engine.observer.listProposals('pending');
    if (proposal === undefined) throw new Error('expected a pending proposal');
    return proposal.proposal_id;
  }

  it('refuses to approve a proposal whose seven days ran out, without a prior expiry run', async () => {
    const id = await firstPending();
    clock.advance(8 * DAY);
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
    clock.advance(8 * DAY);
    const pending = await engine.observer.listProposals('pending');
    expect(pending.map((p) => p.proposal_id)).not.toContain(id);
    const expired = await engine.observer.listProposals('expired');
    expect(expired.map((p) => p.proposal_id)).toContain(id);
  });

  it('still approves a proposal inside its seven days', async () => {
    const id = await firstPending();
    clock.advance(6 * DAY);
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
