import { describe, expect, it } from 'vitest';
import { EngineError, errorCodeOf, rethrowAs } from './errors.js';

describe('rethrowAs', () => {
  it('returns what the work returns', async () => {
    await expect(rethrowAs('STORE_FAILED', 'unused', {}, async () => 42)).resolves.toBe(42);
  });

  it('rethrows a failure as an EngineError that keeps the original as its cause', async () => {
    const original = new Error('driver down');
    const failure = await rethrowAs(
      'CONFIG_INVALID',
      'needs pg',
      { operation: 'open' },
      async () => {
        throw original;
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({
      code: 'CONFIG_INVALID',
      message: 'needs pg',
      details: { operation: 'open' },
    });
    expect((failure as EngineError).cause).toBe(original);
  });
});

describe('errorCodeOf', () => {
  it('reads a string code from any error-like object', () => {
    expect(errorCodeOf(Object.assign(new Error('locked'), { code: 'SQLITE_BUSY_SNAPSHOT' }))).toBe(
      'SQLITE_BUSY_SNAPSHOT',
    );
    expect(errorCodeOf({ code: '23505' })).toBe('23505');
  });

  it('is null for anything without a string code', () => {
    for (const value of [null, undefined, 'ENOENT', 42, new Error('plain'), { code: 5 }]) {
      expect(errorCodeOf(value)).toBeNull();
    }
  });
});
