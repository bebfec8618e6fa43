import { beforeEach, describe, expect, it } from 'vitest';
import { createGptTokenizer } from '../context/index.js';
import { approveSaid } from './__fixtures__/retired-memory.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { ruledContext } from './packed-context.js';
import type { Engine } from './types.js';

const tokenizer = createGptTokenizer();

/** Approves what `content` (said on 2026-04-01) proposes, by a phrase of it; returns the entry id. */
function approve(engine: Engine, id: string, content: string, phrase: string): Promise<string> {
  return approveSaid(
    engine,
    { sessionId: `rules-${id}`, messageId: 'm1', content, at: `2026-04-01T09:0${id}:00Z` },
    phrase,
  );
}

/** Issue #13 H: the user's Hard Rules head every context the Claude Code hook injects. */
describe('ruledContext', () => {
  const opened = useTestEngine(
    'verity-context-hard-rules-',
    '2026-04-02T12:00:00Z',
    observerOnly(),
  );
  let engine: Engine;

  beforeEach(async () => {
    ({ engine } = opened());
    await approve(engine, '1', 'Never deploy on Fridays, that is a hard rule.', 'Fridays');
    await approve(engine, '2', 'We use PostgreSQL 15 for billing.', 'PostgreSQL 15');
  });

  it('puts the Hard Rules first and gives the context what they leave of the budget', async () => {
    const ruled = await ruledContext(engine, { query: 'billing database', budget: 400 });
    const entries = await engine.observer.listMemory();
    expect(entries.find((m) => m.text.includes('Fridays'))?.memory_priority).toBe('P0');
    expect(ruled.markdown.startsWith('## Hard Rules\n- Never deploy on Fridays')).toBe(true);
    expect(ruled.hard_rules).toMatchObject({ omitted: 0 });
    expect(ruled.hard_rules.entries.map((e) => e.text)).toEqual([
      expect.stringContaining('Fridays'),
    ]);
    // A decision is a memory, not a Hard Rule: it may show among the memories, never in the block.
    expect(ruled.hard_rules.markdown).not.toContain('PostgreSQL');
    expect(ruled.context.budget).toBeLessThan(400 - ruled.hard_rules.tokens);
    expect(tokenizer.count(ruled.markdown)).toBeLessThanOrEqual(400);
  });

  it("leaves them out of a thread's own view, which everyone in it reads, as the pack is", async () => {
    const shared = await ruledContext(engine, { thread: 'session:rules-1', budget: 400 });
    expect(shared.hard_rules.entries).toEqual([]);
    const own = await ruledContext(engine, {
      thread: 'session:rules-1',
      entity: 'user:primary',
      budget: 400,
    });
    expect(own.hard_rules.entries).toHaveLength(1);
  });

  it('leaves a retired Hard Rule out', async () => {
    const [rule] = (await engine.observer.listMemory()).filter((m) => m.memory_priority === 'P0');
    await engine.observer.retireMemory(rule?.memory_id ?? '', 'Friday deploys are fine now');
    const ruled = await ruledContext(engine, { query: 'deploy', budget: 400 });
    expect(ruled.hard_rules).toMatchObject({ entries: [], omitted: 0, markdown: '' });
    expect(ruled.markdown).toBe(ruled.context.markdown);
  });

  it('says so when the Hard Rules alone exceed the budget, showing the whole ones that fit', async () => {
    await approve(
      engine,
      '3',
      'Never store customer card numbers in the application logs, that is a hard rule.',
      'card numbers',
    );
    const whole = await ruledContext(engine, { budget: 2000 });
    expect(whole.hard_rules.entries).toHaveLength(2);
    const budget = whole.hard_rules.tokens - 5;
    const tight = await ruledContext(engine, { budget });
    const { omitted, entries } = tight.hard_rules;
    expect(omitted).toBeGreaterThan(0);
    expect(entries).toEqual(whole.hard_rules.entries.slice(0, 2 - omitted));
    expect(tight.markdown).toContain(`[${omitted} of 2 Hard Rules did not fit the ${budget}-token`);
    // Nothing of the context is shown when the rules took the budget.
    expect(tight.markdown).not.toContain('Verity context.');
    expect(tokenizer.count(tight.markdown)).toBeLessThanOrEqual(budget);
    // With room for one rule and the notice, the first rule shows whole.
    const one = await ruledContext(engine, { budget: 120 });
    expect(one.hard_rules.entries.length + one.hard_rules.omitted).toBe(2);
    expect(one.markdown).toContain(`(MEMORY.md ${whole.hard_rules.entries[0]?.memory_id})`);
  });
});
