import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createSequentialIds, type ManualClock } from '../testing/index.js';
import { addPlannedTask } from './__fixtures__/test-engine.js';
import { createEngine, type Engine } from './index.js';

let home: string;
let clock: ManualClock;
let engine: Engine;

const HOUR = 3_600_000;

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-task-reviews-'));
  clock = createManualClock('2026-01-28T09:00:00Z');
  engine = await createEngine({ home, clock, ids: createSequentialIds() });
});

afterEach(async () => {
  await engine.close();
  rmSync(home, { recursive: true, force: true });
});

/** A P1 task, due in a month, planned and then left alone until the reconciler reaches E3. */
async function stuckAtE3(title: string): Promise<string> {
  const task = await addPlannedTask(
    engine,
    title,
    {
      priority: 'P1',
      due: '2026-03-01T12:00:00Z',
      definition_of_done: ['done'],
    },
    {
      next_action: 'start',
      next_check: '2026-01-28T10:00:00Z',
    },
  );
  for (let i = 0; i < 10 && (await engine.tasks.show(task.id)).escalation_level < 3; i += 1) {
    clock.advance(25 * HOUR);
    await engine.tasks.reconcile();
  }
  expect((await engine.tasks.show(task.id)).escalation_level).toBe(3);
  return task.id;
}

describe('tasks and patches in the review queue', () => {
  it('raises a stuck task at E3 and not before; acknowledging answers it through the ledger', async () => {
    const task = await engine.tasks.add({ title: 'Early task' });
    expect((await engine.tasks.reviewItems()).tasks).toEqual([]);
    const id = await stuckAtE3('Write the grant report');
    const { tasks } = await engine.tasks.reviewItems();
    expect(tasks.map((t) => t.task_id)).toEqual([id]);
    expect(tasks[0]).toMatchObject({ kind: 'task', escalation_level: 3, priority: 'P1' });
    expect(tasks[0]?.reason).toMatch(/^E3: no progress/);
    expect(task.id).not.toBe(id);

    // A state-prompt verb on a task item, or a patch verb, is refused clearly.
    await expect(engine.tasks.answerReview(id, 'approve')).rejects.toThrow(
      /task review item; answer it with acknowledge, cancel, unstick/,
    );
    const answer = await engine.tasks.answerReview(id, 'acknowledge');
    expect(answer.kind).toBe('task');
    expect((await engine.tasks.reviewItems()).tasks).toEqual([]);
    const shown = await engine.tasks.show(id);
    expect(shown.acknowledged_at).toBe(new Date(clock.now()).toISOString());
    expect(shown.history.at(-1)).toMatchObject({ event: 'task.acknowledged', actor: 'review' });
    await expect(engine.tasks.answerReview(id, 'acknowledge')).rejects.toThrow(
      /not waiting for review/,
    );
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect((await engine.tasks.reviewItems()).tasks).toEqual([]);
  });

  it('cancel needs a reason and closes the task; unstick sets the next step and resets staleness', async () => {
    const first = await stuckAtE3('Book the venue');
    const second = await stuckAtE3('Renew the domain');
    await expect(engine.tasks.answerReview(first, 'cancel')).rejects.toThrow(/needs a reason/);
    const cancelled = await engine.tasks.answerReview(first, 'cancel', 'event moved online');
    expect(cancelled.kind === 'task' && cancelled.task.state).toBe('CANCELLED');
    expect((await engine.tasks.show(first)).cancel_reason).toBe('event moved online');

    await expect(engine.tasks.answerReview(second, 'unstick')).rejects.toThrow(
      /next concrete step/,
    );
    await engine.tasks.answerReview(second, 'unstick', 'ask Ana for the registrar login');
    const unstuck = await engine.tasks.show(second);
    expect(unstuck.next_action).toBe('ask Ana for the registrar login');
    expect(unstuck.last_progress_at).toBe(new Date(clock.now()).toISOString());
    expect(unstuck.acknowledged_at).toBe(new Date(clock.now()).toISOString());
    expect((await engine.tasks.reviewItems()).tasks).toEqual([]);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('lists a proposed patch; approving it in the review queue applies it', async () => {
    await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the deck was late' });
    await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the invoice was late' });
    clock.set('2026-01-29T04:00:00Z');
    const report = await engine.tasks.improve();
    expect(report.proposed.length).toBeGreaterThan(0);
    const { patches } = await engine.tasks.reviewItems();
    expect(patches.map((p) => p.patch_id)).toEqual(report.proposed.map((p) => p.patch_id));
    const [first] = patches;
    if (first === undefined) throw new Error('no patch');
    await expect(engine.tasks.answerReview(first.patch_id, 'acknowledge')).rejects.toThrow(
      /patch review item; answer it with approve, reject/,
    );
    const answer = await engine.tasks.answerReview(first.patch_id, 'approve', 'try it');
    expect(answer.kind === 'patch' && answer.patch.status).toBe('applied');
    expect((await engine.tasks.reviewItems()).patches.map((p) => p.patch_id)).not.toContain(
      first.patch_id,
    );
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    expect((await engine.tasks.patches({ status: 'applied' })).map((p) => p.patch_id)).toEqual([
      first.patch_id,
    ]);
  });

  it('refuses an id that names neither a task nor a patch', async () => {
    await expect(engine.tasks.answerReview('p-123', 'acknowledge')).rejects.toThrow(
      /no task or patch review item/,
    );
  });
});
