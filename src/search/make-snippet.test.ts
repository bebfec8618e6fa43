import { describe, expect, it } from 'vitest';
import { makeSnippet } from './make-snippet.js';

describe('makeSnippet', () => {
  it('keeps a short text whole, with whitespace collapsed', () => {
    expect(makeSnippet('  We land\n in Denver  at noon. ', ['denver'])).toBe(
      'We land in Denver at noon.',
    );
  });

  it('cuts a long text around the first word that starts like a term', () => {
    const text = `${'filler '.repeat(40)}the marathon training plan starts on Monday ${'tail '.repeat(40)}`;
    const snippet = makeSnippet(text, ['trained'], 60);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('training plan');
    expect(snippet.length).toBeLessThanOrEqual(62);
  });

  it('starts at the beginning when nothing matches', () => {
    const snippet = makeSnippet('word '.repeat(100), ['absent'], 40);
    expect(snippet.startsWith('word')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });
});
