import { describe, expect, it } from 'vitest';
import { deriveLastSeenAt } from './derive-last-seen-at.js';
import { filterRefs } from './filter-refs.js';
import {
  createItem,
  flagConflict,
  type ItemContext,
  mergeItem,
  supersedeItem,
} from './merge-item.js';
import type { CandidateItem, StateItem } from './state-item.js';

const NOW = '2026-03-01T12:00:00.000Z';
const times = new Map([
  ['m1', '2026-03-01T09:00:00.000Z'],
  ['m2', '2026-03-01T10:00:00.000Z'],
  ['m3', '2026-03-01T11:00:00.000Z'],
]);
const context: ItemContext = { createdAtById: times, now: NOW, source: 'rules' };

function candidate(patch: Partial<CandidateItem> = {}): CandidateItem {
  return {
    typeTag: 'action',
    text: 'Send the deck to Dana',
    status: 'open',
    confidence: 'medium',
    topicTags: ['deck'],
    refs: ['m1', 'm2'],
    supersedes: null,
    replaces: null,
    chosen: null,
    conflict: false,
    ...patch,
  };
}

describe('deriveLastSeenAt', () => {
  const cases: readonly [string, string[], string | null, string][] = [
    ['takes the newest ref on insert', ['m2', 'm1'], null, '2026-03-01T10:00:00.000Z'],
    ['moves forward on merge', ['m3'], '2026-03-01T10:30:00.000Z', '2026-03-01T11:00:00.000Z'],
    [
      'never moves backward on merge',
      ['m1'],
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T10:30:00.000Z',
    ],
    ['ignores refs with no known time', ['zz', 'm1'], null, '2026-03-01T09:00:00.000Z'],
    ['falls back when no ref is known', ['zz'], null, NOW],
    [
      'keeps the previous value when no ref is known',
      ['zz'],
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00Z',
    ],
  ];
  it.each(cases)('%s', (_name, refs, previous, expected) => {
    expect(deriveLastSeenAt(refs, times, previous, NOW)).toBe(expected);
  });

  it('compares instants, not strings, across offsets', () => {
    const offsets = new Map([
      ['a', '2026-03-01T10:00:00+02:00'],
      ['b', '2026-03-01T09:00:00Z'],
    ]);
    expect(deriveLastSeenAt(['a', 'b'], offsets, null, NOW)).toBe('2026-03-01T09:00:00Z');
  });
});

describe('filterRefs', () => {
  it('keeps only allowed refs, once each, in order', () => {
    expect(filterRefs(['m2', 'x', 'm1', 'm2'], new Set(['m1', 'm2']))).toEqual(['m2', 'm1']);
  });
});

describe('createItem', () => {
  it('builds an item whose lastSeenAt is its newest ref', () => {
    const item = createItem(candidate(), context);
    expect(item).toMatchObject({
      uid: expect.stringMatching(/^a_[0-9a-f]{12}$/),
      status: 'open',
      source: 'rules',
      createdAt: NOW,
      updatedAt: NOW,
      lastSeenAt: '2026-03-01T10:00:00.000Z',
      replacedBy: null,
      supersessionEvidence: null,
      pinned: false,
      conflict: false,
    });
  });

  it('never creates a superseded item from extraction', () => {
    expect(createItem(candidate({ status: 'superseded' }), context).status).toBe('open');
  });
});

describe('mergeItem', () => {
  const existing: StateItem = {
    ...createItem(candidate({ refs: ['m1'], topicTags: ['deck', 'sales'] }), {
      ...context,
      now: '2026-02-01T00:00:00.000Z',
    }),
    lastSeenAt: '2026-03-01T10:30:00.000Z',
  };

  it('unions refs and tags (capped at three), keeps the higher confidence and moves lastSeenAt forward', () => {
    const merged = mergeItem(
      existing,
      candidate({ refs: ['m1', 'm3'], topicTags: ['dana', 'q3'], confidence: 'high' }),
      context,
    );
    expect(merged).toMatchObject({
      uid: existing.uid,
      text: existing.text,
      refs: ['m1', 'm3'],
      topicTags: ['deck', 'sales', 'dana'],
      confidence: 'high',
      lastSeenAt: '2026-03-01T11:00:00.000Z',
      createdAt: '2026-02-01T00:00:00.000Z',
      updatedAt: NOW,
    });
  });

  it('does not age an item when the new refs are older', () => {
    expect(mergeItem(existing, candidate({ refs: ['m1'] }), context).lastSeenAt).toBe(
      '2026-03-01T10:30:00.000Z',
    );
  });

  it.each([
    ['open', 'done', 'done'],
    ['done', 'open', 'done'],
    ['blocked', 'open', 'blocked'],
    ['open', 'superseded', 'open'],
  ] as const)('resolves status %s + %s to %s', (old, incoming, expected) => {
    const merged = mergeItem(
      { ...existing, status: old },
      candidate({ status: incoming }),
      context,
    );
    expect(merged.status).toBe(expected);
  });

  it('keeps a conflict flag once raised', () => {
    expect(mergeItem({ ...existing, conflict: true }, candidate(), context).conflict).toBe(true);
    expect(mergeItem(existing, candidate({ conflict: true }), context).conflict).toBe(true);
  });
});

describe('supersedeItem and flagConflict', () => {
  const item = createItem(candidate(), context);

  it('marks the old item superseded with its replacement and evidence', () => {
    const evidence = {
      trigger: 'instead',
      refMessageId: 'm3',
      candidateUid: 'a_0123456789ab',
      basis: 'similarity' as const,
      score: 0.88,
    };
    expect(supersedeItem(item, evidence, '2026-03-02T00:00:00Z')).toMatchObject({
      status: 'superseded',
      replacedBy: 'a_0123456789ab',
      supersessionEvidence: evidence,
      updatedAt: '2026-03-02T00:00:00Z',
    });
  });

  it('raises the conflict flag, leaving an already flagged item untouched', () => {
    const flagged = flagConflict(item, '2026-03-02T00:00:00Z');
    expect(flagged).toMatchObject({ conflict: true, updatedAt: '2026-03-02T00:00:00Z' });
    expect(flagConflict(flagged, '2026-03-03T00:00:00Z')).toBe(flagged);
  });
});
