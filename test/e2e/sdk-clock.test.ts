import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, fixedClock, loadConfig } from '../../src/index.js';

/**
 * The README's SDK section promises a clock option for in-process use: `createEngine` reads no
 * environment, so a pinned clock is passed as `clock`, or taken from `loadConfig()` the way the
 * CLI reads `VERITY_NOW`. Both go through the public entry, as an agent builder would.
 */
describe('createEngine clock (README SDK)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const home = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-sdk-clock-'));
    dirs.push(dir);
    return dir;
  };

  /** Records "We're in `city` now" on `engine`, checks the location is dated `at`, and closes it. */
  async function expectDatedAt(engine: Engine, city: string, at: string): Promise<void> {
    try {
      await engine.recordMessages(
        [{ message_id: '1', role: 'user', content: `We're in ${city} now, back on Monday.` }],
        { thread_id: 'dm' },
      );
      const location = await engine.getField('user:primary', 'travel.location');
      expect(location).toMatchObject({ value: city, valid_from: at });
    } finally {
      await engine.close();
    }
  }

  it('dates what it records by the clock it is given', async () => {
    const pinned = Date.parse('2026-03-05T09:00:00Z');
    const engine = await createEngine({ home: home(), clock: fixedClock(pinned) });
    await expectDatedAt(engine, 'Lisbon', '2026-03-05T09:00:00.000Z');
  });

  it('takes VERITY_NOW through loadConfig, as the CLI does', async () => {
    const dir = home();
    const config = loadConfig({ env: { VERITY_HOME: dir, VERITY_NOW: '2026-03-06T08:30:00Z' } });
    expect(config.now).toBe(Date.parse('2026-03-06T08:30:00Z'));
    const engine = await createEngine({
      home: config.home,
      ...(config.now === null ? {} : { clock: fixedClock(config.now) }),
    });
    await expectDatedAt(engine, 'Porto', '2026-03-06T08:30:00.000Z');
  });
});
