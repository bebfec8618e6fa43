import { describe, expect, it } from 'vitest';
import { CALIBRATED_THRESHOLDS, CALIBRATION_RECORDS, thresholdsFor } from './calibrations.js';
import { DEFAULT_RECONCILE_THRESHOLDS } from './reconcile-candidates.js';

describe('thresholdsFor', () => {
  it.each([
    ['no model', null],
    ['an uncalibrated model', 'text-embedding-3-small@1'],
    ['a prototype property name', 'constructor'],
    ['a model id without its version', 'universal-sentence-encoder-lite'],
  ])('gives the seed defaults for %s', (_name, modelId) => {
    expect(thresholdsFor(modelId)).toEqual(DEFAULT_RECONCILE_THRESHOLDS);
  });

  it('gives each calibrated model its own thresholds', () => {
    const keys = Object.keys(CALIBRATED_THRESHOLDS);
    expect(keys).toContain('universal-sentence-encoder-lite@0.2.0');
    for (const key of keys) expect(thresholdsFor(key)).toBe(CALIBRATED_THRESHOLDS[key]);
  });
});

describe('CALIBRATED_THRESHOLDS', () => {
  it.each(Object.entries(CALIBRATED_THRESHOLDS))('for %s are a valid band', (_key, t) => {
    expect(t.conflict).toBeGreaterThanOrEqual(-1);
    expect(t.conflict).toBeLessThanOrEqual(t.merge);
    expect(t.merge).toBeLessThanOrEqual(1);
  });

  it('each come with the record of how they were measured', () => {
    expect(Object.keys(CALIBRATION_RECORDS).sort()).toEqual(
      Object.keys(CALIBRATED_THRESHOLDS).sort(),
    );
    for (const record of Object.values(CALIBRATION_RECORDS)) {
      expect(record.pairs.train + record.pairs.heldOut).toBe(record.pairs.all);
      expect(record.calibrated.all.correct).toBe(
        record.calibrated.train.correct + record.calibrated.heldOut.correct,
      );
    }
  });
});
