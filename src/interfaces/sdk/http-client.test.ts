import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestEngine,
  openTestEngine,
  type TestEngine,
} from '../../engine/__fixtures__/test-engine.js';
import { createFakeEmbeddingModel } from '../../providers/fake/index.js';
import { type RunningHttpServer, startHttpServer } from '../http/index.js';
import {
  createVerityClient,
  type MessageRecord,
  type VerityClient,
  VerityHttpError,
} from './index.js';

const TOKEN = 'sdk-test-token-0123456789';
const NOW = '2026-02-19T15:05:00Z';

/** A profile observation: a change to one needs the user's confirmation. */
function seatObservation(id: string, value: string, eventTs: string): Record<string, unknown> {
  return {
    type: 'observation',
    event_id: `0190a5f2-7b1c-7c3e-9a4b-00000000000${id}`,
    event_ts: eventTs,
    domain: 'profile',
    entity_id: 'user:primary',
    field: 'profile.preference.seat',
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:sdk:msg:${id}` },
  };
}

/** Every object key in `value`, at any depth, except those under `state` (field names are data). */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) keysOf(entry, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      into.push(key);
      if (key !== 'state') keysOf(entry, into);
    }
  }
  return into;
}

let opened: TestEngine;
let server: RunningHttpServer;
let client: VerityClient;

beforeAll(async () => {
  // The clock is never moved: every request sees NOW.
  opened = await openTestEngine('verity-sdk-', NOW, {
    embeddings: { model: createFakeEmbeddingModel() },
  });
  server = await startHttpServer(opened.engine, { port: 0, host: '127.0.0.1', token: TOKEN });
  client = createVerityClient({ baseUrl: `${server.url}/`, token: TOKEN });
});

afterAll(async () => {
  await server.close();
  await closeTestEngine(opened);
});

describe('VerityClient against a real verity serve', () => {
  it('records a conversation, then reads state, explanation, search and context', async () => {
    const recorded = await client.recordMessages(
      [
        {
          message_id: '1',
          role: 'user',
          content: "We're in Tahoe now, back on Monday.",
          created_at: '2026-02-19T15:00:00Z',
        },
        {
          message_id: '2',
          role: 'assistant',
          content: 'Have a great trip!',
          created_at: '2026-02-19T15:00:30Z',
        },
      ],
      { thread_id: 'family-chat' },
    );
    expect(recorded).toMatchObject({ applied: 2, duplicate: 0, rejected: 0 });
    expect(recorded.messages.map((m) => [m.thread_id, m.message_id, m.status])).toEqual([
      ['family-chat', '1', 'applied'],
      ['family-chat', '2', 'applied'],
    ]);
    const again = await client.recordMessages(
      [{ message_id: '1', role: 'user', content: "We're in Tahoe now, back on Monday." }],
      { thread_id: 'family-chat' },
    );
    expect(again).toMatchObject({ applied: 0, duplicate: 1 });

    const state = await client.getState('user:primary');
    expect(state.entity_id).toBe('user:primary');
    expect(state.state['travel.location']).toMatchObject({ value: 'Tahoe', status: 'committed' });
    const field = await client.getField('user:primary', 'travel.location');
    expect(field).toMatchObject({ entity_id: 'user:primary', value: 'Tahoe', stale: false });
    const explained = await client.explain('user:primary', 'travel.location');
    expect(explained.current.value).toBe('Tahoe');
    expect(explained.text).toContain('Tahoe');

    const found = await client.search('Tahoe', { entity_id: 'user:primary', limit: 5 });
    expect(found.hits[0]).toMatchObject({ thread_id: 'family-chat', message_id: '1' });
    const pack = await client.context({ entity_id: 'user:primary', budget: 300 });
    expect(pack.budget).toBe(300);
    expect(pack.markdown).toContain('travel.location: Tahoe');
    expect((await client.listEntities()).items.map((e) => e.entity_id)).toContain('user:primary');

    // Every answer is the wire JSON: snake_case keys, as on the CLI and over MCP.
    const camel = [recorded, state, field, explained, found, pack]
      .flatMap((answer) => keysOf(answer))
      .filter((key) => /[A-Z]/.test(key));
    expect(camel).toEqual([]);
  });

  it('ingests records, lists the review they open and answers it', async () => {
    const ingested = await client.ingest([
      seatObservation('2', 'aisle', '2026-02-19T15:00:00Z'),
      seatObservation('3', 'window', '2026-02-19T15:01:00Z'),
    ]);
    expect(ingested).toMatchObject({ applied: 2, rejected: 0, decisions: { ask_user: 1 } });
    const reviews = await client.listReviews({ entity_id: 'user:primary' });
    const prompt = reviews.find((review) => review.field === 'profile.preference.seat');
    expect(prompt).toMatchObject({ proposed_value: 'window', current_value: 'aisle' });
    const answered = await client.answerReview(prompt?.prompt_id ?? '', {
      action: 'edit',
      edited_value: 'exit row',
    });
    expect(answered.field).toMatchObject({ field: 'profile.preference.seat', value: 'exit row' });
    const again = client.answerReview(prompt?.prompt_id ?? '', { action: 'confirm' });
    await expect(again).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('returns rejected records as a result, with their dead-letter ids and issues', async () => {
    const result = await client.ingest('{"type":"observation"}\n');
    expect(result.rejected).toBe(1);
    expect(result.rejections[0]).toMatchObject({ line: 1, dlq_id: expect.any(String) });
    // The server answers 422 when every message is rejected; the client still returns the result.
    const bad = { message_id: 'x', role: 'narrator', content: 'hi' } as unknown as MessageRecord;
    const messages = await client.recordMessages([bad], { thread_id: 'family-chat' });
    expect(messages).toMatchObject({ applied: 0, rejected: 1 });
    expect(messages.messages[0]?.issues.map((issue) => issue.path)).toContain('/role');
  });

  it('records, reads, updates, lists and forgets a memory', async () => {
    const { memory } = await client.recordMemory({ text: 'Leo likes skiing', tags: ['family'] });
    expect(memory).toMatchObject({ text: 'Leo likes skiing', tags: ['family'], revision: 1 });
    expect((await client.getMemory(memory.memory_id)).memory_id).toBe(memory.memory_id);
    await client.updateMemory(memory.memory_id, { text: 'Leo loves skiing', tags: ['family'] });
    const listed = await client.listMemories({ tag: 'family' });
    expect(listed.map((m) => m.text)).toEqual(['Leo loves skiing']);
    await client.forgetMemory(memory.memory_id);
    expect(await client.listMemories({ tag: 'family' })).toEqual([]);
  });

  it('throws VerityHttpError with the code, message and details of an error answer', async () => {
    const missing = client.answerReview('no-such-prompt', { action: 'confirm' });
    await expect(missing).rejects.toBeInstanceOf(VerityHttpError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const refused = client.getState('not an entity');
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const anonymous = createVerityClient({ baseUrl: server.url });
    expect((await anonymous.health()).status).toBe('ok');
    await expect(anonymous.getState('user:primary')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses a base URL that is not absolute', () => {
    expect(() => createVerityClient({ baseUrl: '127.0.0.1:7077' })).toThrow(/absolute URL/);
  });
});
