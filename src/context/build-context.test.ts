import { describe, expect, it } from 'vitest';
import { EngineError } from '../core/index.js';
import { entity, field, hit, message, stateItem } from './__fixtures__/context-fixtures.js';
import { assembleContext } from './assemble-context.js';
import { buildContext } from './build-context.js';
import { ASKED_CONTEXT_LIMITS, DEFAULT_CONTEXT_LIMITS } from './context-budget.js';
import { type ContextSources, EMPTY_CONTEXT_SOURCES } from './context-sources.js';

const NOW = '2026-11-25T10:00:00Z';

/** Sources over fixed data that record every call. */
function recordingSources(): { sources: ContextSources; calls: string[] } {
  const calls: string[] = [];
  const sources: ContextSources = {
    entities: async (request) => {
      calls.push(`entities ${request.entity} ${request.thread} ${request.now}`);
      return [entity(request.entity, { 'travel.status': field('planned') })];
    },
    stateItems: async (request) => {
      calls.push(`stateItems ${request.entity} ${request.thread}`);
      return [stateItem({ uid: 'd_aaaaaaaaaaaa', text: 'Use Postgres' })];
    },
    summaries: async (threadId) => {
      calls.push(`summaries ${threadId}`);
      return { short: 'Planning the stack.', long: null };
    },
    skills: async () => {
      calls.push('skills');
      return 'Be brief.';
    },
    memories: async (query, _request, limit) => {
      calls.push(`memories ${query} ${limit}`);
      return [hit('h1', 'Postgres was chosen in May', 0.8, 'm_old')];
    },
    tail: async (threadId, limit) => {
      calls.push(`tail ${threadId} ${limit}`);
      return [
        message('m1', 'What database did we pick?', 0),
        message('m2', 'Postgres.', 1, 'assistant'),
        message('m3', 'And for caching?', 2),
      ];
    },
  };
  return { sources, calls };
}

describe('buildContext', () => {
  it('reads each source once and assembles what they return', async () => {
    const { sources, calls } = recordingSources();
    const request = { entity: 'user:primary', thread: 't1', query: 'database', now: NOW };
    const result = await buildContext(request, sources);
    expect([...calls].sort()).toEqual([
      'entities user:primary t1 2026-11-25T10:00:00Z',
      // Asked about something: the memories lead; the tail is read at its normal count (its
      // asked cap applies in assembly, and yields).
      `memories database ${ASKED_CONTEXT_LIMITS.memories}`,
      'skills',
      'stateItems user:primary t1',
      'summaries t1',
      `tail t1 ${DEFAULT_CONTEXT_LIMITS.tailMessages}`,
    ]);
    const inputs = {
      entities: await sources.entities({ entity: 'user:primary', thread: 't1', now: NOW }),
      stateItems: await sources.stateItems({ entity: 'user:primary', thread: 't1', now: NOW }),
      summaries: await sources.summaries('t1'),
      skills: await sources.skills({ entity: 'user:primary', thread: 't1', now: NOW }),
      memories: await sources.memories(
        'database',
        { entity: 'user:primary', thread: null, now: NOW },
        ASKED_CONTEXT_LIMITS.memories,
      ),
      tail: await sources.tail('t1', DEFAULT_CONTEXT_LIMITS.tailMessages),
    };
    const expected = assembleContext(request, inputs, {
      limits: { memories: ASKED_CONTEXT_LIMITS.memories },
      askedTailMessages: ASKED_CONTEXT_LIMITS.tailMessages,
    });
    if (!expected.ok) throw expected.error;
    expect(JSON.stringify(result)).toBe(JSON.stringify(expected.value));
    expect(result.included.messageIds).toEqual(['m_old', 'm1', 'm2', 'm3']);
  });

  it('retrieves memories for the latest user message when no query is given', async () => {
    const { sources, calls } = recordingSources();
    const result = await buildContext({ entity: 'user:primary', thread: 't1', now: NOW }, sources);
    expect(calls).toContain(`memories And for caching? ${DEFAULT_CONTEXT_LIMITS.memories}`);
    expect(calls).toContain(`tail t1 ${DEFAULT_CONTEXT_LIMITS.tailMessages}`);
    expect(result.query).toBe('And for caching?');
  });

  it('asks no thread source without a thread, and retrieves nothing without a query', async () => {
    const { sources, calls } = recordingSources();
    const result = await buildContext({ entity: 'user:primary', now: NOW }, sources);
    expect([...calls].sort()).toEqual([
      'entities user:primary null 2026-11-25T10:00:00Z',
      'skills',
      'stateItems user:primary null',
    ]);
    expect(result.query).toBeNull();
    expect(result.markdown).toContain('- travel.status: planned');
  });

  it('passes its limits to the sources', async () => {
    const { sources, calls } = recordingSources();
    await buildContext({ entity: 'user:primary', thread: 't1', query: 'x', now: NOW }, sources, {
      limits: { memories: 5, tailMessages: 7 },
    });
    expect(calls).toContain('memories x 5');
    expect(calls).toContain('tail t1 7');
  });

  it('keeps the asked caps for the limits the caller leaves unset', async () => {
    const { sources, calls } = recordingSources();
    await buildContext({ entity: 'user:primary', thread: 't1', query: 'x', now: NOW }, sources, {
      limits: { memories: 5 },
    });
    expect(calls).toContain('memories x 5');
    expect(calls).toContain(`tail t1 ${DEFAULT_CONTEXT_LIMITS.tailMessages}`);
  });

  it('builds from empty sources', async () => {
    const result = await buildContext(
      { entity: 'user:primary', thread: 't1', now: NOW },
      EMPTY_CONTEXT_SOURCES,
      { system: '' },
    );
    expect(result.markdown).toBe('');
    expect(result.total).toBe(0);
  });

  it('throws VALIDATION_FAILED for a bad request before reading anything', async () => {
    const { sources, calls } = recordingSources();
    const attempt = buildContext({ entity: 'user:primary', now: NOW, budget: -5 }, sources);
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(calls).toEqual([]);
  });

  it('lets a failing source fail the build', async () => {
    const failure = new EngineError('STORE_FAILED', 'store closed');
    const sources: ContextSources = {
      ...EMPTY_CONTEXT_SOURCES,
      entities: async () => {
        throw failure;
      },
    };
    await expect(buildContext({ entity: 'user:primary', now: NOW }, sources)).rejects.toBe(failure);
  });
});
