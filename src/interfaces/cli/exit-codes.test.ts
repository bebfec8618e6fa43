import { describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import { EXIT_CODES, exitCodeFor } from './exit-codes.js';

describe('exitCodeFor', () => {
  it('gives a store that stayed busy past the wait limit its own code, apart from failures', () => {
    const busy = new EngineError('STORE_FAILED', 'the SQLite store is busy', {
      operation: 'lock',
      busy: true,
    });
    expect(exitCodeFor(busy)).toBe(EXIT_CODES.busy);
    expect(EXIT_CODES.busy).toBe(4);
    const broken = new EngineError('STORE_FAILED', 'SQLite open failed', { operation: 'open' });
    expect(exitCodeFor(broken)).toBe(EXIT_CODES.failure);
  });
});
