import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { grant } from './__fixtures__/grants.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const ADMIN = 'admin-body-limit-token-0123456789';
const ALEX = 'alex-body-limit-token-0123456789';
const LIMIT = 4096;

const http = useHttpApp({
  prefix: 'verity-http-body-limit-',
  engine: (dir) => atInstant(dir, '2026-02-19T15:05:00Z'),
  app: {
    token: ADMIN,
    tokens: [grant('alex', ALEX, ['read', 'write', 'review'], ['user:alex'])],
    maxBodyBytes: LIMIT,
  },
});

/** Messages whose JSON body is about `bytes` long. */
function messagesBody(bytes: number, thread = 'big'): string {
  const count = Math.ceil(bytes / 80);
  return JSON.stringify({
    thread_id: thread,
    messages: Array.from({ length: count }, (_, i) => ({
      message_id: `m${i}`,
      role: 'user',
      content: `We are in Lisbon now, note ${i}.`,
    })),
  });
}

/** A stream of `text` with no Content-Length, as a chunked upload arrives. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1000)
        controller.enqueue(bytes.slice(at, at + 1000));
      controller.close();
    },
  });
}

async function send(
  method: string,
  path: string,
  body: string,
  options: { token?: string; declareLength?: boolean; type?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${options.token ?? ADMIN}`,
    'Content-Type': options.type ?? 'application/json',
    Accept: 'application/json, text/event-stream',
  };
  if (options.declareLength === true) {
    headers['Content-Length'] = String(new TextEncoder().encode(body).length);
  }
  return await http.app.request(path, {
    method,
    headers,
    body: options.declareLength === true ? body : streamOf(body),
    duplex: 'half',
  } as RequestInit);
}

async function storedCounts(): Promise<{ events: number; dead: number }> {
  return {
    events: (await http.engine.stats()).events,
    dead: (await http.engine.listDlq()).length,
  };
}

const oversized = (bytes: number) => 'x'.repeat(bytes);

describe('the write body limit', () => {
  it.each([
    ['JSON route', 'POST', '/api/messages', () => messagesBody(LIMIT * 2)],
    [
      'JSONL ingest',
      'POST',
      '/api/ingest',
      () =>
        toJsonl(
          Array.from({ length: 60 }, (_, i) =>
            messageRecord(
              'big',
              `i${i}`,
              'user',
              `We moved to Porto, line ${i}.`,
              '2026-02-19T15:00:00Z',
            ),
          ),
        ),
    ],
    [
      'session capture',
      'POST',
      '/api/sessions',
      () => JSON.stringify({ transcript: oversized(LIMIT * 2), trigger: 'exit' }),
    ],
    [
      'record update',
      'PUT',
      '/api/memories/mem-1',
      () => JSON.stringify({ text: oversized(LIMIT * 2) }),
    ],
    [
      'review answer',
      'POST',
      '/api/reviews/p-1',
      () => JSON.stringify({ action: 'edit', edited_value: oversized(LIMIT * 2) }),
    ],
    [
      'MCP',
      'POST',
      '/mcp',
      () =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'record_messages', arguments: { messages: oversized(LIMIT * 2) } },
        }),
    ],
  ])(
    'refuses an oversized %s body with 413, naming the limit and its settings, storing nothing',
    async (_class, method, path, body) => {
      const before = await storedCounts();
      for (const declareLength of [true, false]) {
        const response = await send(method, path, body(), { declareLength });
        expect(response.status).toBe(413);
        const problem = (await response.json()) as {
          error: { code: string; message: string; details: Record<string, unknown> };
        };
        expect(problem.error.code).toBe('PAYLOAD_TOO_LARGE');
        expect(problem.error.message).toContain(`${LIMIT} bytes (4 KiB)`);
        expect(problem.error.message).toContain('VERITY_MAX_BODY_BYTES');
        expect(problem.error.details).toEqual({
          limit_bytes: LIMIT,
          env: 'VERITY_MAX_BODY_BYTES',
          setting: 'http.max_body_bytes',
        });
      }
      expect(await storedCounts()).toEqual(before);
    },
  );

  it('accepts a body just under the limit, declared or streamed', async () => {
    for (const [declareLength, thread] of [
      [true, 'fits-declared'],
      [false, 'fits-streamed'],
    ] as const) {
      const body = messagesBody(LIMIT - 400, thread);
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(LIMIT);
      const response = await send('POST', '/api/messages', body, { declareLength });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ rejected: 0 });
    }
  });

  it('refuses before the entity check reads the body of a token limited to some entities', async () => {
    const before = await storedCounts();
    const response = await send('POST', '/api/messages', messagesBody(LIMIT * 3), {
      token: ALEX,
    });
    expect(response.status).toBe(413);
    expect(await storedCounts()).toEqual(before);
  });

  it('is documented as a 413 answer of every write route, and of no read', async () => {
    const document = (await (await http.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.entries(item));
    const writes = operations.filter(([method]) => method !== 'get');
    expect(writes.length).toBeGreaterThan(10);
    for (const [, operation] of writes) expect(operation.responses).toHaveProperty('413');
    for (const [method, operation] of operations) {
      if (method === 'get') expect(operation.responses).not.toHaveProperty('413');
    }
  });

  it('leaves reads alone', async () => {
    const response = await http.app.request('/api/stats', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(response.status).toBe(200);
  });
});
