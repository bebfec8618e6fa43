import { describe, expect, it } from 'vitest';
import { comparableText, normalizeTopicTag } from './comparable-text.js';
import { computeUid, ITEM_UID_PATTERN } from './compute-uid.js';
import { STATE_ITEM_TYPES, type StateItemType } from './state-item.js';

describe('comparableText', () => {
  const cases: readonly [string, string, string][] = [
    ['lower-cases', 'Use PostgreSQL', 'use postgresql'],
    ['trims', '  use redis \t', 'use redis'],
    [
      'collapses whitespace, newlines included',
      'use\n\n  redis\tfor  caching',
      'use redis for caching',
    ],
    ['removes straight quotes', `use "redis" for 'caching'`, 'use redis for caching'],
    ['removes curly quotes and guillemets', 'use “redis” ‘now’ «ok»', 'use redis now ok'],
    ['removes backticks', 'run `npm ci`', 'run npm ci'],
    ['strips a dash bullet', '- use redis', 'use redis'],
    ['strips a star bullet', '* use redis', 'use redis'],
    ['strips a bullet glyph', '• use redis', 'use redis'],
    ['strips a numbered bullet', '1. use redis', 'use redis'],
    ['strips a parenthesised number', '2) use redis', 'use redis'],
    ['strips a checkbox after a bullet', '- [x] ship it', 'ship it'],
    ['keeps a leading number that is not a bullet', '2 replicas minimum', '2 replicas minimum'],
    ['keeps inner hyphens', 'use read-only replicas', 'use read-only replicas'],
    ['composes to NFC', 'cafe\u0301 menu', 'caf\u00e9 menu'],
    ['maps an empty text to empty', '   ', ''],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(comparableText(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const [, input] of cases) {
      expect(comparableText(comparableText(input))).toBe(comparableText(input));
    }
  });
});

describe('normalizeTopicTag', () => {
  it.each([
    ['Caching', 'caching'],
    ['  Analytics Pipeline ', 'analytics-pipeline'],
    ['node.js', 'node.js'],
    ['C++', 'c++'],
    ['"auth"!', 'auth'],
    ['---', ''],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeTopicTag(input)).toBe(expected);
  });
});

describe('computeUid', () => {
  const prefixes: readonly [StateItemType, string][] = [
    ['decision', 'd_'],
    ['constraint', 'c_'],
    ['action', 'a_'],
    ['question', 'q_'],
    ['risk', 'r_'],
  ];
  it.each(prefixes)('prefixes %s uids with %s and 12 hex digits', (type, prefix) => {
    const uid = computeUid(type, 'Use Redis for caching');
    expect(uid.startsWith(prefix)).toBe(true);
    expect(uid).toMatch(ITEM_UID_PATTERN);
    expect(uid).toHaveLength(14);
  });

  it('hashes type + ":" + the normalised text (sha256, first 12 hex digits)', () => {
    // sha256("decision:use redis for caching"), computed independently.
    expect(computeUid('decision', 'Use Redis for caching')).toBe('d_c93ad1db7fb2');
  });

  it('gives the same uid to texts that differ only in case, quotes, bullets and spacing', () => {
    const uid = computeUid('decision', 'Use Redis for caching');
    for (const variant of [
      '- use  "Redis" for caching',
      '  USE REDIS FOR CACHING',
      '1. Use Redis\nfor caching',
    ]) {
      expect(computeUid('decision', variant)).toBe(uid);
    }
  });

  it('gives different uids to different types with the same text', () => {
    const uids = new Set(STATE_ITEM_TYPES.map((type) => computeUid(type, 'check the logs')));
    expect(uids.size).toBe(STATE_ITEM_TYPES.length);
  });

  it('gives different uids to different texts', () => {
    expect(computeUid('decision', 'Use Redis')).not.toBe(computeUid('decision', 'Use Memcached'));
  });
});
