import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../tasks/index.js';
import type { ManualClock } from '../testing/index.js';
import { addPlannedTask, recordingNotifier, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './index.js';

let home: string;
let clock: ManualClock;
let engine: Engine;
const sent: Notification[] = [];

const HOUR = 3_600_000;

const opened = useTestEngine('verity-tasks-', '2026-01-28T09:00:00Z', recordingNotifier(sent));

beforeEach(() => {
  sent.length = 0;
  ({ home, clock, engine } = opened());
});

async function plannedP0(due: string) {
  const task = await addPlannedTask(engine, 'File the tax return', {
    priority: 'P0',
    due,
    definition_of_done: ['return filed'],
  });
  return engine.tasks.move(task.id, 'PLANNED', {
    next_action: 'collect receipts',
    next_check: '2026-01-28T12:00:00Z',
  });
}

describe('engine.tasks', () => {
  it('allocates TASK-YYYYMMDD-NNN ids in order and refuses illegal moves clearly', async () => {
    const first = await engine.tasks.add({ title: 'One' });
    const second = await engine.tasks.add({ title: 'Two' });
    expect([first.id, second.id]).toEqual(['TASK-20260128-001', 'TASK-20260128-002']);
    await expect(engine.tasks.move(first.id, 'READY')).rejects.toThrow(
      /cannot move from CAPTURED to READY/,
    );
    await expect(engine.tasks.move(first.id, 'TRIAGED', { priority: 'P1' })).rejects.toThrow(
      /without due, definition_of_done/,
    );
    await expect(engine.tasks.cancel(first.id, '')).rejects.toThrow(/needs a reason/);
    expect((await engine.tasks.show(first.id)).state).toBe('CAPTURED');
  });

  it('trips the dead-man switch on an overdue P0, holds it through acknowledgement, clears it on DONE', async () => {
    const p0 = await plannedP0('2026-01-28T18:00:00Z');
    clock.set('2026-01-28T19:00:00Z');
    const report = await engine.tasks.reconcile();
    expect(report.dead_man).toEqual([p0.id]);
    expect(report.actions.map((a) => a.kind)).toContain('log_incident');
    expect(sent.map((n) => n.topic)).toContain('dead_man');
    expect((await engine.tasks.incidents()).map((i) => i.type)).toEqual(['MISSED_DEADLINE']);

    await expect(
      engine.tasks.add({ title: 'Tidy the blog', fields: { priority: 'P3' } }),
    ).rejects.toThrow(/dead-man switch: P0 task TASK-20260128-001 is overdue/);

    // Not acknowledged: the alert repeats after 2 h, once.
    const before = sent.length;
    clock.set('2026-01-28T21:00:00Z');
    await engine.tasks.reconcile();
    await engine.tasks.reconcile();
    expect(sent.filter((n) => n.topic === 'dead_man')).toHaveLength(2);
    expect(sent.length).toBeGreaterThan(before);

    await engine.tasks.acknowledge(p0.id, { reason: 'on it' });
    clock.set('2026-01-28T23:30:00Z');
    await engine.tasks.reconcile();
    expect(sent.filter((n) => n.topic === 'dead_man')).toHaveLength(2);
    expect(await engine.tasks.deadMan()).toHaveLength(1);

    await engine.tasks.move(p0.id, 'READY');
    await engine.tasks.move(p0.id, 'EXECUTING');
    const done = await engine.tasks.done(p0.id, 'receipt #123');
    expect(done.state).toBe('DONE');
    expect(await engine.tasks.deadMan()).toHaveLength(0);
    await engine.tasks.add({ title: 'Tidy the blog', fields: { priority: 'P3' } });

    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('records nothing new when the reconciler runs twice at the same instant', async () => {
    await engine.tasks.add({ title: 'Untriaged' });
    clock.advance(HOUR);
    const first = await engine.tasks.reconcile();
    const second = await engine.tasks.reconcile();
    expect(first.actions.length).toBeGreaterThan(0);
    expect(second.actions).toEqual([]);
  });

  it('puts the BLOCKED line in HEARTBEAT.md and writes byte-stable task files', async () => {
    await plannedP0('2026-01-28T10:00:00Z');
    clock.set('2026-01-28T11:00:00Z');
    await engine.tasks.reconcile();
    const heartbeat = join(home, 'HEARTBEAT.md');
    await engine.project({ targets: [heartbeat] });
    const text = readFileSync(heartbeat, 'utf8');
    expect(text).toContain('⚠️ BLOCKED: P0 task TASK-20260128-001');
    const snapshot = readFileSync(join(home, 'tasks', 'active', 'TASK-20260128-001.json'), 'utf8');
    expect(JSON.parse(snapshot).escalation_level).toBe(4);
    const events = readFileSync(join(home, 'tasks', 'events.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(events.map((l) => JSON.parse(l).event)).toContain('ESCALATED');
    const again = await engine.tasks.writeWorkspace(home);
    expect(again.written).toEqual([]);
  });

  it('computes the day metrics from tasks, incidents and escalations', async () => {
    await plannedP0('2026-01-28T10:00:00Z');
    clock.set('2026-01-28T11:00:00Z');
    await engine.tasks.reconcile();
    await engine.tasks.logIncident({ type: 'WRONG_RECALL', detail: 'forgot the net-15 terms' });
    const metrics = await engine.tasks.metrics('2026-01-28');
    expect(metrics).toMatchObject({
      tasks_created: 1,
      tasks_overdue: 1,
      completion_rate: 0,
      incidents_count: 2,
      incidents_by_type: { MISSED_DEADLINE: 1, WRONG_RECALL: 1 },
      escalations_triggered: 1,
    });
  });
});

describe('engine.tasks capture', () => {
  const message = (id: string, content: string, role = 'user') => ({
    type: 'message',
    thread_id: 'work',
    message_id: id,
    role,
    content,
    created_at: '2026-01-28T08:00:00Z',
  });

  it('creates tasks from firm commitments, proposes weak ones, and captures each once', async () => {
    await engine.ingest([
      message('m1', "Thanks. I'll send the deck by Friday."),
      message('m2', 'Maybe I will look at the invoices next week.'),
      message('m3', 'Nice weather today.'),
    ]);
    const tasks = await engine.tasks.list();
    expect(tasks.map((t) => [t.title, t.due, t.provenance.ref])).toEqual([
      ['Send the deck', '2026-01-30T23:59:00.000Z', 'thread:work:msg:m1'],
    ]);
    const proposals = await engine.tasks.proposals();
    expect(proposals.map((p) => [p.title, p.doubts])).toEqual([
      ['Look at the invoices', ['hedged']],
    ]);
    const again = await engine.tasks.capture({ thread_id: 'work' });
    expect(again.created).toEqual([]);
    expect(again.proposed).toEqual([]);

    const accepted = await engine.tasks.acceptProposal(proposals[0]?.proposal_id ?? '');
    expect(accepted.provenance.ref).toBe('thread:work:msg:m2');
    expect(await engine.tasks.proposals()).toEqual([]);
    await expect(engine.tasks.acceptProposal(proposals[0]?.proposal_id ?? '')).rejects.toThrow(
      /accepted already/,
    );
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('proposes a hedged commitment once, however many readings of it there are', async () => {
    await engine.ingest([message('m4', "I'll try to finish the report by Friday.")]);
    const proposals = await engine.tasks.proposals();
    expect(proposals.map((p) => [p.title, p.doubts])).toEqual([['Finish the report', ['hedged']]]);
    expect(await engine.tasks.list()).toEqual([]);
  });
});

describe('engine.tasks schedule', () => {
  it('runs the reconciler as a durable job when its queue receives a slot', async () => {
    const task = await engine.tasks.add({ title: 'Untriaged' });
    const schedule = await engine.tasks.startSchedule({ reconcile_hours: [8, 22] });
    try {
      const queue = await engine.jobs();
      await queue.enqueue('tasks.reconcile', { slot: '2026-01-28T09:30:00.000Z' });
      await vi.waitFor(
        async () => {
          const jobs = await queue.listJobs({ queue: 'tasks.reconcile', states: ['completed'] });
          expect(jobs).toHaveLength(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect((await engine.tasks.show(task.id)).next_check).not.toBeNull();
    } finally {
      await schedule.stop();
    }
  });
});
