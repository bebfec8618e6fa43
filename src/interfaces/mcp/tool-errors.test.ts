import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../core/index.js';
import { EngineError } from '../../core/index.js';
import { TOOL_ERRORS, toToolError } from './tool-errors.js';

describe('toToolError', () => {
  it.each<[ErrorCode, string]>([
    ['VALIDATION_FAILED', 'VALIDATION_FAILED: bad field Fix the arguments'],
    ['NOT_FOUND', 'NOT_FOUND: bad field Check the id'],
    ['CONFLICT', 'CONFLICT: bad field The state moved on'],
    ['STORE_FAILED', 'Internal error (STORE_FAILED): bad field'],
    ['PROVIDER_FAILED', 'Internal error (PROVIDER_FAILED): bad field'],
    ['CONFIG_INVALID', 'Internal error (CONFIG_INVALID): bad field'],
  ])('maps %s to an isError result starting "%s"', (code, prefix) => {
    const reported: unknown[] = [];
    const result = toToolError(new EngineError(code, 'bad field'), 'get_state', (e) =>
      reported.push(e),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining(prefix) }]);
    expect(reported).toHaveLength(TOOL_ERRORS[code].fault === 'internal' ? 1 : 0);
  });

  it('hides the text of unexpected errors from the model and reports them', () => {
    const reported: unknown[] = [];
    const bug = new TypeError('secret detail');
    const result = toToolError(bug, 'get_state', (e) => reported.push(e));
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).not.toContain('secret detail');
    expect(reported).toEqual([bug]);
  });
});
