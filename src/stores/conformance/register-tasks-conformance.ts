import { describe, expect, it } from 'vitest';
import { createTask, type Task } from '../../core/index.js';
import type { Store, TaskQuery, WriteScope } from '../store.js';
import { SAMPLE_ENTITY } from './sample-records.js';

/** The part of a `StoreHarness` the task cases use. */
interface TasksHarness {
  readonly store: Store;
}

const SCOPE: WriteScope = { entities: [SAMPLE_ENTITY], global: true };

/** A task view as the fold writes it (core's `createTask`); `over` sets what a case is about. */
export function sampleTask(id: string, over: Partial<Task> = {}): Task {
  const created = createTask(
    {
      id,
      entity_id: SAMPLE_ENTITY,
      title: `Task ${id} — café ☕`,
      fields: {},
      provenance: { source: 'manual', ref: 'cli', quote: null },
      parent_id: null,
    },
    { at: '2026-01-28T09:00:00.000Z', actor: 'user', reason: '' },
  );
  if (!created.ok) throw created.error;
  return { ...created.value, ...over };
}

const TASKS: readonly Task[] = [
  sampleTask('TASK-20260128-002', {
    state: 'PLANNED',
    priority: 'P1',
    due: '2026-01-30T17:00:00.000Z',
    next_check: '2026-01-28T12:00:00.000Z',
  }),
  sampleTask('TASK-20260128-001'),
  sampleTask('TASK-20260128-010', {
    state: 'DONE',
    priority: 'P0',
    completion_proof: 'receipt',
    next_check: '2026-01-29T09:00:00.000Z',
  }),
  sampleTask('TASK-20260127-004', {
    entity_id: 'user:other',
    state: 'PLANNED',
    priority: 'P0',
    next_check: '2026-01-29T09:00:00.000Z',
  }),
];

async function putAll(store: Store, tasks: readonly Task[]): Promise<void> {
  await store.withWriteLock(SCOPE, async (tx) => {
    for (const task of tasks) await tx.tasks.putTask(task);
  });
}

const ids = (tasks: readonly Task[]) => tasks.map((t) => t.id);

/**
 * Registers the cases of the tasks part of the `Store` contract: task views round-trip exactly,
 * replace by id, list by every filter in id order, give each day's highest id number, and are
 * derived state (`exportDerived`, `dangerouslyClearDerived`).
 */
/** A task view as version 4 (SQLite) or 3 (PostgreSQL) kept it in a `task:<id>` meta row. */
export const LEGACY_TASK_VIEW = {
  id: 'TASK-20260128-007',
  entity_id: SAMPLE_ENTITY,
  state: 'PLANNED',
  priority: 'P1',
  due: '2026-01-30T17:00:00.000Z',
  next_check: null,
  title: 'Draft the pricing page',
} as const;

/**
 * Checks a store that a migration gave the view `view`, kept before in meta rows: the view is in
 * the table by id, by `query` and in the day's highest number, and only `ops:config` is left in
 * meta. Used by each adapter's migration test.
 */
export async function expectMigratedTaskView(
  store: Store,
  view: Readonly<Record<string, unknown>> & { readonly id: string },
  query: TaskQuery,
): Promise<void> {
  expect(await store.tasks.getTask(view.id)).toEqual(view);
  expect(await store.tasks.listTasks(query)).toEqual([view]);
  expect(await store.tasks.lastTaskNumber(view.id.slice(5, 13))).toBe(Number(view.id.slice(14)));
  expect((await store.exportDerived()).meta).toEqual([
    { key: 'ops:config', value: { due_soon_hours: 36 } },
  ]);
}

export function registerTasksConformance(current: () => TasksHarness): void {
  const store = (): Store => current().store;

  describe('tasks: the task table', () => {
    it('round-trips a view exactly and replaces it by id', async () => {
      await putAll(store(), TASKS);
      expect(await store().tasks.getTask('TASK-20260128-002')).toEqual(TASKS[0]);
      expect(await store().tasks.getTask('TASK-20260128-999')).toBeNull();
      const moved = { ...(TASKS[0] as Task), state: 'READY' as const, next_check: null };
      await putAll(store(), [moved]);
      expect(await store().tasks.getTask(moved.id)).toEqual(moved);
      expect(ids(await store().tasks.listTasks({ states: ['PLANNED'] }))).toEqual([
        'TASK-20260127-004',
      ]);
    });

    it('lists by state, entity, priority and due check, ordered by id', async () => {
      await putAll(store(), TASKS);
      const list = (query: Parameters<Store['tasks']['listTasks']>[0]) =>
        store().tasks.listTasks(query).then(ids);
      expect(await list({})).toEqual([
        'TASK-20260127-004',
        'TASK-20260128-001',
        'TASK-20260128-002',
        'TASK-20260128-010',
      ]);
      expect(await list({ states: ['CAPTURED', 'PLANNED'], entityId: SAMPLE_ENTITY })).toEqual([
        'TASK-20260128-001',
        'TASK-20260128-002',
      ]);
      expect(await list({ states: [] })).toEqual([]);
      expect(await list({ priorities: ['P0'] })).toEqual([
        'TASK-20260127-004',
        'TASK-20260128-010',
      ]);
      // A missing next check is due: the reconciler sets it to now.
      expect(await list({ checkDueBy: '2026-01-28T12:00:00.000Z' })).toEqual([
        'TASK-20260128-001',
        'TASK-20260128-002',
      ]);
      expect(await list({ limit: 1 })).toEqual(['TASK-20260127-004']);
    });

    it("filters on the view's deadline, progress and escalation for the reconciler", async () => {
      const at = (hour: number) => `2026-01-28T${String(hour).padStart(2, '0')}:00:00.000Z`;
      const views = [
        sampleTask('TASK-20260128-021', { priority: 'P1', due: at(10), last_progress_at: at(1) }),
        sampleTask('TASK-20260128-022', {
          priority: 'P1',
          due: at(8),
          deadline_missed: true,
          escalation_level: 3,
          last_progress_at: at(5),
        }),
        sampleTask('TASK-20260128-023', {
          due: at(20),
          escalation_level: 4,
          last_progress_at: at(9),
        }),
        sampleTask('TASK-20260128-024', { priority: 'P0', escalation_level: 4 }),
      ];
      await putAll(store(), views);
      const list = (query: TaskQuery) => store().tasks.listTasks(query).then(ids);
      // A task without a deadline is in no deadline window.
      expect(await list({ dueBy: at(12) })).toEqual(['TASK-20260128-021', 'TASK-20260128-022']);
      expect(await list({ dueBy: at(12), deadlineMissed: false })).toEqual(['TASK-20260128-021']);
      expect(await list({ deadlineMissed: true })).toEqual(['TASK-20260128-022']);
      expect(await list({ dueAfter: at(8), dueBy: at(20) })).toEqual([
        'TASK-20260128-021',
        'TASK-20260128-023',
      ]);
      // Strictly before: progress at 05:00 is not before 05:00.
      expect(await list({ progressBefore: at(5) })).toEqual(['TASK-20260128-021']);
      expect(await list({ progressBefore: at(6), priorities: ['P1'] })).toEqual([
        'TASK-20260128-021',
        'TASK-20260128-022',
      ]);
      expect(await list({ escalationBelow: 3 })).toEqual(['TASK-20260128-021']);
      expect(await list({ escalationAtLeast: 3 })).toEqual([
        'TASK-20260128-022',
        'TASK-20260128-023',
        'TASK-20260128-024',
      ]);
      expect(await list({ untriaged: true, escalationAtLeast: 4 })).toEqual(['TASK-20260128-023']);
      expect(await list({ untriaged: true, priorities: ['P0'] })).toEqual([]);
    });

    it('gives the highest id number of a day, 0 for a day without tasks', async () => {
      await putAll(store(), TASKS);
      expect(await store().tasks.lastTaskNumber('20260128')).toBe(10);
      expect(await store().tasks.lastTaskNumber('20260127')).toBe(4);
      expect(await store().tasks.lastTaskNumber('20260126')).toBe(0);
    });

    it('exports the views in id order and clears them with the derived state', async () => {
      await putAll(store(), TASKS);
      const snapshot = await store().exportDerived();
      expect(snapshot.tasks).toEqual([...TASKS].sort((a, b) => (a.id < b.id ? -1 : 1)));
      expect(snapshot.meta).toEqual([]);
      await store().withWriteLock(SCOPE, (tx) => tx.dangerouslyClearDerived());
      expect((await store().exportDerived()).tasks).toEqual([]);
      expect(await store().tasks.getTask('TASK-20260128-001')).toBeNull();
    });

    it('sees its own uncommitted rows inside the transaction and none after a rollback', async () => {
      await expect(
        store().withWriteLock(SCOPE, async (tx) => {
          await tx.tasks.putTask(TASKS[1] as Task);
          expect(ids(await tx.tasks.listTasks())).toEqual(['TASK-20260128-001']);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await store().tasks.listTasks()).toEqual([]);
    });
  });
}
