import { describe, expect, it } from 'vitest';
import { isGaugeReading } from './gauge-reading.js';

describe('isGaugeReading', () => {
  it.each([
    'Battery 7% now',
    'Signal at 1 bar',
    'The answer is 17',
    'CPU temp 83C',
    'Humidity at 64%',
    'The rain gauge reads 0',
    'The total is 2,315',
    'Disk on nas2 at 97%',
  ])('reads "%s" as a gauge read now', (clause) => {
    expect(isGaugeReading(clause)).toBe(true);
  });

  // Near misses: a setting of the quantity, a figure with a scope, a capacity, a sentence.
  it.each([
    'Max battery is 80',
    'Disk alert at 85%',
    'Memory is 256 MB per worker',
    'The battery is 4000 mAh',
    'The total budget is 9000',
    'Keep the disk under 70%',
    'The answer is to restart it',
  ])('does not read "%s" as a gauge read now', (clause) => {
    expect(isGaugeReading(clause)).toBe(false);
  });
});
