import { describe, expect, it } from 'vitest';
import {
  adaptThresholds,
  emptyStats,
  type LearningStats,
  recordOutcome,
  rollbackRules,
} from './learning.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const YESTERDAY = '2026-03-09T10:00:00.000Z';
const adaptive: Policy = {
  ...DEFAULT_POLICY,
  stage: '3',
  adaptiveLearning: { ...DEFAULT_POLICY.adaptiveLearning, enabled: true },
};

function repeat(
  stats: LearningStats,
  outcome: Parameters<typeof recordOutcome>[2],
  n: number,
  at = YESTERDAY,
) {
  let next = stats;
  for (let i = 0; i < n; i++) next = recordOutcome(next, 'travel', outcome, at);
  return next;
}

describe('adaptThresholds', () => {
  it('does nothing while adaptive learning is disabled', () => {
    const stats = repeat(emptyStats(DEFAULT_POLICY), 'correction', 5);
    expect(adaptThresholds(DEFAULT_POLICY, stats, NOW)).toBeNull();
  });

  it('raises auto by an EMA step after a day of corrected auto-commits', () => {
    let stats = repeat(emptyStats(adaptive), 'auto_commit', 10);
    stats = repeat(stats, 'correction', 2);
    const next = adaptThresholds(adaptive, stats, NOW);
    // target 0.95, alpha 0.3: 0.3 × 0.95 + 0.7 × 0.90 = 0.915
    expect(next?.domains.travel.auto).toBeCloseTo(0.915, 4);
    expect(next?.domains.family.auto).toBe(0.9);
  });

  it('lowers both thresholds a little when the user confirms nearly every question', () => {
    const stats = repeat(repeat(emptyStats(adaptive), 'ask', 5), 'confirmed', 5);
    const next = adaptThresholds(adaptive, stats, NOW);
    expect(next?.domains.travel.auto).toBeCloseTo(0.894, 4);
    expect(next?.domains.travel.ask).toBeCloseTo(0.644, 4);
  });

  it('never leaves the hard bounds', () => {
    let policy: Policy = adaptive;
    let stats = repeat(emptyStats(adaptive), 'auto_commit', 10);
    stats = repeat(stats, 'correction', 10);
    for (let day = 0; day < 60; day++) policy = adaptThresholds(policy, stats, NOW) ?? policy;
    expect(policy.domains.travel.auto).toBeLessThanOrEqual(0.99);
    let low = adaptive;
    const happy = repeat(repeat(emptyStats(adaptive), 'ask', 9), 'confirmed', 9);
    for (let day = 0; day < 200; day++) low = adaptThresholds(low, happy, NOW) ?? low;
    expect(low.domains.travel.auto).toBeGreaterThanOrEqual(0.8);
    expect(low.domains.travel.ask).toBeGreaterThanOrEqual(0.55);
  });
});

describe('rollbackRules', () => {
  const inputs = { schemaSuccess24h: 1, lastRaise: {} };

  it('pins travel to stage 1 after a corrected auto-commit in an advanced stage', () => {
    const policy: Policy = { ...DEFAULT_POLICY, stage: '2' };
    const stats = recordOutcome(
      emptyStats(policy),
      'travel',
      'correction',
      '2026-03-10T09:00:00.000Z',
    );
    const rollback = rollbackRules(policy, stats, NOW, inputs);
    expect(rollback?.policy.domains.travel.stage).toBe('1');
    expect(rollback?.reasons.join(' ')).toMatch(/P0/);
  });

  it('raises auto by 0.05 and forces 20 confirmations above a 5% weekly correction rate', () => {
    let stats = repeat(emptyStats(DEFAULT_POLICY), 'auto_commit', 10, '2026-03-08T10:00:00.000Z');
    stats = repeat(stats, 'correction', 1, '2026-03-08T10:00:00.000Z');
    const rollback = rollbackRules(DEFAULT_POLICY, stats, NOW, inputs);
    expect(rollback?.policy.domains.travel.auto).toBeCloseTo(0.95, 6);
    expect(rollback?.forceConfirm).toEqual({ travel: 20 });
    expect(
      rollbackRules(DEFAULT_POLICY, stats, NOW, { ...inputs, lastRaise: { travel: '2026-03-08' } }),
    ).toBeNull();
  });

  it('falls back to stage M and disables learning when schema validation drops below 99.5%', () => {
    const rollback = rollbackRules(adaptive, emptyStats(adaptive), NOW, {
      schemaSuccess24h: 0.99,
      lastRaise: {},
    });
    expect(rollback?.policy.stage).toBe('M');
    expect(rollback?.policy.adaptiveLearning.enabled).toBe(false);
    expect(
      rollbackRules(DEFAULT_POLICY, emptyStats(DEFAULT_POLICY), NOW, {
        schemaSuccess24h: 0.99,
        lastRaise: {},
      }),
    ).toBeNull();
  });

  it('counts down the stage-1 calibration with each mutation', () => {
    const stats = repeat(emptyStats(DEFAULT_POLICY), 'mutation', 31);
    expect(stats.travel.calibrationRemaining).toBe(0);
    expect(stats.travel.mutations).toBe(31);
  });
});
