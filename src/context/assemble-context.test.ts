import { describe, expect, it } from 'vitest';
import type { StateItem } from '../core/index.js';
import { entity, field, hit, message, stateItem, words } from './__fixtures__/context-fixtures.js';
import {
  assembleContext,
  budgetSplit,
  type ContextInputs,
  type ContextOptions,
  type ContextRequest,
  type ContextResult,
  type ContextSection,
  SECTION_SEPARATOR,
} from './assemble-context.js';
import {
  BUDGETED_SECTIONS,
  type BudgetedSection,
  CONTEXT_BUDGET_SPLITS,
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  type ContextSectionName,
} from './context-budget.js';
import { createGptTokenizer } from './tokenizer.js';
import { TRUNCATION_MARKER } from './truncate-to-tokens.js';

const tokenizer = createGptTokenizer();
const NOW = '2026-11-25T10:00:00Z';

const NOTHING: ContextInputs = {
  entities: [],
  stateItems: [],
  summaries: { short: null, long: null },
  skills: null,
  memories: [],
  tail: [],
};

function assemble(
  inputs: Partial<ContextInputs>,
  request: Partial<ContextRequest> = {},
  options: ContextOptions = {},
): ContextResult {
  const result = assembleContext(
    { entity: 'user:primary', thread: 't1', now: NOW, ...request },
    { ...NOTHING, ...inputs },
    { tokenizer, ...options },
  );
  if (!result.ok) throw result.error;
  return result.value;
}

function section(result: ContextResult, name: ContextSectionName): ContextSection {
  const found = result.sections.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no section ${name}`);
  return found;
}

function items(count: number, patch: Partial<StateItem> = {}): StateItem[] {
  return Array.from({ length: count }, (_, index) =>
    stateItem({
      uid: `d_${String(index).padStart(12, '0')}`,
      text: `Decision number ${index} about ${words('topic', 4)}`,
      lastSeenAt: new Date(Date.UTC(2026, 10, 20, 9, index)).toISOString(),
      ...patch,
    }),
  );
}

/** Enough of everything to fill every section of a 2,000-token context. */
function rich(): ContextInputs {
  const state: Record<string, ReturnType<typeof field>> = {};
  for (let index = 0; index < 80; index++) state[`project.p${index}.status`] = field('in_progress');
  state['travel.status'] = field('planned', {
    pending: { value: 'completed', confidence: 0.72, prompt_id: 'p_1' },
  });
  state['travel.destination'] = field('Tahoe', { stale: true });
  return {
    entities: [entity('user:primary', state)],
    stateItems: items(60),
    summaries: { short: words('summary', 300), long: words('long', 300) },
    skills: words('skill', 400),
    memories: Array.from({ length: 30 }, (_, index) =>
      hit(
        `h${String(index).padStart(2, '0')}`,
        words(`memory${index}`, 40),
        1 - index / 100,
        `old${index}`,
      ),
    ),
    tail: Array.from({ length: 60 }, (_, index) =>
      message(`m${String(index).padStart(2, '0')}`, words(`said${index}`, 30), index),
    ),
  };
}

/**
 * Caps that keep canonical state and state items within their shares of a 1,000–2,000 token
 * context: beyond their share they take room from the lower sections (issue #12), which the
 * share tests below do not measure.
 */
const WITHIN_SHARES: ContextOptions = { limits: { canonicalFields: 16, stateItems: 9 } };

/**
 * What a section is entitled to when it alone has content and there is no system text: its own
 * share, plus the earlier shares (all unused) as they are passed on — each section takes the part
 * of what is carried that its share is of the shares still to come.
 */
function entitlement(
  mode: keyof typeof CONTEXT_BUDGET_SPLITS,
  name: BudgetedSection,
  budget: number,
) {
  if (name === 'tail') return budget;
  const shares = CONTEXT_BUDGET_SPLITS[mode];
  let carry = 0;
  for (const [index, current] of BUDGETED_SECTIONS.entries()) {
    const rest = BUDGETED_SECTIONS.slice(index).reduce((sum, later) => sum + shares[later], 0);
    const bonus = Math.floor((carry * shares[current]) / rest);
    const gross = Math.floor((budget * shares[current]) / 100) + bonus;
    if (current === name) return gross;
    carry += gross - bonus;
  }
  throw new Error(`no section ${name}`);
}

const ALONE: Record<BudgetedSection, Partial<ContextInputs>> = {
  skills: { skills: words('skill', 3000) },
  summary: { summaries: { short: words('summary', 3000), long: null } },
  canonical_state: { entities: rich().entities },
  state_items: { stateItems: items(40) },
  memories: { memories: rich().memories },
  tail: { tail: rich().tail },
};

describe('assembleContext', () => {
  describe('budget splits', () => {
    const cases = CONTEXT_MODES.flatMap((mode) =>
      BUDGETED_SECTIONS.map((name) => [mode, name] as const),
    );

    it.each(cases)(
      'gives the %s %s section its share plus its part of the earlier shares left unused',
      (mode, name) => {
        const budget = 1000;
        const result = assemble(ALONE[name], { mode, budget }, { system: '' });
        const alone = section(result, name);
        expect(alone.allowance).toBe(entitlement(mode, name, budget));
        expect(alone.text).not.toBe('');
        expect(alone.tokens).toBeLessThanOrEqual(alone.allowance + alone.backfill);
      },
    );

    it.each(CONTEXT_MODES)('fills a %s context section by section within the budget', (mode) => {
      const result = assemble(rich(), { mode, budget: 2000 }, WITHIN_SHARES);
      const system = section(result, 'system');
      const available = 2000 - system.tokens;
      for (const name of BUDGETED_SECTIONS) {
        const current = section(result, name);
        const share = Math.floor((available * CONTEXT_BUDGET_SPLITS[mode][name]) / 100);
        expect(current.share).toBe(CONTEXT_BUDGET_SPLITS[mode][name]);
        expect(current.tokens, name).toBeLessThanOrEqual(current.allowance + current.backfill);
        // Every section is saturated, so each uses most of its share.
        expect(current.tokens, name).toBeGreaterThan(share * 0.8);
      }
      expect(result.total).toBeLessThanOrEqual(2000);
      expect(result.total).toBeGreaterThan(2000 * 0.95);
    });

    it('shares unused room among the later sections instead of giving it all to the next', () => {
      const result = assemble(
        { stateItems: items(40), memories: rich().memories, tail: rich().tail },
        { budget: 2000 },
        { system: '' },
      );
      const base = (name: BudgetedSection) =>
        Math.floor((2000 * CONTEXT_BUDGET_SPLITS.full[name]) / 100);
      const unused = base('skills') + base('summary') + base('canonical_state');
      const stateItems = section(result, 'state_items');
      const memories = section(result, 'memories');
      expect(stateItems.allowance).toBeGreaterThan(base('state_items'));
      expect(stateItems.allowance).toBeLessThan(base('state_items') + unused / 2);
      expect(memories.allowance).toBeGreaterThan(base('memories'));
    });

    it('gives the tail a larger part of a minimal context than of a full one', () => {
      const full = assemble(rich(), { mode: 'full' }, WITHIN_SHARES);
      const minimal = assemble(rich(), { mode: 'minimal' }, WITHIN_SHARES);
      expect(section(minimal, 'tail').tokens).toBeGreaterThan(section(full, 'tail').tokens);
      expect(section(minimal, 'skills').tokens).toBeLessThan(section(full, 'skills').tokens);
    });

    it('pays for the system text before any share', () => {
      const result = assemble({ skills: words('skill', 3000) }, { budget: 1000 });
      const system = section(result, 'system');
      expect(system.tokens).toBeGreaterThan(0);
      const separator = tokenizer.count(SECTION_SEPARATOR);
      expect(section(result, 'skills').allowance).toBe(
        Math.floor(((1000 - system.tokens) * CONTEXT_BUDGET_SPLITS.full.skills) / 100) - separator,
      );
    });

    it('gives room the tail leaves back to a section that was cut', () => {
      const result = assemble({ skills: words('skill', 3000), tail: [message('m1', 'hi', 0)] });
      const skills = section(result, 'skills');
      expect(skills.backfill).toBeGreaterThan(0);
      expect(skills.tokens).toBeGreaterThan(skills.allowance);
      expect(result.total).toBeLessThanOrEqual(2000);
      expect(result.total).toBeGreaterThan(1990);
    });
  });

  describe('sections', () => {
    it('renders the sections in order: system, skills, summary, canonical, state, memories, tail', () => {
      const result = assemble(rich(), {}, WITHIN_SHARES);
      expect(result.sections.map((current) => current.name)).toEqual([...CONTEXT_SECTIONS]);
      const positions = [
        'Verity context.',
        '## Skills',
        '## Summary',
        '## Canonical state (as of 2026-11-25T10:00Z)',
        '## Thread state',
        '## Relevant memories',
        '## Recent messages',
      ].map((heading) => result.markdown.indexOf(heading));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    });

    it('omits the system text when it is empty and cuts it to the budget when it is too long', () => {
      expect(assemble({ skills: 'Be brief.' }, {}, { system: '' }).markdown).toBe(
        '## Skills\nBe brief.',
      );
      const cut = assemble({ skills: 'Be brief.' }, { budget: 30 }, { system: words('rule', 200) });
      expect(section(cut, 'system').text.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(section(cut, 'skills').text).toBe('');
      expect(cut.total).toBeLessThanOrEqual(30);
    });

    it('shows canonical state with its stale, conflict and pending-review markers', () => {
      const result = assemble({
        entities: [
          entity('user:primary', {
            'travel.destination': field('Tahoe', {
              stale: true,
              valid_from: '2026-10-01T00:00:00Z',
            }),
            'travel.status': field('planned', {
              pending: { value: 'completed', confidence: 0.72, prompt_id: 'p_1' },
            }),
            'family.schedule.school': field(null, {
              status: 'pending_review',
              pending: { value: 'Mon 8am', confidence: 0.7, prompt_id: 'p_2' },
            }),
          }),
        ],
      });
      expect(section(result, 'canonical_state').text).toMatchInlineSnapshot(`
        "## Canonical state (as of 2026-11-25T10:00Z)
        user:primary
        - family.schedule.school: (unconfirmed) [PENDING REVIEW: proposed Mon 8am (0.70), review p_2]
        - travel.destination: Tahoe [STALE: value from 2026-10-01]
        - travel.status: planned [CONFLICT: proposed completed (0.72), review p_1]"
      `);
      expect(result.included.entityIds).toEqual(['user:primary']);
    });

    it('keeps conflicts and reviews, then unflagged values, when canonical state must be cut', () => {
      const result = assemble({ entities: rich().entities }, { budget: 150 }, { system: '' });
      const text = section(result, 'canonical_state').text;
      expect(text).toContain('[CONFLICT: proposed completed (0.72), review p_1]');
      expect(text).toContain('- project.p0.status: in_progress');
      expect(text).not.toContain('[STALE: value from 2026-11-20]');
      expect(text).toMatch(/\[… \d+ more fields omitted\]$/);
    });

    it('renders structured state items through the core renderer', () => {
      const result = assemble({ stateItems: items(2) });
      expect(section(result, 'state_items').text).toMatchInlineSnapshot(`
        "## Thread state
        State (updated: 2026-11-20T09:00Z, items: 2)
        [d_000000000001] DECISION (active): Decision number 1 about topic0 topic1 topic2 topic3 [refs:1]
        [d_000000000000] DECISION (active): Decision number 0 about topic0 topic1 topic2 topic3 [refs:1]"
      `);
      expect(result.included.stateItemUids).toEqual(['d_000000000001', 'd_000000000000']);
    });

    it("reports the shown items' refs once each, and not those of items left out", () => {
      const at = (day: number) => `2026-11-2${day}T09:00:00.000Z`;
      const result = assemble(
        {
          stateItems: [
            stateItem({ uid: 'd_000000000001', text: 'Use Postgres', refs: ['m1', 'm3'] }),
            stateItem({ uid: 'd_000000000002', text: 'Use Redis', refs: ['m3', 'm4'] }),
            stateItem({ uid: 'd_000000000003', text: 'Use Kafka', refs: ['m9'] }),
          ].map((item, index) => ({ ...item, lastSeenAt: at(3 - index) })),
        },
        {},
        { limits: { stateItems: 2 } },
      );
      expect(result.included.stateItemUids).toEqual(['d_000000000001', 'd_000000000002']);
      expect(result.included.stateItemRefs).toEqual(['m1', 'm3', 'm4']);
    });

    it('shows retrieved memories best first, with their dates', () => {
      const result = assemble({
        memories: [hit('h2', 'second', 0.5), hit('h1', 'first', 0.9, 'mx'), hit('h3', 'tie', 0.5)],
      });
      expect(section(result, 'memories').text).toBe(
        '## Relevant memories\n- [2026-11-02] first\n- [2026-11-02] second\n- [2026-11-02] tie',
      );
      expect(result.included.memoryIds).toEqual(['h1', 'h2', 'h3']);
    });

    it('shows the tail oldest first under a line per day', () => {
      const result = assemble({
        tail: [
          message('m3', 'see you', 24 * 60, 'assistant'),
          message('m1', 'hello', 0),
          message('m2', 'hi there', 1, 'assistant'),
        ],
      });
      expect(section(result, 'tail').text).toBe(
        '## Recent messages\n[2026-11-20]\nuser: hello\nassistant: hi there\n[2026-11-21]\nassistant: see you',
      );
    });
  });

  describe('fallback to the long summary', () => {
    it.each([
      ['there are no state items', []],
      ['every state item is superseded', items(3, { status: 'superseded' })],
    ])('renders the long summary when %s', (_name, stateItems) => {
      const result = assemble({
        stateItems,
        summaries: { short: null, long: 'The trip was planned in May.' },
      });
      const state = section(result, 'state_items');
      expect(state.source).toBe('long_summary');
      expect(state.text).toBe('## Thread summary\nThe trip was planned in May.');
      expect(result.included.stateItemUids).toEqual([]);
    });

    it('leaves the long summary out when state items exist', () => {
      const result = assemble({
        stateItems: items(1),
        summaries: { short: null, long: 'The trip was planned in May.' },
      });
      expect(section(result, 'state_items').source).toBe('state_items');
      expect(result.markdown).not.toContain('The trip was planned in May.');
    });

    it('cuts the long summary to the state share with the marker', () => {
      const result = assemble(
        { summaries: { short: null, long: words('story', 2000) }, tail: rich().tail },
        { budget: 1000 },
      );
      const state = section(result, 'state_items');
      expect(state.text.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(state.truncated).toBe(true);
    });
  });

  describe('truncation', () => {
    it('cuts free text with a visible marker', () => {
      const result = assemble({ skills: words('skill', 3000) }, { budget: 500 });
      const skills = section(result, 'skills');
      expect(skills.text.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(skills.truncated).toBe(true);
      expect(result.truncated).toContain('skills');
    });

    it('says how many earlier messages the tail left out', () => {
      const result = assemble({ tail: rich().tail }, { budget: 400 });
      const tail = section(result, 'tail');
      const omitted = tail.dropped.length;
      expect(tail.dropped.filter((entry) => entry.reason === 'budget').length).toBeGreaterThan(0);
      expect(tail.text).toContain(`[… ${omitted} earlier messages omitted]`);
      expect(tail.includedIds.at(-1)).toBe('m59');
    });

    it('says how many memories and state items it left out', () => {
      const result = assemble(
        { memories: rich().memories, stateItems: items(40), tail: rich().tail },
        { budget: 1500 },
        { limits: { stateItems: 12 } },
      );
      const memories = section(result, 'memories');
      expect(memories.text).toMatch(/\[… \d+ more memories omitted\]$/);
      const state = section(result, 'state_items');
      const shown = state.includedIds.length;
      expect(state.text).toContain(`items: ${shown} of 40)`);
      expect(state.text).toContain(`[… ${40 - shown} more state items omitted]`);
    });

    it('shows the beginning of the newest message when even it does not fit', () => {
      const result = assemble({ tail: [message('m1', words('long', 2000), 0)] }, { budget: 300 });
      const tail = section(result, 'tail');
      expect(tail.truncatedIds).toEqual(['m1']);
      expect(tail.text.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(result.included.messageIds).toEqual(['m1']);
    });
  });

  describe('hard caps', () => {
    it('renders at most 40 state items however large the budget', () => {
      const result = assemble({ stateItems: items(60) }, { budget: 50_000 });
      const state = section(result, 'state_items');
      expect(state.includedIds).toHaveLength(40);
      expect(state.dropped.filter((entry) => entry.reason === 'cap')).toHaveLength(20);
      expect(state.text).toContain('items: 40 of 60)');
      expect(state.text).toContain('[… 20 more state items omitted]');
    });

    it.each([
      ['stateItems', 'state_items', 5],
      ['memories', 'memories', 3],
      ['tailMessages', 'tail', 4],
      ['canonicalFields', 'canonical_state', 6],
    ] as const)('caps %s at the configured limit', (limit, name, cap) => {
      const result = assemble(rich(), { budget: 50_000 }, { limits: { [limit]: cap } });
      const current = section(result, name);
      expect(current.includedIds).toHaveLength(cap);
      expect(current.dropped.every((entry) => entry.reason === 'cap')).toBe(true);
    });
  });

  describe('token accounting', () => {
    const budgets = CONTEXT_MODES.flatMap((mode) =>
      [1, 40, 120, 500, 2000, 8000].map((budget) => [mode, budget] as const),
    );

    it.each(budgets)(
      'reports, in %s mode at %i tokens, each count as the tokenizer counts the text',
      (mode, budget) => {
        const result = assemble(rich(), { mode, budget });
        for (const current of result.sections) {
          expect(current.tokens, current.name).toBe(tokenizer.count(current.text));
        }
        expect(result.total).toBe(tokenizer.count(result.markdown));
        expect(result.total).toBeLessThanOrEqual(budget);
        expect(result.budget).toBe(budget);
        expect(result.tokenizer).toBe('o200k_base');
        expect(result.markdown).toBe(
          result.sections
            .filter((current) => current.text !== '')
            .map((current) => current.text)
            .join(SECTION_SEPARATOR),
        );
      },
    );
  });

  describe('determinism', () => {
    it('gives byte-identical results for the same inputs', () => {
      expect(JSON.stringify(assemble(rich()))).toBe(JSON.stringify(assemble(rich())));
    });

    it('gives byte-identical results whatever order the inputs arrive in', () => {
      const inputs = rich();
      const [first] = inputs.entities;
      if (!first) throw new Error('fixture');
      const reversedState = Object.fromEntries(Object.entries(first.state).reverse());
      const shuffled: ContextInputs = {
        ...inputs,
        entities: [{ ...first, state: reversedState }],
        stateItems: [...inputs.stateItems].reverse(),
        memories: [...inputs.memories].reverse(),
        tail: [...inputs.tail].reverse(),
      };
      expect(JSON.stringify(assemble(shuffled))).toBe(JSON.stringify(assemble(inputs)));
    });
  });

  describe('provenance', () => {
    it('does not repeat a memory whose message the tail shows, and reports both', () => {
      const result = assemble({
        memories: [hit('h1', 'old news', 0.9, 'm_old'), hit('h2', 'hello', 0.8, 'm1')],
        tail: [message('m1', 'hello', 0), message('m2', 'how are you', 1)],
      });
      const memories = section(result, 'memories');
      expect(memories.includedIds).toEqual(['h1']);
      expect(memories.dropped).toEqual([{ id: 'h2', reason: 'in_tail' }]);
      expect(result.included.messageIds).toEqual(['m_old', 'm1', 'm2']);
    });

    it('keeps a memory from another thread whose message id the tail also uses', () => {
      const result = assemble({
        memories: [
          { ...hit('h1', 'elsewhere', 0.9, 'm1'), thread_id: 't2' },
          { ...hit('h2', 'hello', 0.8, 'm1'), thread_id: 't1' },
        ],
        tail: [message('m1', 'hello', 0)],
      });
      expect(section(result, 'memories').includedIds).toEqual(['h1']);
      expect(section(result, 'memories').dropped).toEqual([{ id: 'h2', reason: 'in_tail' }]);
    });

    it('shows a repeated memory once', () => {
      const result = assemble({ memories: [hit('h1', 'one', 0.9), hit('h1', 'one', 0.9)] });
      expect(section(result, 'memories').includedIds).toEqual(['h1']);
      expect(section(result, 'memories').dropped).toEqual([{ id: 'h1', reason: 'duplicate' }]);
    });

    it('echoes the request and the query the memories answer', () => {
      const result = assemble({}, { query: '  tahoe trip ', mode: 'minimal', budget: 800 });
      expect(result).toMatchObject({
        entity: 'user:primary',
        thread: 't1',
        query: 'tahoe trip',
        mode: 'minimal',
        now: NOW,
        budget: 800,
      });
    });
  });

  describe('validation', () => {
    it.each([
      ['entity', { entity: 'bob' }],
      ['budget', { budget: 0 }],
      ['budget', { budget: 12.5 }],
      ['budget', { budget: 2_000_000 }],
      ['mode', { mode: 'huge' as 'full' }],
      ['now', { now: 'yesterday' }],
    ] as const)('refuses a bad %s', (fieldName, patch) => {
      const result = assembleContext({ entity: 'user:primary', now: NOW, ...patch }, NOTHING, {
        tokenizer,
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('VALIDATION_FAILED');
        expect(result.error.details['field']).toBe(fieldName);
      }
    });

    it('refuses a negative limit', () => {
      const result = assembleContext({ entity: 'user:primary', now: NOW }, NOTHING, {
        limits: { memories: -1 },
      });
      expect(result.ok).toBe(false);
    });

    it('builds a context of the system text alone without a thread', () => {
      const result = assemble({}, { thread: undefined });
      expect(result.thread).toBeNull();
      expect(result.sections.filter((current) => current.text !== '').map((s) => s.name)).toEqual([
        'system',
      ]);
    });
  });
});

describe('budgetSplit (a request that asks about something)', () => {
  it('keeps the mode split without a query', () => {
    for (const mode of CONTEXT_MODES) {
      expect(budgetSplit(mode, false, 10)).toEqual(CONTEXT_BUDGET_SPLITS[mode]);
    }
  });

  it('gives the tail share above its asked share to the memories', () => {
    for (const mode of CONTEXT_MODES) {
      const base = CONTEXT_BUDGET_SPLITS[mode];
      const asked = budgetSplit(mode, true, 15);
      expect(asked.tail).toBe(15);
      expect(asked.memories).toBe(base.memories + base.tail - 15);
      const sum = (split: Record<BudgetedSection, number>) =>
        BUDGETED_SECTIONS.reduce((total, name) => total + split[name], 0);
      expect(sum(asked)).toBe(sum(base));
      for (const name of ['skills', 'summary', 'canonical_state', 'state_items'] as const) {
        expect(asked[name]).toBe(base[name]);
      }
    }
  });

  it('moves the state-items share above its asked share to the memories too', () => {
    const base = CONTEXT_BUDGET_SPLITS.full;
    const asked = budgetSplit('full', true, 15, 6);
    expect(asked.state_items).toBe(6);
    expect(asked.memories).toBe(base.memories + base.tail - 15 + base.state_items - 6);
    expect(budgetSplit('full', true, 15).state_items).toBe(base.state_items);
    expect(budgetSplit('full', false, 15, 6)).toEqual(base);
  });

  it('never gives the tail more than its mode share', () => {
    expect(budgetSplit('full', true, 100)).toEqual(CONTEXT_BUDGET_SPLITS.full);
    expect(budgetSplit('full', true, Number.NaN)).toEqual(CONTEXT_BUDGET_SPLITS.full);
  });

  it('shows more memories and fewer tail messages when asked', () => {
    const inputs = { memories: rich().memories, tail: rich().tail };
    const plain = assemble(inputs, {}, { askedTailShare: 15 });
    const asked = assemble(inputs, { query: 'memory' }, { askedTailShare: 15 });
    const off = assemble(inputs, { query: 'memory' }, { askedTailShare: 100 });
    expect(section(asked, 'memories').includedIds.length).toBeGreaterThan(
      section(plain, 'memories').includedIds.length,
    );
    expect(section(asked, 'tail').includedIds.length).toBeLessThan(
      section(plain, 'tail').includedIds.length,
    );
    expect(section(off, 'memories').includedIds).toEqual(section(plain, 'memories').includedIds);
    expect(asked.total).toBeLessThanOrEqual(2000);
  });
});

describe('assembleContext and secrets', () => {
  it('masks secrets in the thread summary, the recent messages and the memories it shows', () => {
    const result = assemble({
      query: 'Is the bike lock PIN 5521?',
      summaries: { short: null, long: 'Latest: "the shed padlock PIN is 8264"' },
      memories: [hit('h1', 'The staging wifi password is Falcon7788 for visitors.', 1)],
      tail: [
        message('m1', 'Set the garage door code to 3150 tonight.', 1),
        message('m2', 'Done, and the router pw: Cobalt42!', 2, 'assistant'),
      ],
    });
    expect(JSON.stringify(result)).not.toMatch(/8264|Falcon7788|3150|Cobalt42|5521/);
    expect(section(result, 'tail').text).toContain('Set the garage door code to [secret] tonight.');
    expect(section(result, 'state_items').text).toContain('PIN is [secret]');
  });

  it('masks a code given alone in reply to a question about it, whichever order the tail is in', () => {
    const asked = message('m1', "What's the code for the side gate now?", 1, 'assistant');
    const answer = message('m2', '6093', 2);
    const later = message('m3', 'Thanks, the delivery is at noon tomorrow.', 3, 'assistant');
    for (const tail of [
      [asked, answer, later],
      [later, answer, asked],
    ]) {
      const text = section(assemble({ query: 'side gate', tail }), 'tail').text;
      expect(text).not.toContain('6093');
      expect(text).toContain('the delivery is at noon tomorrow');
    }
  });

  it('keeps a number that answers no question about a secret, and one the same side followed up', () => {
    const tail = [
      message('m1', 'How many chairs do we need for Sunday?', 1, 'assistant'),
      message('m2', '14', 2),
      message('m3', 'The code for the shed is new.', 3),
      message('m4', '2207', 4),
    ];
    const text = section(assemble({ query: 'chairs', tail }), 'tail').text;
    expect(text).toContain('14');
    expect(text).toContain('2207');
  });
});
