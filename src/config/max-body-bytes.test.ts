import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, loadConfig } from './index.js';

describe('loadConfig: the HTTP body limit', () => {
  const base = { cwd: '/tmp', flags: { home: '/tmp/verity-max-body-none' } };
  const home = mkdtempSync(join(tmpdir(), 'verity-max-body-'));
  writeFileSync(join(home, 'config.json'), JSON.stringify({ http: { max_body_bytes: 65_536 } }));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('defaults to 4 MiB', () => {
    expect(loadConfig({ ...base, env: {} }).http.maxBodyBytes).toBe(4 * 1024 * 1024);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
  });

  it.each([
    ['8388608', 8 * 1024 * 1024],
    ['8MB', 8 * 1024 * 1024],
    ['512 kb', 512 * 1024],
    ['1GB', 1024 ** 3],
  ])('reads VERITY_MAX_BODY_BYTES=%s as %i bytes', (text, bytes) => {
    const config = loadConfig({ ...base, env: { VERITY_MAX_BODY_BYTES: text } });
    expect(config.http.maxBodyBytes).toBe(bytes);
  });

  it('reads http.max_body_bytes from the file, and the environment wins over it', () => {
    const flags = { home };
    expect(loadConfig({ cwd: '/tmp', flags, env: {} }).http.maxBodyBytes).toBe(65_536);
    const env = { VERITY_MAX_BODY_BYTES: '2MB' };
    expect(loadConfig({ cwd: '/tmp', flags, env }).http.maxBodyBytes).toBe(2 * 1024 * 1024);
  });

  it.each(['lots', '8 MiB', '-5', '512', '2GB', '1.5MB'])(
    'refuses VERITY_MAX_BODY_BYTES=%s with CONFIG_INVALID naming both settings',
    (text) => {
      expect(() => loadConfig({ ...base, env: { VERITY_MAX_BODY_BYTES: text } })).toThrow(
        /VERITY_MAX_BODY_BYTES \(or http\.max_body_bytes in config\.json\) must be a size/,
      );
    },
  );
});
