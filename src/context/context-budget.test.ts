import { describe, expect, it } from 'vitest';
import { BUDGETED_SECTIONS, CONTEXT_BUDGET_SPLITS, CONTEXT_MODES } from './context-budget.js';

// Seed 001's prompt-builder shares, with no canonical state.
const SEED = {
  full: { skills: 10, summary: 6, state_items: 14, memories: 15, tail: 55 },
  minimal: { skills: 8, summary: 6, state_items: 14, memories: 12, tail: 60 },
} as const;
const CANONICAL_SHARE = 12;

function scaleSeed(mode: keyof typeof SEED): Record<string, number> {
  const scale = (100 - CANONICAL_SHARE) / 100;
  const raw = Object.entries(SEED[mode]).map(([name, share]) => ({ name, value: share * scale }));
  const floors = raw.map(({ name, value }) => ({
    name,
    share: Math.floor(value),
    rest: value % 1,
  }));
  let missing = 100 - CANONICAL_SHARE - floors.reduce((sum, { share }) => sum + share, 0);
  for (const entry of [...floors].sort((a, b) => b.rest - a.rest)) {
    if (missing === 0) break;
    entry.share += 1;
    missing -= 1;
  }
  return Object.fromEntries([
    ...floors.map(({ name, share }) => [name, share]),
    ['canonical_state', CANONICAL_SHARE],
  ]);
}

describe('CONTEXT_BUDGET_SPLITS', () => {
  it.each(CONTEXT_MODES)('gives every %s section a share, summing to 100', (mode) => {
    const shares = CONTEXT_BUDGET_SPLITS[mode];
    expect(Object.keys(shares)).toEqual([...BUDGETED_SECTIONS]);
    expect(Object.values(shares).reduce((sum, share) => sum + share, 0)).toBe(100);
  });

  it.each(CONTEXT_MODES)(
    'scales the seed %s split by 0.88 (largest remainder) to free 12 % for canonical state',
    (mode) => {
      expect(CONTEXT_BUDGET_SPLITS[mode]).toEqual(scaleSeed(mode));
    },
  );

  it('favours the tail more in minimal mode, and skills and memories less', () => {
    const { full, minimal } = CONTEXT_BUDGET_SPLITS;
    expect(minimal.tail).toBeGreaterThan(full.tail);
    expect(minimal.skills).toBeLessThan(full.skills);
    expect(minimal.memories).toBeLessThan(full.memories);
    expect(minimal.canonical_state).toBe(full.canonical_state);
  });
});
