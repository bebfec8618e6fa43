import { describe, expect, it } from 'vitest';
import type { BatchMessage } from '../core/index.js';
import { hit, message, words } from './__fixtures__/context-fixtures.js';
import type { ContextOptions, ContextResult } from './assemble-context.js';
import { buildContext } from './build-context.js';
import { ASKED_CONTEXT_LIMITS } from './context-budget.js';
import { type ContextSources, EMPTY_CONTEXT_SOURCES, type MemoryHit } from './context-sources.js';

const NOW = '2026-11-25T10:00:00Z';

/** A thread of `count` short alternating turns, `m0` oldest. */
function thread(count: number): BatchMessage[] {
  return Array.from({ length: count }, (_, index) =>
    message(
      `m${index}`,
      `turn ${index}: ${words(`t${index}x`, 8)}`,
      index,
      index % 2 === 0 ? 'user' : 'assistant',
    ),
  );
}

function hits(count: number, size = 30): MemoryHit[] {
  return Array.from({ length: count }, (_, index) =>
    hit(`h${index}`, words(`h${index}y`, size), 0.9 - index / 100, `old${index}`),
  );
}

function sourcesOf(tail: readonly BatchMessage[], memories: readonly MemoryHit[]): ContextSources {
  return {
    ...EMPTY_CONTEXT_SOURCES,
    tail: async (_thread, limit) => tail.slice(Math.max(0, tail.length - limit)),
    memories: async (_query, _request, limit) => memories.slice(0, limit),
  };
}

async function build(
  sources: ContextSources,
  query: string | null,
  options: ContextOptions = {},
  budget = 2000,
): Promise<ContextResult> {
  return buildContext({ entity: 'user:primary', thread: 't1', query, budget, now: NOW }, sources, {
    system: '',
    ...options,
  });
}

function tailOf(result: ContextResult) {
  const tail = result.sections.find((section) => section.name === 'tail');
  if (!tail) throw new Error('no tail section');
  return tail;
}

function memoriesOf(result: ContextResult): readonly string[] {
  return result.included.memoryIds;
}

describe('buildContext asked about something (review of the asked budget)', () => {
  it('gives the tail the room a query that matches nothing leaves', async () => {
    const sources = sourcesOf(thread(40), []);
    const plain = await build(sources, null);
    const asked = await build(sources, 'trip');
    // The whole thread fits in 2,000 tokens: asked or not, all 40 messages show.
    expect(tailOf(plain).includedIds).toHaveLength(40);
    expect(tailOf(asked).includedIds).toEqual(tailOf(plain).includedIds);
    expect(asked.total).toBeLessThanOrEqual(2000);
  });

  it('gives the tail, newest first, the room a few memories leave', async () => {
    const asked = await build(sourcesOf(thread(40), hits(3)), 'trip');
    expect(memoriesOf(asked)).toEqual(['h0', 'h1', 'h2']);
    const shown = tailOf(asked).includedIds;
    expect(shown.length).toBeGreaterThan(ASKED_CONTEXT_LIMITS.tailMessages);
    // Newest first: what shows is the thread's end, without gaps.
    expect(shown.at(-1)).toBe('m39');
    expect(shown).toEqual(
      thread(40)
        .slice(40 - shown.length)
        .map((m) => m.messageId),
    );
    expect(asked.total).toBeLessThanOrEqual(2000);
  });

  it('still lets memories that fill their share lead', async () => {
    const sources = sourcesOf(thread(40), hits(40));
    const plain = await build(sources, null);
    const asked = await build(sources, 'trip');
    expect(tailOf(asked).includedIds.length).toBeLessThanOrEqual(ASKED_CONTEXT_LIMITS.tailMessages);
    expect(memoriesOf(asked).length).toBeGreaterThan(memoriesOf(plain).length + 5);
    expect(asked.total).toBeLessThanOrEqual(2000);
  });

  it('never cuts the newest user message for memories', async () => {
    const messages = thread(11);
    const turn = message('m11', words('long', 400), 11, 'user');
    const sources = sourcesOf([...messages, turn], hits(40));
    const asked = await build(sources, 'trip');
    const tail = tailOf(asked);
    expect(tail.includedIds).toContain('m11');
    expect(tail.truncatedIds).toEqual([]);
    expect(asked.markdown).toContain(turn.content);
    // The memories keep the rest of the room.
    expect(memoriesOf(asked).length).toBeGreaterThan(0);
    expect(asked.total).toBeLessThanOrEqual(2000);
  });

  it('gives a user message that a reply follows no claim over memories', async () => {
    const turn = message('m10', words('long', 400), 10, 'user');
    const reply = message('m11', 'On it.', 11, 'assistant');
    const answered = await build(sourcesOf([...thread(10), turn, reply], hits(40)), 'trip');
    // Answered already, the long message is history: the memories keep their share.
    expect(tailOf(answered).truncatedIds).toEqual(['m10']);
    const open = await build(sourcesOf([...thread(10), turn], hits(40)), 'trip');
    expect(tailOf(open).truncatedIds).toEqual([]);
    expect(memoriesOf(answered).length).toBeGreaterThan(memoriesOf(open).length);
  });

  it('cuts the newest user message only when the budget is smaller than it', async () => {
    const turn = message('m11', words('long', 400), 11, 'user');
    const asked = await build(sourcesOf([...thread(11), turn], hits(40)), 'trip', {}, 300);
    expect(tailOf(asked).truncatedIds).toEqual(['m11']);
    // Everything went to the turn being answered.
    expect(memoriesOf(asked)).toEqual([]);
    expect(asked.total).toBeLessThanOrEqual(300);
  });

  it('turns the asked tail cap off when the caller sets tailMessages', async () => {
    const sources = sourcesOf(thread(40), hits(40));
    const options = { limits: { tailMessages: 40 } };
    const plain = await build(sources, null, options);
    const asked = await build(sources, 'trip', options);
    expect(tailOf(asked).includedIds.length).toBeGreaterThan(ASKED_CONTEXT_LIMITS.tailMessages);
    expect(tailOf(asked).includedIds).toEqual(tailOf(plain).includedIds);
    // An explicit asked tail share still applies.
    const shared = await build(sources, 'trip', { ...options, askedTailShare: 10 });
    expect(tailOf(shared).includedIds.length).toBeLessThan(tailOf(asked).includedIds.length);
  });
});
