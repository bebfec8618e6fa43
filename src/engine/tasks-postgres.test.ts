import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/index.js';
import { derivedHash } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import { createManualClock, createSequentialIds } from '../testing/index.js';
import { useBothStores } from './__fixtures__/both-stores.js';
import { addPlannedTask } from './__fixtures__/test-engine.js';
import { createEngine } from './create-engine.js';

const HOUR = 3_600_000;

const onBothStores = useBothStores('verity-tasks-pg-');

interface Outcome {
  readonly hash: string;
  readonly tasks: string;
  readonly incidents: string;
  readonly patches: string;
  readonly log: readonly string[];
}

/**
 * One task scenario: create, move, reconcile through staleness (E1–E3), a P0 overdue to the
 * dead-man switch, acknowledged and completed, a stuck task answered in the review queue, a patch
 * proposed and approved. Returns what the store derived and what the engine reported.
 */
async function scenario(store: Store, home: string): Promise<Outcome> {
  const clock = createManualClock('2026-01-26T09:00:00Z');
  const engine = await createEngine({
    home,
    store,
    clock,
    ids: createSequentialIds(),
    embeddings: { model: null },
    extraction: null,
  });
  const log: string[] = [];
  const reconcileFor = async (hours: number) => {
    for (let h = 0; h < hours; h += 1) {
      clock.advance(HOUR);
      const report = await engine.tasks.reconcile();
      for (const action of report.actions)
        log.push(`${clock.now()} ${action.kind} ${action.task_id}`);
    }
  };
  try {
    const slow = await addPlannedTask(
      engine,
      'Write the grant report',
      {
        priority: 'P1',
        due: '2026-03-01T12:00:00Z',
        definition_of_done: ['report sent'],
      },
      {
        next_action: 'outline',
        next_check: '2026-01-26T12:00:00Z',
      },
    );
    const urgent = await addPlannedTask(
      engine,
      'Pay the tax bill',
      {
        priority: 'P0',
        due: '2026-01-27T12:00:00Z',
        definition_of_done: ['paid'],
      },
      {
        next_action: 'log in to the bank',
        next_check: '2026-01-26T10:00:00Z',
      },
    );
    const waiting = await addPlannedTask(
      engine,
      'Contract from Ana',
      {
        priority: 'P2',
        due: '2026-02-20T12:00:00Z',
        definition_of_done: ['signed'],
      },
      {
        next_action: 'send the draft',
        next_check: '2026-01-26T12:00:00Z',
      },
    );
    await engine.tasks.move(waiting.id, 'READY');
    await engine.tasks.move(waiting.id, 'EXECUTING');
    await engine.tasks.move(waiting.id, 'WAITING_EXTERNAL', {
      who_waiting_on: 'Ana',
      followup_cadence_hours: 24,
      last_followup: '2026-01-26T09:00:00Z',
    });

    await reconcileFor(30);
    expect((await engine.tasks.deadMan()).map((t) => t.id)).toEqual([urgent.id]);
    await engine.tasks.acknowledge(urgent.id, { reason: 'on it' });
    await engine.tasks.move(urgent.id, 'READY');
    await engine.tasks.move(urgent.id, 'EXECUTING');
    await engine.tasks.done(urgent.id, 'bank reference 4471');
    expect(await engine.tasks.deadMan()).toEqual([]);

    await reconcileFor(60);
    const [stuck] = (await engine.tasks.reviewItems()).tasks;
    expect(stuck?.task_id).toBe(slow.id);
    await engine.tasks.answerReview(slow.id, 'unstick', 'ask Ana for last year report');

    clock.set('2026-01-29T04:00:00Z');
    const improved = await engine.tasks.improve();
    const [patch] = improved.proposed;
    if (patch === undefined) throw new Error('expected a proposed patch');
    await engine.tasks.answerReview(patch.patch_id, 'approve');
    await engine.tasks.cancel(waiting.id, 'Ana withdrew the offer');

    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    return {
      hash: derivedHash(await store.exportDerived()),
      tasks: canonicalJson(await engine.tasks.list({ state: 'all' })),
      incidents: canonicalJson(await engine.tasks.incidents()),
      patches: canonicalJson(await engine.tasks.patches()),
      log,
    };
  } finally {
    await engine.close();
  }
}

describe('tasks on both stores', () => {
  it('derives identical task state on SQLite and PostgreSQL (PGlite) from the same scenario', async () => {
    const { sqlite, postgres } = await onBothStores('tasks', scenario);
    // The scenario did reach every rung it claims to exercise.
    expect(new Set(sqlite.log.map((line) => line.split(' ')[1]))).toEqual(
      new Set(['set_next_check', 'escalate', 'notify', 'create_subtask', 'log_incident']),
    );
    expect(JSON.parse(sqlite.incidents).map((i: { type: string }) => i.type)).toContain(
      'MISSED_DEADLINE',
    );
    expect(postgres.tasks).toBe(sqlite.tasks);
    expect(postgres.incidents).toBe(sqlite.incidents);
    expect(postgres.patches).toBe(sqlite.patches);
    expect(postgres.log).toEqual(sqlite.log);
    expect(postgres.hash).toBe(sqlite.hash);
  });
});
