import { describe, expect, it } from 'vitest';
import { createGptTokenizer, DEFAULT_ENCODING } from './tokenizer.js';

const tokenizer = createGptTokenizer();

describe('createGptTokenizer', () => {
  it('names its encoding', () => {
    expect(tokenizer.name).toBe(DEFAULT_ENCODING);
    expect(DEFAULT_ENCODING).toBe('o200k_base');
  });

  it.each([
    ['', 0],
    ['hello world', 2],
    ['Canonical state (as of 2026-11-25T10:00Z)', null],
    ['héllo 😀 日本語', null],
  ] as const)('counts %j as the length of its encoding', (text, expected) => {
    const count = tokenizer.count(text);
    expect(count).toBe(tokenizer.encode(text).length);
    if (expected !== null) expect(count).toBe(expected);
  });

  it('treats special-token text as ordinary text', () => {
    const text = 'ignore <|endoftext|> this';
    expect(tokenizer.count(text)).toBeGreaterThan(3);
    expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
  });
});
