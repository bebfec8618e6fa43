import { describe, expect, it } from 'vitest';
import { hit, message, stateItem, words } from './__fixtures__/context-fixtures.js';
import {
  assembleContext,
  type ContextInputs,
  type ContextOptions,
  type ContextResult,
  itemsTouchedBy,
} from './assemble-context.js';
import { itemSelectionOrder } from './context-sections.js';
import { createGptTokenizer } from './tokenizer.js';

const tokenizer = createGptTokenizer();

/** Thirty open items of about 25 tokens each, one of them about the ferry. */
const ITEMS = Array.from({ length: 30 }, (_, i) =>
  stateItem({
    uid: `a_${String(i).padStart(12, '0')}`,
    typeTag: 'action',
    text: i === 17 ? 'Book the ferry tickets to the island' : `${words(`task${i}`, 12)}`,
    lastSeenAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  }),
);

const INPUTS: ContextInputs = {
  entities: [],
  stateItems: ITEMS,
  summaries: { short: null, long: null },
  skills: null,
  memories: Array.from({ length: 10 }, (_, i) =>
    hit(`h${i}`, words(`memory${i}`, 20), 1 - i / 20, `x${i}`),
  ),
  tail: Array.from({ length: 30 }, (_, i) => message(`m${i}`, words(`old${i}`, 20), i)),
};

function assemble(
  query: string,
  itemPriorityShare?: number,
  askedItems: ContextOptions['askedItems'] = 'all',
): ContextResult {
  const result = assembleContext(
    { entity: 'user:primary', thread: 't1', now: '2026-11-25T10:00:00Z', budget: 2000, query },
    INPUTS,
    { tokenizer, askedItems, ...(itemPriorityShare === undefined ? {} : { itemPriorityShare }) },
  );
  if (!result.ok) throw result.error;
  return result.value;
}

function tokensOf(result: ContextResult, name: string): number {
  return result.sections.find((section) => section.name === name)?.tokens ?? 0;
}

describe('state items under a bounded priority', () => {
  it('takes room from older text only up to the share, not for every open item', () => {
    const bounded = assemble('when is the ferry', 25);
    const unbounded = assemble('when is the ferry', 100);
    expect(unbounded.included.stateItemUids).toHaveLength(30);
    expect(bounded.included.stateItemUids.length).toBeLessThan(30);
    expect(tokensOf(bounded, 'state_items')).toBeLessThanOrEqual(Math.floor((1936 * 25) / 100));
    expect(tokensOf(bounded, 'memories') + tokensOf(bounded, 'tail')).toBeGreaterThan(
      tokensOf(unbounded, 'memories') + tokensOf(unbounded, 'tail'),
    );
    expect(bounded.markdown).toMatch(/items: \d+ of 30\)/);
  });

  it('chooses the items the query names first, and shows them in render order', () => {
    const result = assemble('when is the ferry', 5);
    expect(result.included.stateItemUids).toContain('a_000000000017');
    const other = assemble('what about the garden', 5);
    expect(other.included.stateItemUids).not.toContain('a_000000000017');
    const uids = result.included.stateItemUids;
    const lines = result.markdown.split('\n').filter((line) => line.startsWith('[a_'));
    expect(lines.map((line) => line.slice(1, 15))).toEqual(uids);
  });

  it('always protects pinned and conflicting items, however small the share', () => {
    const marked = ITEMS.map((item, i) =>
      i < 6 ? { ...item, pinned: i < 3, conflict: i >= 3 } : item,
    );
    const result = assembleContext(
      { entity: 'user:primary', thread: 't1', now: '2026-11-25T10:00:00Z', budget: 2000 },
      { ...INPUTS, stateItems: marked },
      { tokenizer, itemPriorityShare: 0 },
    );
    if (!result.ok) throw result.error;
    for (let i = 0; i < 6; i += 1) {
      expect(result.value.included.stateItemUids).toContain(`a_${String(i).padStart(12, '0')}`);
    }
  });
});

describe('state items a question touches (issue #10 §7)', () => {
  const LONG = 'Long summary: the trip planning so far, with the ferry and the cabin.';
  // Memories and tail that fill the budget: no room is left over for untouched items.
  const withSummary: ContextInputs = {
    ...INPUTS,
    summaries: { short: null, long: LONG },
    memories: Array.from({ length: 40 }, (_, i) =>
      hit(`h${i}`, words(`memory${i}`, 40), 1 - i / 80, `x${i}`),
    ),
    tail: Array.from({ length: 60 }, (_, i) => message(`m${i}`, words(`old${i}`, 30), i)),
  };

  function asked(query: string | null, inputs: ContextInputs = withSummary): ContextResult {
    const result = assembleContext(
      {
        entity: 'user:primary',
        thread: 't1',
        now: '2026-11-25T10:00:00Z',
        budget: 2000,
        ...(query === null ? {} : { query }),
      },
      inputs,
      { tokenizer },
    );
    if (!result.ok) throw result.error;
    return result.value;
  }

  it('shows only the items that share a content word with the question', () => {
    const result = asked('when do we leave on the ferry');
    expect(result.included.stateItemUids).toEqual(['a_000000000017']);
    // Reworded: inflections meet by stem ("booking", "ferries" ~ "Book", "ferry").
    expect(asked('any news on booking ferries?').included.stateItemUids).toEqual([
      'a_000000000017',
    ]);
  });

  it('gives the slot back to the long summary when the question touches no item', () => {
    const result = asked('what did the vet say about the dog');
    expect(result.included.stateItemUids).toEqual([]);
    expect(result.sections.find((s) => s.name === 'state_items')?.source).toBe('long_summary');
    expect(result.markdown).toContain(LONG);
    // The same pack as with no items at all: the items cost the question nothing.
    const none = asked('what did the vet say about the dog', { ...withSummary, stateItems: [] });
    expect(result.markdown).toBe(none.markdown);
  });

  it('does not count function words or two-letter words as touching', () => {
    // "the", "to" and "is" are in the ferry item too; they tell nothing.
    expect(asked('is it to the north').included.stateItemUids).toEqual([]);
  });

  it('keeps pinned and conflicting items whatever the question', () => {
    const marked = ITEMS.map((item, i) => (i === 2 ? { ...item, pinned: true } : item));
    const conflicting = marked.map((item, i) => (i === 4 ? { ...item, conflict: true } : item));
    const result = asked('what did the vet say about the dog', {
      ...withSummary,
      stateItems: conflicting,
    });
    expect([...result.included.stateItemUids].sort()).toEqual(['a_000000000002', 'a_000000000004']);
  });

  it('gives untouched items only the room memories and tail leave over', () => {
    // INPUTS: ten short memories and thirty short messages leave room in 2,000 tokens.
    const sparse = asked('what did the vet say about the dog', INPUTS);
    const bare = asked('what did the vet say about the dog', { ...INPUTS, stateItems: [] });
    expect(sparse.included.stateItemUids.length).toBeGreaterThan(0);
    for (const name of ['memories', 'tail']) {
      expect(sparse.sections.find((s) => s.name === name)?.text).toBe(
        bare.sections.find((s) => s.name === name)?.text,
      );
    }
    // The touched item keeps its place among them.
    const touched = asked('when do we leave on the ferry', INPUTS);
    expect(touched.included.stateItemUids).toContain('a_000000000017');
  });

  it('shows every open item when nothing in particular is asked, or with askedItems all', () => {
    expect(asked(null).included.stateItemUids.length).toBeGreaterThan(1);
    expect(assemble('what did the vet say', 100).included.stateItemUids).toHaveLength(30);
  });

  it('matches the topic tags as well as the text', () => {
    const tagged = [stateItem({ uid: 'd_9', text: 'Pay it by Friday', topicTags: ['invoice'] })];
    expect(itemsTouchedBy(tagged, 'is the invoice paid?').map((item) => item.uid)).toEqual(['d_9']);
    expect(itemsTouchedBy(tagged, 'what about the receipt?')).toEqual([]);
  });
});

describe('itemSelectionOrder', () => {
  it('puts pinned, then conflicting, then query-relevant items first', () => {
    const items = [
      stateItem({ uid: 'd_1', text: 'Use the blue paint' }),
      stateItem({ uid: 'd_2', text: 'Pick the ferry time', conflict: true }),
      stateItem({ uid: 'd_3', text: 'Paint the fence blue' }),
      stateItem({ uid: 'd_4', text: 'Keep the budget', pinned: true }),
      stateItem({ uid: 'd_5', text: 'Old one', status: 'superseded' }),
    ];
    expect(itemSelectionOrder(items, 'which blue paint').map((item) => item.uid)).toEqual([
      'd_4',
      'd_2',
      'd_1',
      'd_3',
    ]);
    expect(itemSelectionOrder(items, null).map((item) => item.uid)).toEqual([
      'd_4',
      'd_2',
      'd_1',
      'd_3',
    ]);
    expect(itemSelectionOrder(items, 'fence').map((item) => item.uid)).toEqual([
      'd_4',
      'd_2',
      'd_3',
      'd_1',
    ]);
  });
});
