import { describe, expect, it } from 'vitest';
import { runsBetween, withinHours } from './schedule-jobs.js';

describe('runsBetween', () => {
  it('lists the 30-minute slots within the configured UTC hours only', () => {
    const runs = runsBetween(
      withinHours(30, 8, 22),
      new Date('2026-01-26T21:00:00Z'),
      new Date('2026-01-27T09:00:00Z'),
    ).map((d) => d.toISOString());
    expect(runs).toEqual([
      '2026-01-26T21:30:00.000Z',
      '2026-01-26T22:00:00.000Z',
      '2026-01-26T22:30:00.000Z',
      '2026-01-27T08:00:00.000Z',
      '2026-01-27T08:30:00.000Z',
      '2026-01-27T09:00:00.000Z',
    ]);
  });
});
