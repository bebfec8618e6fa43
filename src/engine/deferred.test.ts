import { describe, expect, it } from 'vitest';
import { deferCapability } from './deferred.js';

interface Counter {
  readonly label: string;
  add(by: number): Promise<number>;
  fail(): Promise<never>;
}

function counterLoader() {
  const calls = { loads: 0 };
  let total = 0;
  const load = async (): Promise<Counter> => {
    calls.loads += 1;
    return {
      label: 'loaded',
      async add(by) {
        total += by;
        return total;
      },
      async fail() {
        throw new Error('boom');
      },
    };
  };
  return { calls, load };
}

describe('deferCapability', () => {
  it('loads nothing until a method is called, then loads once for every caller', async () => {
    const { calls, load } = counterLoader();
    const counter = deferCapability<Counter, 'label'>(load, { label: 'ready' });
    expect(calls.loads).toBe(0);
    expect(counter.label).toBe('ready');
    expect(await Promise.all([counter.add(2), counter.add(3)])).toEqual([2, 5]);
    expect(await counter.add(1)).toBe(6);
    expect(calls.loads).toBe(1);
  });

  it('keeps method identity, rejects with the loaded method error, and is not a thenable', async () => {
    const { load } = counterLoader();
    const counter = deferCapability<Counter, 'label'>(load, { label: 'ready' });
    expect(counter.add).toBe(counter.add);
    await expect(counter.fail()).rejects.toThrow('boom');
    expect((counter as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await (async () => counter)()).toBe(counter);
  });

  it('retries a load that failed instead of caching the failure', async () => {
    let attempts = 0;
    const counter = deferCapability<Pick<Counter, 'add'>>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return { add: async (by: number) => by * 10 };
    }, {});
    await expect(counter.add(1)).rejects.toThrow('not yet');
    expect(await counter.add(2)).toBe(20);
    expect(attempts).toBe(2);
  });

  it('refuses, by type, a member that cannot wait unless it is given ready', () => {
    const { load } = counterLoader();
    // @ts-expect-error: `label` is a value, so it must be in `ready`
    expect(() => deferCapability<Counter>(load, {})).not.toThrow();
  });

  it('rejects a call to a member the loaded capability does not have', async () => {
    const counter = deferCapability<Pick<Counter, 'add'>>(async () => ({}) as Counter, {});
    await expect(counter.add(1)).rejects.toThrow(/add is not a method/);
  });
});
