import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';
import { comparisonOf } from './comparison.js';

/** The rejected words of a sentence's comparison, or null when it compares nothing. */
function rejected(text: string): string | null {
  const analysis = analyseClause(text);
  const comparison = comparisonOf(analysis);
  if (comparison === null) return null;
  const [start, end] = comparison.rejected;
  return analysis.tokens
    .slice(start, end)
    .map((t) => t.text)
    .join(' ');
}

describe('comparisonOf', () => {
  it('reads the rejected thing after each marker, whatever follows it', () => {
    expect(rejected('I prefer green tea over black coffee in the evenings')).toBe('black coffee');
    expect(rejected('we went with the train rather than the bus')).toBe('the bus');
    expect(rejected('Use the blue folder instead of the red one')).toBe('the red one');
    expect(rejected("I'd rather walk than a taxi")).toBe('a taxi');
  });

  it('reads no comparison in "over" meaning "more than", "during" or "by"', () => {
    expect(rejected('anything over 3 km is too far')).toBeNull();
    expect(rejected('we painted the fence over the weekend')).toBeNull();
    expect(rejected('she told me over the phone')).toBeNull();
    expect(rejected('I like the green mug')).toBeNull();
  });
});
