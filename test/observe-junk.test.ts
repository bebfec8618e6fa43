// The bench's junk test (bench/observe/corpus.ts) and its breakdown of "X replaced Y" proposals:
// a superseded value named as the old side of a change is counted apart, never hidden.
import { describe, expect, it } from 'vitest';
import {
  benchJunk,
  junkOnlyAsReplaced,
  type Label,
  withoutReplacedValues,
} from '../bench/observe/corpus.js';

const label: Label = {
  durable: [{ id: 'tiles', kind: 'decision', must: ['porcelain'] }],
  noise: [['slate'], ['brb']],
  resolved: [],
};

describe('the old side of an "X replaced Y" change', () => {
  it('is taken out up to the closing parenthesis, semicolon or line end', () => {
    expect(withoutReplacedValues('Tiles: porcelain (porcelain replaced slate).')).toBe(
      'Tiles: porcelain (porcelain replaced).',
    );
    expect(withoutReplacedValues('porcelain replaced slate; brb')).toBe('porcelain replaced; brb');
    expect(withoutReplacedValues('Replaced slate tiles')).toBe('replaced');
  });

  it('counts a proposal junk only for the superseded value apart, and still as junk', () => {
    const text = 'Floor tiles are porcelain (porcelain replaced slate).';
    expect(benchJunk(text, label)).toBe(true);
    expect(junkOnlyAsReplaced(text, label)).toBe(true);
  });

  it('does not excuse a proposal that asserts the old value or holds other noise', () => {
    expect(junkOnlyAsReplaced('Floor tiles are slate.', label)).toBe(false);
    expect(junkOnlyAsReplaced('porcelain replaced slate; brb', label)).toBe(false);
    expect(junkOnlyAsReplaced('Slate is cheaper (porcelain replaced slate)', label)).toBe(false);
  });

  it('is not junk at all when no noise phrase is there', () => {
    expect(junkOnlyAsReplaced('Floor tiles are porcelain.', label)).toBe(false);
  });
});
