import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createSequentialIds } from '../testing/index.js';
import { createEngine, type Engine, type EngineOptions } from './index.js';

let home: string;
const opened: Engine[] = [];
let opens = 0;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'verity-create-engine-'));
});

afterEach(async () => {
  for (const engine of opened.splice(0)) await engine.close();
  rmSync(home, { recursive: true, force: true });
});

async function open(policy: EngineOptions['policy']): Promise<Engine> {
  const engine = await createEngine({
    home,
    clock: createManualClock('2026-02-19T15:05:00Z'),
    // Each open is another process: its own ids.
    ids: createSequentialIds(`open-${opens++}`),
    ...(policy === undefined ? {} : { policy }),
  });
  opened.push(engine);
  return engine;
}

async function policyChanges(engine: Engine): Promise<unknown[]> {
  return (await engine.readLedger(0, 1_000))
    .filter((e) => e.type === 'policy.changed')
    .map((e) => e.payload['reasons']);
}

describe('createEngine with policy settings', () => {
  it('records a changed configuration once, and nothing when it is already in force', async () => {
    const first = await open({ maxPending: 3 });
    expect(await policyChanges(first)).toEqual([['configuration changed the policy']]);
    const again = await open({ maxPending: 3 });
    expect(await policyChanges(again)).toHaveLength(1);
    const unset = await open(undefined);
    expect(await policyChanges(unset)).toHaveLength(1);
  });

  it('records another change when the configuration changes again', async () => {
    await open({ maxPending: 3 });
    const changed = await open({ maxPending: 4 });
    expect(await policyChanges(changed)).toHaveLength(2);
  });

  it('records one change when two processes open with the same new settings at once', async () => {
    await open(undefined);
    const [a] = await Promise.all([open({ stage: '2' }), open({ stage: '2' })]);
    expect(await policyChanges(a as Engine)).toHaveLength(1);
  });
});
