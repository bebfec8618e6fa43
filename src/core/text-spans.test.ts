import { describe, expect, it } from 'vitest';
import { replaceSpans, type TextSpan } from './text-spans.js';

describe('replaceSpans', () => {
  it.each<{ name: string; text: string; spans: TextSpan[]; expected: string }>([
    { name: 'no span', text: 'gate code 4471', spans: [], expected: 'gate code 4471' },
    {
      name: 'one span in the middle',
      text: 'gate code 4471 today',
      spans: [{ start: 10, end: 14 }],
      expected: 'gate code [x] today',
    },
    {
      name: 'spans at both ends',
      text: '4471 and 9920',
      spans: [
        { start: 0, end: 4 },
        { start: 9, end: 13 },
      ],
      expected: '[x] and [x]',
    },
    {
      name: 'an empty span inserts',
      text: 'Moved. Kept.',
      spans: [{ start: 0, end: 0 }],
      expected: '[x]Moved. Kept.',
    },
  ])('$name', ({ text, spans, expected }) => {
    expect(replaceSpans(text, spans, () => '[x]')).toBe(expected);
  });

  it('gives each span its own replacement', () => {
    const spans = [
      { start: 4, end: 9, word: 'one' },
      { start: 14, end: 19, word: 'two' },
    ];
    expect(replaceSpans('the first and later', spans, (span) => span.word)).toBe('the one and two');
  });
});
