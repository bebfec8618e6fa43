import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { loadConfig } from '../../config/index.js';
import type { EngineOptions } from '../create-engine.js';
import { engineOptionsFromConfig } from '../index.js';

/**
 * Registers hooks that give each test a fresh temporary `VERITY_HOME` (prefix `prefix`) and
 * returns a function that writes `file` there as `config.json` and reads the engine options from
 * it, with `env` added to the environment.
 */
export function useConfigHome(
  prefix: string,
): (file: unknown, env?: Record<string, string>) => Promise<EngineOptions> {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
  });
  return async (file, env = {}) => {
    writeFileSync(join(home, 'config.json'), JSON.stringify(file));
    return engineOptionsFromConfig(loadConfig({ env: { VERITY_HOME: home, ...env } }));
  };
}
