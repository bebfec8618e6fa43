import { describe, expect, it } from 'vitest';
import { createGptTokenizer } from './tokenizer.js';
import { TRUNCATION_MARKER, truncateToTokens } from './truncate-to-tokens.js';

const tokenizer = createGptTokenizer();
const long = 'The quick brown fox jumps over the lazy dog near the riverbank today. '.repeat(20);

describe('truncateToTokens', () => {
  it('returns text that fits unchanged', () => {
    expect(truncateToTokens('short text', 10, tokenizer)).toEqual({
      text: 'short text',
      tokens: 2,
      truncated: false,
    });
  });

  it.each([5, 8, 13, 40, 100])('cuts to at most %i tokens and ends with the marker', (max) => {
    const result = truncateToTokens(long, max, tokenizer);
    expect(result.truncated).toBe(true);
    expect(result.tokens).toBeLessThanOrEqual(max);
    expect(result.tokens).toBe(tokenizer.count(result.text));
    expect(result.text.endsWith(TRUNCATION_MARKER)).toBe(true);
  });

  it('keeps whole words where the cut is cheap', () => {
    const result = truncateToTokens(long, 20, tokenizer);
    const kept = result.text.slice(0, -TRUNCATION_MARKER.length).trimEnd();
    expect(long.startsWith(kept)).toBe(true);
    expect(long.charAt(kept.length)).toBe(' ');
  });

  it('returns the empty string when not even the marker fits', () => {
    expect(truncateToTokens(long, 1, tokenizer)).toEqual({ text: '', tokens: 0, truncated: true });
  });

  it('never leaves half a character behind', () => {
    const text = '日本語のテキスト😀'.repeat(30);
    for (const max of [6, 7, 9, 11, 17]) {
      const result = truncateToTokens(text, max, tokenizer);
      expect(result.text).not.toContain('\uFFFD');
      expect(result.tokens).toBeLessThanOrEqual(max);
    }
  });
});
