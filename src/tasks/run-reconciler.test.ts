import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RECONCILE_SETTINGS,
  type EscalationLevel,
  HOUR_MS,
  isTerminal,
  planReconcile,
  type ReconcileSettings,
  TASK_PRIORITIES,
  TASK_STATES,
  type Task,
  toIso,
} from '../core/index.js';
import { sampleTask } from '../stores/conformance/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { readActionableTasks } from './run-reconciler.js';

const START = Date.parse('2026-01-26T09:00:00.000Z');

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Task views spread over every state, priority, level and the hours around START. */
function sampleTasks(count: number, seed: number): Task[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const hour = (from: number, to: number) =>
    toIso(START + Math.round(from + next() * (to - from)) * HOUR_MS);
  const tasks: Task[] = [];
  for (let i = 1; i <= count; i += 1) {
    const level = pick([0, 0, 1, 2, 3, 4] as const) as EscalationLevel;
    tasks.push({
      ...sampleTask(`TASK-20260120-${String(i).padStart(3, '0')}`),
      state: pick(TASK_STATES),
      priority: next() < 0.2 ? null : pick(TASK_PRIORITIES),
      due: next() < 0.3 ? null : hour(-72, 120),
      deadline_missed: next() < 0.3,
      next_check: next() < 0.1 ? null : hour(-24, 96),
      last_progress_at: hour(-240, 2),
      escalation_level: level,
      escalated_at: level === 0 ? null : hour(-48, 1),
      acknowledged_at: next() < 0.3 ? hour(-6, 0) : null,
      blocking_question: 'which supplier?',
      who_waiting_on: 'Ana',
      followup_cadence_hours: pick([12, 24, 48]),
      last_followup: next() < 0.5 ? null : hour(-72, 0),
    });
  }
  return tasks;
}

describe('readActionableTasks', () => {
  let dir: string;
  let store: Store;
  const tasks = sampleTasks(600, 15);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-reconcile-'));
    store = await createSqliteStore({ path: join(dir, 'verity.db') });
    await store.withWriteLock({ entities: ['user:primary'], global: true }, async (tx) => {
      for (const task of tasks) await tx.tasks.putTask(task);
    });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const patched: ReconcileSettings = {
    ...DEFAULT_RECONCILE_SETTINGS,
    staleHours: { P0: 2, P1: 30, P2: 12, P3: 400 },
    dueSoonHours: 60,
    deadManRepeatHours: 5,
  };

  for (const [name, settings] of [
    ['the seed defaults', DEFAULT_RECONCILE_SETTINGS],
    ['patched thresholds', patched],
  ] as const) {
    it(`plans the same actions as a pass over every open task (${name})`, async () => {
      const open = tasks.filter((t) => !isTerminal(t.state));
      for (const offset of [-30, 0, 0.5, 7, 25, 80, 200]) {
        const now = START + offset * HOUR_MS;
        const candidates = await readActionableTasks(store, now, settings);
        expect(planReconcile(candidates, now, settings)).toEqual(
          planReconcile(open, now, settings),
        );
        expect(candidates.every((t) => !isTerminal(t.state))).toBe(true);
      }
    });
  }

  it('reads no task that nothing can act on', async () => {
    const now = START;
    const quiet = tasks.filter((t) => !isTerminal(t.state) && planReconcile([t], now).length === 0);
    const read = new Set(
      (await readActionableTasks(store, now, DEFAULT_RECONCILE_SETTINGS)).map((t) => t.id),
    );
    // Some quiet tasks are still read (a due-soon task already at E1, a stale one whose next rung
    // is not due); most are not.
    const readQuiet = quiet.filter((t) => read.has(t.id)).length;
    expect(quiet.length).toBeGreaterThan(0);
    expect(readQuiet).toBeLessThan(quiet.length / 2);
  });
});
