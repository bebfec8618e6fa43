import { describe, expect, it } from 'vitest';
import { stateItem } from './__fixtures__/state-item.js';
import { compareForRendering, renderStateSection } from './render-state-section.js';
import type { StateItem } from './state-item.js';

const AT = '2026-02-16T15:00:00.000Z';
let counter = 0;
function item(patch: Partial<StateItem>): StateItem {
  counter++;
  return stateItem({
    uid: `d_${String(counter).padStart(12, '0')}`,
    text: `item ${counter}`,
    createdAt: AT,
    lastSeenAt: AT,
    updatedAt: AT,
    ...patch,
  });
}

describe('renderStateSection', () => {
  it('renders nothing for no items', () => {
    expect(renderStateSection([])).toBe('');
  });

  it('renders nothing when every item is superseded', () => {
    expect(renderStateSection([item({ status: 'superseded' })])).toBe('');
  });

  it('renders the seed format: header, one line per item, in priority order', () => {
    const items = [
      item({
        uid: 'q_mno345mno345',
        typeTag: 'question',
        status: 'open',
        confidence: 'low',
        topicTags: ['arch'],
        text: 'Cache embeddings client-side?',
      }),
      item({
        uid: 'r_jkl012jkl012',
        typeTag: 'risk',
        topicTags: ['security'],
        text: 'No rate limiting on refresh',
        conflict: true,
        confidence: 'high',
      }),
      item({
        uid: 'a_def456def456',
        typeTag: 'action',
        status: 'open',
        topicTags: ['deploy', 'db'],
        text: 'Run migration 025',
      }),
      item({
        uid: 'd_abc123abc123',
        topicTags: ['auth'],
        refs: ['m1', 'm2'],
        text: 'Use OAuth2 PKCE flow',
        updatedAt: '2026-02-16T15:42:31.000Z',
      }),
      item({ status: 'superseded', text: 'Use sessions' }),
    ];
    expect(renderStateSection(items)).toMatchInlineSnapshot(`
      "State (updated: 2026-02-16T15:42Z, items: 4)
      [d_abc123abc123] DECISION (active) auth: Use OAuth2 PKCE flow [refs:2]
      [a_def456def456] ACTION (open) deploy: Run migration 025 [refs:1]
      [r_jkl012jkl012] RISK (active, high) security: No rate limiting on refresh [refs:1] CONFLICT
      [q_mno345mno345] QUESTION (open, low) arch: Cache embeddings client-side? [refs:1]"
    `);
  });

  const lines: readonly [string, Partial<StateItem>, string][] = [
    ['omits medium confidence', { confidence: 'medium' }, '(active) t:'],
    ['omits high confidence', { confidence: 'high' }, '(active) t:'],
    ['shows low confidence', { confidence: 'low' }, '(active, low) t:'],
    [
      'shows confidence on conflict',
      { confidence: 'medium', conflict: true },
      '(active, medium) t:',
    ],
    ['shows only the first topic tag', { topicTags: ['t', 'other'] }, ') t: x [refs:1]'],
    ['omits the topic when there is none', { topicTags: [] }, '(active): x'],
    ['counts refs instead of listing them', { refs: ['a', 'b', 'c'] }, '[refs:3]'],
    ['appends CONFLICT', { conflict: true }, '[refs:1] CONFLICT'],
    ['keeps a multi-line text on one line', { text: 'x\n  y' }, 't: x y [refs:1]'],
  ];
  it.each(lines)('%s', (_name, patch, expected) => {
    const rendered = renderStateSection([item({ topicTags: ['t'], text: 'x', ...patch })]);
    expect(rendered.split('\n')[1]).toContain(expected);
  });

  it('caps the items and says how many there were', () => {
    const items = Array.from({ length: 45 }, () => item({}));
    const rendered = renderStateSection(items);
    expect(rendered.split('\n')).toHaveLength(41);
    expect(rendered.split('\n')[0]).toContain('items: 40 of 45');
    expect(renderStateSection(items, { maxItems: 2 }).split('\n')).toHaveLength(3);
  });

  it('uses the given instant in the header', () => {
    const rendered = renderStateSection([item({})], { updatedAt: '2026-03-01T08:09:59.999Z' });
    expect(rendered.split('\n')[0]).toBe('State (updated: 2026-03-01T08:09Z, items: 1)');
  });
});

describe('compareForRendering', () => {
  const sorted = (items: StateItem[]) => [...items].sort(compareForRendering).map((i) => i.text);

  it('puts pinned items first, whatever their type', () => {
    expect(
      sorted([
        item({ text: 'decision' }),
        item({ text: 'pinned question', typeTag: 'question', pinned: true }),
      ]),
    ).toEqual(['pinned question', 'decision']);
  });

  it('orders types decision, constraint, action, risk, question', () => {
    const types = ['question', 'risk', 'action', 'constraint', 'decision'] as const;
    expect(sorted(types.map((typeTag) => item({ typeTag, text: typeTag })))).toEqual([
      'decision',
      'constraint',
      'action',
      'risk',
      'question',
    ]);
  });

  it.each([
    [
      'by confidence within a type',
      [
        { text: 'low', confidence: 'low' },
        { text: 'high', confidence: 'high' },
        { text: 'medium', confidence: 'medium' },
      ],
      ['high', 'medium', 'low'],
    ],
    [
      'by lastSeenAt, newest first, within a confidence',
      [
        { text: 'old', lastSeenAt: '2026-01-01T00:00:00Z' },
        { text: 'new', lastSeenAt: '2026-03-01T00:00:00Z' },
        { text: 'mid', lastSeenAt: '2026-02-01T00:00:00Z' },
      ],
      ['new', 'mid', 'old'],
    ],
  ] as const)('orders %s', (_rule, items, order) => {
    expect(sorted(items.map((fields) => item(fields)))).toEqual(order);
  });

  it('breaks full ties by uid, so the order is stable', () => {
    const a = item({ uid: 'd_000000000002', text: 'second' });
    const b = item({ uid: 'd_000000000001', text: 'first' });
    expect(sorted([a, b])).toEqual(['first', 'second']);
  });
});
