import { describe, expect, it } from 'vitest';
import { CONTEXT_WORDS, messageContext } from './search-index.js';

describe('messageContext', () => {
  it.each([
    ['', ''],
    ['  Hello   there \n friend ', 'Hello there friend'],
  ])('collapses whitespace of %j into %j', (previous, context) => {
    expect(messageContext(previous)).toBe(context);
  });

  it('keeps only the last CONTEXT_WORDS words of a long previous message', () => {
    const words = Array.from({ length: 45 }, (_, index) => `w${index}`);
    const context = messageContext(words.join(' '));
    expect(context.split(' ')).toEqual(words.slice(45 - CONTEXT_WORDS));
    expect(CONTEXT_WORDS).toBe(30);
  });
});
