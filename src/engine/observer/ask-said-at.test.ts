import { describe, expect, it } from 'vitest';
import { whenSaid } from './ask.js';

describe('whenSaid: a promoted entry is dated by when it was said', () => {
  const saidAt = new Map<string, string | null>([
    ['o1', '2026-06-01T09:00:00.000Z'],
    ['o2', '2026-06-03T09:00:00Z'],
    ['o3', null],
  ]);

  it('takes the newest time among its source observations', () => {
    expect(whenSaid(['o1', 'o2'], saidAt)).toBe('2026-06-03T09:00:00Z');
    expect(whenSaid(['o2', 'o1', 'o3'], saidAt)).toBe('2026-06-03T09:00:00Z');
  });

  it('is null when no source observation is found or dated (the approval time then stands)', () => {
    expect(whenSaid(['gone'], saidAt)).toBeNull();
    expect(whenSaid(['o3'], saidAt)).toBeNull();
    expect(whenSaid([], saidAt)).toBeNull();
  });
});
