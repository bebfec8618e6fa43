import { describe, expect, it } from 'vitest';
import { maxConfidence, resolveStatusMerge } from './resolve-status-merge.js';
import {
  defaultStatusFor,
  ITEM_STATUSES,
  isStatusFor,
  STATE_ITEM_TYPES,
  type StateItemStatus,
  type StateItemType,
} from './state-item.js';

describe('item statuses', () => {
  it.each([
    ['decision', ['active', 'superseded'], 'active'],
    ['constraint', ['active', 'superseded'], 'active'],
    ['risk', ['active', 'superseded'], 'active'],
    ['action', ['open', 'blocked', 'done', 'superseded'], 'open'],
    ['question', ['open', 'answered', 'superseded'], 'open'],
  ] as const)('%s allows %j and defaults to %s', (type, statuses, fallback) => {
    expect(ITEM_STATUSES[type]).toEqual(statuses);
    expect(defaultStatusFor(type)).toBe(fallback);
    expect(isStatusFor(type, 'bogus')).toBe(false);
  });
});

describe('resolveStatusMerge', () => {
  const cases: readonly [StateItemType, StateItemStatus, StateItemStatus, StateItemStatus][] = [
    ['action', 'open', 'blocked', 'blocked'],
    ['action', 'blocked', 'done', 'done'],
    ['action', 'open', 'done', 'done'],
    ['action', 'done', 'superseded', 'superseded'],
    ['action', 'open', 'open', 'open'],
    ['question', 'open', 'answered', 'answered'],
    ['question', 'answered', 'superseded', 'superseded'],
    ['decision', 'active', 'superseded', 'superseded'],
    ['constraint', 'active', 'active', 'active'],
    ['risk', 'superseded', 'active', 'superseded'],
    ['decision', 'active', 'done', 'active'],
    ['action', 'answered', 'open', 'open'],
    ['question', 'done', 'active', 'open'],
  ];
  it.each(cases)('merges %s statuses %s and %s to %s', (type, a, b, expected) => {
    expect(resolveStatusMerge(type, a, b)).toBe(expected);
  });

  it('is commutative for every pair of every type', () => {
    for (const type of STATE_ITEM_TYPES) {
      for (const a of ITEM_STATUSES[type]) {
        for (const b of ITEM_STATUSES[type]) {
          expect(resolveStatusMerge(type, a, b)).toBe(resolveStatusMerge(type, b, a));
        }
      }
    }
  });
});

describe('maxConfidence', () => {
  it.each([
    ['low', 'medium', 'medium'],
    ['high', 'low', 'high'],
    ['medium', 'medium', 'medium'],
  ] as const)('keeps the higher of %s and %s', (a, b, expected) => {
    expect(maxConfidence(a, b)).toBe(expected);
  });
});
