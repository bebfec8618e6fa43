import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../core/index.js';
import { EngineError } from '../../core/index.js';
import { HTTP_STATUS, toHttpError } from './http-errors.js';

describe('toHttpError', () => {
  it.each<[ErrorCode, number]>([
    ['VALIDATION_FAILED', 400],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['STORE_FAILED', 500],
    ['PROVIDER_FAILED', 500],
    ['CONFIG_INVALID', 500],
  ])('maps %s to %i', (code, status) => {
    const error = new EngineError(code, 'went wrong', { prompt_id: 'p-1' });
    const mapped = toHttpError(error, () => {});
    expect(mapped.status).toBe(status);
    expect(mapped.body).toEqual({
      error: { code, message: 'went wrong', details: { prompt_id: 'p-1' } },
    });
  });

  it('never maps an internal failure to a client-fault status', () => {
    const internal: ErrorCode[] = ['STORE_FAILED', 'PROVIDER_FAILED', 'CONFIG_INVALID'];
    for (const code of internal) expect(HTTP_STATUS[code]).toBeGreaterThanOrEqual(500);
  });

  it('answers 500 without the text of an unexpected error, and reports it', () => {
    const reported: unknown[] = [];
    const bug = new RangeError('secret detail');
    const mapped = toHttpError(bug, (e) => reported.push(e));
    expect(mapped.status).toBe(500);
    expect(JSON.stringify(mapped.body)).not.toContain('secret detail');
    expect(reported).toEqual([bug]);
  });
});
