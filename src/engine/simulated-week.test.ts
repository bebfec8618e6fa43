import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsBetween, withinHours } from '../jobs/index.js';
import type { Notification } from '../tasks/index.js';
import type { ManualClock } from '../testing/index.js';
import {
  addPlannedTask,
  closeTestEngine,
  openTestEngine,
  recordingNotifier,
  type TestEngine,
} from './__fixtures__/test-engine.js';
import type { Engine } from './index.js';

/**
 * A week of Verity keeping commitments, driven by a pinned clock (what `--now` does): tasks come
 * from a conversation, the reconciler runs at every 30-minute slot of the default schedule
 * (08:00–22:00 UTC) and the nightly loop at 04:00. Milestones are asserted as they happen.
 */
describe('a simulated week of tasks', () => {
  let opened: TestEngine;
  let home: string;
  let clock: ManualClock;
  let engine: Engine;
  const sent: Notification[] = [];
  const log: string[] = [];
  const heartbeat = () => readFileSync(join(home, 'HEARTBEAT.md'), 'utf8');

  /** Runs every scheduled job whose slot falls in `(now, until]`, in time order. */
  async function runUntil(until: string): Promise<void> {
    const from = new Date(clock.now());
    const end = new Date(until);
    const slots = [
      ...runsBetween(withinHours(30, 8, 22), from, end).map((at) => ({ at, job: 'reconcile' })),
      ...runsBetween('0 4 * * *', from, end).map((at) => ({ at, job: 'improve' })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const slot of slots) {
      clock.set(slot.at.toISOString());
      if (slot.job === 'reconcile') {
        const report = await engine.tasks.reconcile();
        for (const action of report.actions) {
          if (action.kind === 'escalate')
            log.push(`${slot.at.toISOString()} ${action.task_id} E${action.level}`);
        }
      } else {
        const report = await engine.tasks.improve();
        for (const patch of report.proposed)
          log.push(`${slot.at.toISOString()} proposed ${patch.patch_id}`);
        for (const patch of report.rolled_back)
          log.push(`${slot.at.toISOString()} rolled back ${patch.patch_id}`);
      }
    }
    clock.set(until);
  }

  beforeAll(async () => {
    opened = await openTestEngine('verity-week-', '2026-01-26T08:55:00Z', recordingNotifier(sent));
    ({ home, clock, engine } = opened);
  });

  afterAll(() => closeTestEngine(opened));

  it('Monday: captures a commitment from conversation and plans a P1 and a P0', async () => {
    clock.set('2026-01-26T09:00:00Z');
    await engine.ingest([
      {
        type: 'message',
        thread_id: 'standup',
        message_id: 'm1',
        role: 'user',
        content: "I'll send the deck to Ana by Wednesday.",
        created_at: '2026-01-26T09:00:00Z',
      },
      {
        type: 'message',
        thread_id: 'standup',
        message_id: 'm2',
        role: 'user',
        content: 'Maybe I will look at the ad numbers.',
        created_at: '2026-01-26T09:01:00Z',
      },
    ]);
    const captured = await engine.tasks.list();
    expect(captured.map((t) => [t.title, t.due, t.provenance.ref])).toEqual([
      ['Send the deck to Ana', '2026-01-28T23:59:00.000Z', 'thread:standup:msg:m1'],
    ]);
    expect((await engine.tasks.proposals()).map((p) => p.title)).toEqual([
      'Look at the ad numbers',
    ]);

    const pricing = await addPlannedTask(
      engine,
      'Draft the pricing page',
      {
        priority: 'P1',
        due: '2026-01-30T17:00:00Z',
        definition_of_done: ['page live'],
      },
      {
        next_action: 'draft three tiers',
        next_check: '2026-01-26T12:00:00Z',
      },
    );
    const payroll = await addPlannedTask(
      engine,
      'Pay the payroll taxes',
      {
        priority: 'P0',
        due: '2026-01-27T12:00:00Z',
        definition_of_done: ['payment confirmed'],
      },
      {
        next_action: 'log in to the tax portal',
        next_check: '2026-01-26T12:00:00Z',
      },
    );
    expect([pricing.id, payroll.id]).toEqual(['TASK-20260126-002', 'TASK-20260126-003']);
  });

  it('Tuesday: the stale P1 reaches E1 and the overdue P0 trips the dead-man switch', async () => {
    await runUntil('2026-01-27T11:00:00Z');
    expect(log).toContain('2026-01-27T09:30:00.000Z TASK-20260126-002 E1');
    expect(sent.some((n) => n.task_id === 'TASK-20260126-002' && n.topic === 'stale')).toBe(true);

    await runUntil('2026-01-27T13:00:00Z');
    expect(log).toContain('2026-01-27T12:30:00.000Z TASK-20260126-003 E4');
    await engine.project({ targets: [join(home, 'HEARTBEAT.md')] });
    expect(heartbeat()).toContain(
      '⚠️ BLOCKED: P0 task TASK-20260126-003 "Pay the payroll taxes" is overdue',
    );
    await expect(
      engine.tasks.add({ title: 'Redesign the logo', fields: { priority: 'P3' } }),
    ).rejects.toThrow(/dead-man switch/);
    const incidents = await engine.tasks.incidents({ type: 'MISSED_DEADLINE' });
    expect(incidents.map((i) => i.task_id)).toEqual(['TASK-20260126-003']);
  });

  it('the alert repeats every 2 h until acknowledged; only DONE clears the switch', async () => {
    await runUntil('2026-01-27T15:00:00Z');
    const alerts = () => sent.filter((n) => n.topic === 'dead_man').map((n) => n.at);
    expect(alerts()).toEqual(['2026-01-27T12:30:00.000Z', '2026-01-27T14:30:00.000Z']);
    await engine.tasks.acknowledge('TASK-20260126-003', { reason: 'paying now' });
    await runUntil('2026-01-28T04:30:00Z');
    expect(alerts()).toHaveLength(2);
    await engine.project({ targets: [join(home, 'HEARTBEAT.md')] });
    expect(heartbeat()).toContain('BLOCKED: P0 task TASK-20260126-003');

    clock.set('2026-01-28T10:00:00Z');
    await engine.tasks.move('TASK-20260126-003', 'READY');
    await engine.tasks.move('TASK-20260126-003', 'EXECUTING');
    await engine.tasks.done('TASK-20260126-003', 'bank confirmation 8812');
    await engine.project({ targets: [join(home, 'HEARTBEAT.md')] });
    expect(heartbeat()).not.toContain('BLOCKED');
    await engine.tasks.add({ title: 'Redesign the logo', fields: { priority: 'P3' } });
  });

  it('the nightly loop proposes a patch for the top failure; it is approved and applied', async () => {
    expect(log).toContain('2026-01-28T04:00:00.000Z proposed PATCH-20260128-001');
    const [patch] = await engine.tasks.patches({ status: 'proposed' });
    expect(patch).toMatchObject({
      incident_type: 'MISSED_DEADLINE',
      change: { key: 'due_soon_hours', from: null, to: 36 },
      rollback_condition: { metric: 'completion_rate', below: 0.5, days: 3 },
    });
    const applied = await engine.tasks.reviewPatch('PATCH-20260128-001', 'approved', 'worth a try');
    expect(applied.status).toBe('applied');
    await engine.project({ targets: [join(home, 'HEARTBEAT.md')] });
    expect(
      readFileSync(join(home, 'ops', 'patches', 'applied', 'PATCH-20260128-001.md'), 'utf8'),
    ).toContain('`due_soon_hours`: default (24) → 36');
  });

  it('the missed commitment is logged, and the patch is rolled back when completion falls', async () => {
    await runUntil('2026-02-01T05:00:00Z');
    const missed = await engine.tasks.incidents({ type: 'MISSED_DEADLINE' });
    // The deck (due Wednesday) and the pricing page (due Friday) were missed too.
    expect(missed.map((i) => i.task_id)).toEqual([
      'TASK-20260126-003',
      'TASK-20260126-001',
      'TASK-20260126-002',
    ]);
    for (const date of ['2026-01-29', '2026-01-30', '2026-01-31']) {
      expect((await engine.tasks.metrics(date)).completion_rate).toBe(0);
    }
    expect(log).toContain('2026-02-01T04:00:00.000Z rolled back PATCH-20260128-001');
    const [patch] = await engine.tasks.patches();
    expect(patch?.status).toBe('rolled_back');
    const [experiment] = await engine.tasks.experiments();
    expect(experiment).toMatchObject({ patch_id: 'PATCH-20260128-001', status: 'rolled_back' });
    // The record moves from applied/ to rolled_back/ and says why.
    await engine.project({ targets: [join(home, 'HEARTBEAT.md')] });
    const patches = join(home, 'ops', 'patches');
    expect(existsSync(join(patches, 'applied', 'PATCH-20260128-001.md'))).toBe(false);
    expect(readFileSync(join(patches, 'rolled_back', 'PATCH-20260128-001.md'), 'utf8')).toMatch(
      /Rolled back at 2026-02-01T04:00:00\.000Z: completion_rate below 0\.5 for 3 days/,
    );
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });
});
