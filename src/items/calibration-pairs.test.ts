import { describe, expect, it } from 'vitest';
import { comparableText, STATE_ITEM_TYPES, validateItem } from '../core/index.js';
import { CALIBRATION_LABELS, CALIBRATION_PAIRS } from './calibration-pairs.js';

describe('CALIBRATION_PAIRS', () => {
  it('holds 60 to 100 pairs with unique ids', () => {
    expect(CALIBRATION_PAIRS.length).toBeGreaterThanOrEqual(60);
    expect(CALIBRATION_PAIRS.length).toBeLessThanOrEqual(100);
    expect(new Set(CALIBRATION_PAIRS.map((p) => p.id)).size).toBe(CALIBRATION_PAIRS.length);
  });

  it('covers every label with every item type', () => {
    for (const label of CALIBRATION_LABELS) {
      const types = new Set(
        CALIBRATION_PAIRS.filter((p) => p.label === label).map((p) => p.typeTag),
      );
      expect([...types].sort(), label).toEqual([...STATE_ITEM_TYPES].sort());
    }
  });

  it('pairs two different texts that are each a valid item, and never repeats a pair', () => {
    const seen = new Set<string>();
    for (const pair of CALIBRATION_PAIRS) {
      expect(comparableText(pair.earlier), pair.id).not.toBe(comparableText(pair.later));
      for (const text of [pair.earlier, pair.later]) {
        expect(validateItem({ typeTag: pair.typeTag, text, refs: ['m'] }).ok, pair.id).toBe(true);
      }
      const key = `${comparableText(pair.earlier)}\u0000${comparableText(pair.later)}`;
      expect(seen.has(key), pair.id).toBe(false);
      seen.add(key);
    }
  });
});
