import { describe, expect, it } from 'vitest';
import { createPinoLogger } from './pino-logger.js';

function capture(): { lines: () => Record<string, unknown>[]; write: (line: string) => void } {
  const raw: string[] = [];
  return {
    write: (line) => {
      raw.push(line);
    },
    lines: () =>
      raw
        .join('')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('createPinoLogger', () => {
  it('writes one JSON line per call with the level name, message, time and fields', () => {
    const out = capture();
    const logger = createPinoLogger({ level: 'info', destination: out });
    logger.info('job completed', { queue: 'verity.poll', attempts: 2 });
    const [line] = out.lines();
    expect(line).toMatchObject({ level: 'info', msg: 'job completed', queue: 'verity.poll' });
    expect(line?.['attempts']).toBe(2);
    expect(typeof line?.['time']).toBe('string');
    expect(Number.isNaN(Date.parse(String(line?.['time'])))).toBe(false);
  });

  it('drops lines below the level and keeps those at or above it', () => {
    const out = capture();
    const logger = createPinoLogger({ level: 'warn', destination: out });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(out.lines().map((l) => l['msg'])).toEqual(['w', 'e']);
  });

  it('logs nothing at level silent', () => {
    const out = capture();
    const logger = createPinoLogger({ level: 'silent', destination: out });
    logger.error('e');
    expect(out.lines()).toEqual([]);
  });

  it('adds child bindings to every line and serialises an error under `error`', () => {
    const out = capture();
    const logger = createPinoLogger({ destination: out }).child({ component: 'jobs' });
    logger.error('job failed', { error: new Error('calendar unreachable') });
    const [line] = out.lines();
    expect(line?.['component']).toBe('jobs');
    expect(line?.['error']).toMatchObject({ type: 'Error', message: 'calendar unreachable' });
  });
});
