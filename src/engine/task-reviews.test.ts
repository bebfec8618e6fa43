import { describe, expect, it } from 'vitest';
import { addPlannedTask, useTestEngine } from './__fixtures__/test-engine.js';

const HOUR = 3_600_000;

const opened = useTestEngine('verity-task-reviews-', '2026-01-28T09:00:00Z');

/** A P1 task, due in a month, planned and then left alone until the reconciler reaches E3. */
async function stuckAtE3(title: string): Promise<string> {
  const task = await addPlannedTask(
    opened().engine,
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
  for (
    let i = 0;
    i < 10 && (await opened().engine.tasks.show(task.id)).escalation_level < 3;
    i += 1
  ) {
    opened().clock.advance(25 * HOUR);
    await opened().engine.tasks.reconcile();
  }
  expect((await opened().engine.tasks.show(task.id)).escalation_level).toBe(3);
  return task.id;
}

describe('tasks and patches in the review queue', () => {
  it('raises a stuck task at E3 and not before; acknowledging answers it through the ledger', async () => {
    const task = await opened().engine.tasks.add({ title: 'Early task' });
    expect((await opened().engine.tasks.reviewItems()).tasks).toEqual([]);
    const id = await stuckAtE3('Write the grant report');
    const { tasks } = await opened().engine.tasks.reviewItems();
    expect(tasks.map((t) => t.task_id)).toEqual([id]);
    expect(tasks[0]).toMatchObject({ kind: 'task', escalation_level: 3, priority: 'P1' });
    expect(tasks[0]?.reason).toMatch(/^E3: no progress/);
    expect(task.id).not.toBe(id);

    // A state-prompt verb on a task item, or a patch verb, is refused clearly.
    await expect(opened().engine.tasks.answerReview(id, 'approve')).rejects.toThrow(
      /task review item; answer it with acknowledge, cancel, unstick/,
    );
    const answer = await opened().engine.tasks.answerReview(id, 'acknowledge');
    expect(answer.kind).toBe('task');
    expect((await opened().engine.tasks.reviewItems()).tasks).toEqual([]);
    const shown = await opened().engine.tasks.show(id);
    expect(shown.acknowledged_at).toBe(new Date(opened().clock.now()).toISOString());
    expect(shown.history.at(-1)).toMatchObject({ event: 'task.acknowledged', actor: 'review' });
    await expect(opened().engine.tasks.answerReview(id, 'acknowledge')).rejects.toThrow(
      /not waiting for review/,
    );
    expect((await opened().engine.rebuild({ verify: true })).verified).toBe(true);
    expect((await opened().engine.tasks.reviewItems()).tasks).toEqual([]);
  });

  it('cancel needs a reason and closes the task; unstick sets the next step and resets staleness', async () => {
    const first = await stuckAtE3('Book the venue');
    const second = await stuckAtE3('Renew the domain');
    await expect(opened().engine.tasks.answerReview(first, 'cancel')).rejects.toThrow(
      /needs a reason/,
    );
    const cancelled = await opened().engine.tasks.answerReview(
      first,
      'cancel',
      'event moved online',
    );
    expect(cancelled.kind === 'task' && cancelled.task.state).toBe('CANCELLED');
    expect((await opened().engine.tasks.show(first)).cancel_reason).toBe('event moved online');

    await expect(opened().engine.tasks.answerReview(second, 'unstick')).rejects.toThrow(
      /next concrete step/,
    );
    await opened().engine.tasks.answerReview(second, 'unstick', 'ask Ana for the registrar login');
    const unstuck = await opened().engine.tasks.show(second);
    expect(unstuck.next_action).toBe('ask Ana for the registrar login');
    expect(unstuck.last_progress_at).toBe(new Date(opened().clock.now()).toISOString());
    expect(unstuck.acknowledged_at).toBe(new Date(opened().clock.now()).toISOString());
    expect((await opened().engine.tasks.reviewItems()).tasks).toEqual([]);
    expect((await opened().engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('lists a proposed patch; approving it in the review queue applies it', async () => {
    await opened().engine.tasks.logIncident({
      type: 'MISSED_DEADLINE',
      detail: 'the deck was late',
    });
    await opened().engine.tasks.logIncident({
      type: 'MISSED_DEADLINE',
      detail: 'the invoice was late',
    });
    opened().clock.set('2026-01-29T04:00:00Z');
    const report = await opened().engine.tasks.improve();
    expect(report.proposed.length).toBeGreaterThan(0);
    const { patches } = await opened().engine.tasks.reviewItems();
    expect(patches.map((p) => p.patch_id)).toEqual(report.proposed.map((p) => p.patch_id));
    const [first] = patches;
    if (first === undefined) throw new Error('no patch');
    await expect(opened().engine.tasks.answerReview(first.patch_id, 'acknowledge')).rejects.toThrow(
      /patch review item; answer it with approve, reject/,
    );
    const answer = await opened().engine.tasks.answerReview(first.patch_id, 'approve', 'try it');
    expect(answer.kind === 'patch' && answer.patch.status).toBe('applied');
    expect(
      (await opened().engine.tasks.reviewItems()).patches.map((p) => p.patch_id),
    ).not.toContain(first.patch_id);
    expect((await opened().engine.rebuild({ verify: true })).verified).toBe(true);
    expect(
      (await opened().engine.tasks.patches({ status: 'applied' })).map((p) => p.patch_id),
    ).toEqual([first.patch_id]);
  });

  it('refuses an id that names neither a task nor a patch', async () => {
    await expect(opened().engine.tasks.answerReview('p-123', 'acknowledge')).rejects.toThrow(
      /no task or patch review item/,
    );
  });
});
