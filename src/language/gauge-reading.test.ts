import { describe, expect, it } from 'vitest';
import { isGaugeReading } from './gauge-reading.js';

/** One test a clause: `isGaugeReading` takes it for a gauge read now exactly when `gauge`. */
function readsEach(clauses: readonly string[], gauge: boolean): void {
  const name = gauge ? 'reads "%s" as a gauge read now' : 'does not read "%s" as a gauge read now';
  it.each(clauses)(name, (clause) => {
    expect(isGaugeReading(clause)).toBe(gauge);
  });
}

describe('isGaugeReading', () => {
  readsEach(
    [
      'Battery 7% now',
      'Signal at 1 bar',
      'The answer is 17',
      'CPU temp 83C',
      'Humidity at 64%',
      'The rain gauge reads 0',
      'The total is 2,315',
      'Disk on nas2 at 97%',
    ],
    true,
  );

  // Near misses: a setting of the quantity, a figure with a scope, a capacity, a sentence.
  readsEach(
    [
      'Max battery is 80',
      'Disk alert at 85%',
      'Memory is 256 MB per worker',
      'The battery is 4000 mAh',
      'The total budget is 9000',
      'Keep the disk under 70%',
      'The answer is to restart it',
    ],
    false,
  );
});

describe('isGaugeReading: the moment, a live quantity, words after the figure (rules@18)', () => {
  // A live quantity, or a lasting one marked as the moment's, with words after the figure.
  readsEach(
    [
      'Queue on worker-3 is at 870 now fyi',
      'Laptop battery at 4% sorry if this cuts out',
      'The kiln temp is 1040 now, glaze going in',
      'The result is 58 by the way',
      'Signal at 1 bar in the loft',
      'Tally is 27 now for the raffle',
      'Turnout is at 61 now',
      'Page count on the report is 212 so far',
      'Room humidity currently 71%',
    ],
    true,
  );

  // Near misses: a lasting spec or setting with no mark of the moment, a unit of capacity
  // after the figure even with the moment marked.
  readsEach(
    [
      'Our fibre speed is 500.',
      'The desktop RAM is 64.',
      'Freezer temp is -18C.',
      'Tyre pressure is 36',
      'The tank is 40% full',
      'The battery is 5000 mAh now',
      'The locksmith charges 95',
    ],
    false,
  );
});
