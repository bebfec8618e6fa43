import { describe, expect, it } from 'vitest';
import { MAX_ITEM_TEXT_LENGTH, validateItem } from './validate-item.js';

const base = {
  typeTag: 'decision',
  text: 'Use Redis for caching',
  status: 'active',
  confidence: 'high',
  topicTags: ['caching'],
  refs: ['m1'],
  supersedes: null,
  conflict: false,
};

describe('validateItem', () => {
  it('accepts a complete candidate unchanged, with no issues', () => {
    const result = validateItem(base);
    expect(result).toEqual({
      ok: true,
      value: {
        candidate: { ...base, replaces: null, chosen: null },
        issues: [],
      },
    });
  });

  const fatal: readonly [string, unknown, string][] = [
    ['a non-object', 'decision', ''],
    ['an array', [base], ''],
    ['a type outside the five', { ...base, typeTag: 'fact' }, '/typeTag'],
    ['a missing type', { ...base, typeTag: undefined }, '/typeTag'],
    ['empty text', { ...base, text: '   ' }, '/text'],
    [
      'text over the length limit',
      { ...base, text: 'x'.repeat(MAX_ITEM_TEXT_LENGTH + 1) },
      '/text',
    ],
    ['missing refs', { ...base, refs: undefined }, '/refs'],
    ['empty refs', { ...base, refs: [] }, '/refs'],
    ['refs that are not strings', { ...base, refs: [1, null] }, '/refs'],
  ];
  it.each(fatal)('rejects %s', (_name, raw, path) => {
    const result = validateItem(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((issue) => issue.path)).toContain(path);
  });

  const coerced: readonly [string, Record<string, unknown>, Record<string, unknown>, string[]][] = [
    [
      'coerces a status the type does not allow to the default, with low confidence',
      { typeTag: 'action', status: 'active', confidence: 'high' },
      { status: 'open', confidence: 'low' },
      ['/status'],
    ],
    [
      'coerces an unknown status for a decision to active, with low confidence',
      { status: 'maybe' },
      { status: 'active', confidence: 'low' },
      ['/status'],
    ],
    [
      'accepts every status the type allows',
      { typeTag: 'question', status: 'answered' },
      { status: 'answered', confidence: 'high' },
      [],
    ],
    [
      'defaults a missing status and confidence silently',
      { typeTag: 'risk', status: undefined, confidence: undefined },
      { status: 'active', confidence: 'medium' },
      [],
    ],
    [
      'sets an invalid confidence to low',
      { confidence: 'certain' },
      { confidence: 'low' },
      ['/confidence'],
    ],
    [
      'normalises and de-duplicates tags, keeping three',
      { topicTags: ['Caching', 'caching', 'Perf Budget', 'a', 'b', 7] },
      { topicTags: ['caching', 'perf-budget', 'a'] },
      ['/topicTags'],
    ],
    [
      'ignores a supersedes value that is not a uid',
      { supersedes: 'Redis' },
      { supersedes: null },
      ['/supersedes'],
    ],
    [
      'keeps a supersedes uid',
      { supersedes: 'd_0123456789ab' },
      { supersedes: 'd_0123456789ab' },
      [],
    ],
    ['de-duplicates refs', { refs: ['m1', 'm1', 'm2'] }, { refs: ['m1', 'm2'] }, []],
    ['collapses whitespace in text', { text: ' Use\nRedis ' }, { text: 'Use Redis' }, []],
    ['reads only a literal true as a conflict', { conflict: 'yes' }, { conflict: false }, []],
    [
      'keeps structural hints when given',
      { replaces: ' Postgres ', chosen: 'ClickHouse' },
      { replaces: 'Postgres', chosen: 'ClickHouse' },
      [],
    ],
  ];
  it.each(coerced)('%s', (_name, patch, expected, issuePaths) => {
    const result = validateItem({ ...base, ...patch });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.candidate).toMatchObject(expected);
    expect(result.value.issues.map((issue) => issue.path)).toEqual(issuePaths);
  });
});
