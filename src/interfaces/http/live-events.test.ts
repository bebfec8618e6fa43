import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addPlannedTask,
  recordingNotifier,
  useTestEngine,
} from '../../engine/__fixtures__/test-engine.js';
import type { Engine, EngineEvent } from '../../engine/index.js';
import type { ManualClock } from '../../testing/index.js';
import { watchLedger } from './events-route.js';

let home: string;
let clock: ManualClock;
let engine: Engine;
let seen: EngineEvent[];
let stopWatching: () => void;
let unsubscribe: () => void;

const opened = useTestEngine('verity-live-', '2026-01-28T09:00:00Z', recordingNotifier());

beforeEach(async () => {
  ({ home, clock, engine } = opened());
  seen = [];
  unsubscribe = engine.events.subscribe((event) => void seen.push(event));
  stopWatching = watchLedger(engine);
  // The watcher's first poll only learns the head; later commits are what it announces.
  await vi.waitFor(async () => expect(seen).toEqual([]), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 1_200));
});

afterEach(() => {
  stopWatching();
  unsubscribe();
});

const ofType = (type: string) => seen.filter((event) => event.type === type);

describe('the live stream announces what the ledger records, from any writer', () => {
  it('streams task.escalated when the reconciler escalates an overdue P0', async () => {
    const task = await addPlannedTask(engine, 'File the tax return', {
      priority: 'P0',
      due: '2026-01-28T18:00:00Z',
      definition_of_done: ['return filed'],
    });
    await engine.tasks.move(task.id, 'PLANNED', {
      next_action: 'collect receipts',
      next_check: '2026-01-28T12:00:00Z',
    });
    clock.set('2026-01-28T19:00:00Z');
    await engine.tasks.reconcile();
    await vi.waitFor(() => expect(ofType('task.escalated').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const [escalated] = ofType('task.escalated');
    expect(escalated?.data).toMatchObject({ task_id: task.id, ledger_type: 'task.escalated' });
    expect(typeof escalated?.data['level']).toBe('number');
    expect(ofType('ledger.committed').length).toBeGreaterThan(0);
    expect(ofType('drift.detected')).toEqual([]);
  });

  it('streams drift.detected when a projected zone was edited by hand', async () => {
    const heartbeat = join(home, 'HEARTBEAT.md');
    await engine.project({ targets: [heartbeat] });
    writeFileSync(
      heartbeat,
      readFileSync(heartbeat, 'utf8').replace('_No active reminders._', 'typed by hand'),
    );
    await engine.project({ targets: [heartbeat] });
    await vi.waitFor(() => expect(ofType('drift.detected').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect(ofType('drift.detected')[0]?.data).toMatchObject({
      ledger_type: 'projection.drifted',
      zone_id: 'active_reminders',
    });
    expect(ofType('task.escalated')).toEqual([]);
  });
});
