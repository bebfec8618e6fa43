import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCli } from '../__fixtures__/run-cli.js';

describe('verity token', () => {
  it('hashes a token to the sha256 that config.json stores', async () => {
    const run = await runCli(['token', 'hash', 'correct-horse-battery', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      sha256: createHash('sha256').update('correct-horse-battery').digest('hex'),
    });
  });

  it('makes a fresh token whose printed hash matches it', async () => {
    const run = await runCli(['token', 'new', '--json']);
    const made = JSON.parse(run.stdout) as { token: string; sha256: string };
    expect(made.token.length).toBeGreaterThanOrEqual(32);
    expect(made.sha256).toBe(createHash('sha256').update(made.token).digest('hex'));
  });

  it('refuses a short token', async () => {
    const run = await runCli(['token', 'hash', 'short']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('16 characters');
  });
});
