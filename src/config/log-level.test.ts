import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

describe('loadConfig: VERITY_LOG_LEVEL', () => {
  const base = { cwd: '/tmp', flags: { home: '/tmp/verity-log-level-none' } };

  it('defaults to info and reads a named level', () => {
    expect(loadConfig({ ...base, env: {} }).logLevel).toBe('info');
    expect(loadConfig({ ...base, env: { VERITY_LOG_LEVEL: 'debug' } }).logLevel).toBe('debug');
    expect(loadConfig({ ...base, env: { VERITY_LOG_LEVEL: 'silent' } }).logLevel).toBe('silent');
  });

  it('refuses an unknown level with CONFIG_INVALID', () => {
    expect(() => loadConfig({ ...base, env: { VERITY_LOG_LEVEL: 'loud' } })).toThrow(
      /VERITY_LOG_LEVEL must be one of/,
    );
  });
});
