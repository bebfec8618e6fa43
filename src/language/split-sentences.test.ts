import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

// Moved from src/items (the state items' splitter is now this one, without typography).
describe('splitSentences', () => {
  const cases: readonly [string, string, string[]][] = [
    [
      'splits after periods',
      "Let's use Redis. We must cache.",
      ["Let's use Redis.", 'We must cache.'],
    ],
    [
      'splits after ! and ?',
      'Ship it! Should we wait? No.',
      ['Ship it!', 'Should we wait?', 'No.'],
    ],
    ['splits lower-case sentences too', 'use redis. then ship', ['use redis.', 'then ship']],
    [
      'keeps abbreviations inside a sentence',
      'Use a cache, e.g. Redis for now.',
      ['Use a cache, e.g. Redis for now.'],
    ],
    ['keeps version numbers', 'Use Node 20.11 everywhere.', ['Use Node 20.11 everywhere.']],
    [
      "splits after a possessive's s, which is no initial",
      "that one was july's. the august bill is still open",
      ["that one was july's.", 'the august bill is still open'],
    ],
    [
      "splits after a contraction's s",
      "no idea what it's. we'll see",
      ["no idea what it's.", "we'll see"],
    ],
    ['keeps a lone initial with its name', 'ask J. Smith first', ['ask J. Smith first']],
    ['splits lines', 'first line\nsecond line', ['first line', 'second line']],
    [
      'strips bullets and checkboxes',
      '- [ ] update docs\n* fix CI\n2. ship',
      ['update docs', 'fix CI', 'ship'],
    ],
    ['strips headings, quotes and bold', '## Plan\n> **TODO:** ship', ['Plan', 'TODO: ship']],
    ['drops fenced code', 'Before.\n```\nlet x = 1;\n```\nAfter.', ['Before.', 'After.']],
    ['drops an unterminated fence', 'Before.\n```\ncode', ['Before.']],
    ['skips blank lines', '\n\n  \nhello\n', ['hello']],
    [
      'keeps an exclaimed subject with its lower-case predicate',
      'my brother! got the job',
      ['my brother! got the job'],
    ],
    [
      'keeps an exclaimed subject before several marks',
      'Our landlord!! finally fixed the boiler.',
      ['Our landlord!! finally fixed the boiler.'],
    ],
    ['still splits after an interjection', 'wow! passed the exam', ['wow!', 'passed the exam']],
    [
      'still splits after "my god!"',
      'my god! missed the bus again',
      ['my god!', 'missed the bus again'],
    ],
    ['still splits after a vocative name', 'Mum! got home fine', ['Mum!', 'got home fine']],
    [
      'still splits before an upper-case sentence',
      'My cousin! She moved to Accra.',
      ['My cousin!', 'She moved to Accra.'],
    ],
  ];
  it.each(cases)('%s', (_name, content, expected) => {
    expect(splitSentences(content, { typography: false }).map((s) => s.text)).toEqual(expected);
  });
});
