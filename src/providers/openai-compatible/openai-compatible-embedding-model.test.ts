import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import { createOpenAICompatibleEmbeddingModel } from './index.js';

interface Received {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; input: string[]; encoding_format?: string; dimensions?: number };
}

/** Answers to queue for the next requests; without one the server embeds by word count. */
type Scripted = {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
};

/** A local stand-in for an OpenAI-compatible server: `POST /v1/embeddings` on 127.0.0.1. */
function fakeServer(): {
  readonly server: Server;
  readonly received: Received[];
  readonly script: Scripted[];
} {
  const received: Received[] = [];
  const script: Scripted[] = [];
  const readBody = async (request: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const body = JSON.parse(text) as Received['body'];
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const scripted = script.shift();
      if (scripted !== undefined) {
        response.writeHead(scripted.status, {
          'content-type': 'application/json',
          ...scripted.headers,
        });
        response.end(scripted.body);
        return;
      }
      if (request.url !== '/v1/embeddings') {
        response.writeHead(404).end('{"error":"not found"}');
        return;
      }
      // Not unit length on purpose: the adapter normalises (as Ollama's answers need).
      const data = body.input
        .map((input, index) => ({
          object: 'embedding',
          index,
          embedding: [input.length, input.split(' ').length, 1],
        }))
        .reverse();
      response.writeHead(200, { 'content-type': 'application/json' });
      // `usage` as OpenAI sends it: the AI SDK rejects an answer whose usage lacks prompt_tokens.
      const usage = { prompt_tokens: body.input.length, total_tokens: body.input.length };
      response.end(JSON.stringify({ object: 'list', data, model: body.model, usage }));
    });
  });
  return { server, received, script };
}

describe('OpenAICompatibleEmbeddingModel (local fake server)', () => {
  const fake = fakeServer();
  let baseUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}/v1`;
  });

  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });

  beforeEach(() => {
    fake.received.length = 0;
    fake.script.length = 0;
  });

  it('posts batches to /embeddings and returns unit vectors in input order', async () => {
    const model = createOpenAICompatibleEmbeddingModel({
      baseUrl: `${baseUrl}/`,
      model: 'nomic-embed-text',
      dimension: 3,
      apiKey: 'sk-test',
      maxBatchSize: 2,
    });
    const vectors = await model.embed(['one two three', 'four', '', 'five six']);
    expect(fake.received.map((r) => r.body.input)).toEqual([
      ['one two three', 'four'],
      ['five six'],
    ]);
    expect(fake.received[0]).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer sk-test',
      body: { model: 'nomic-embed-text', encoding_format: 'float' },
    });
    expect(fake.received[0]?.body.dimensions).toBeUndefined();
    const expected = (text: string) => {
      const raw = [text.length, text.split(' ').length, 1];
      const norm = Math.hypot(...raw);
      return raw.map((value) => value / norm);
    };
    expect(Array.from(vectors[0] ?? [])).toEqual(
      expected('one two three').map((v) => Math.fround(v)),
    );
    expect(Array.from(vectors[3] ?? [])).toEqual(expected('five six').map((v) => Math.fround(v)));
    expect(vectors[2]).toEqual(new Float32Array(3));
    expect(model.id).toBe('nomic-embed-text');
    await model.close();
  });

  it('asks for a dimension and bounds long inputs when configured to', async () => {
    const model = createOpenAICompatibleEmbeddingModel({
      baseUrl,
      model: 'text-embedding-3-small',
      dimension: 3,
      sendDimensions: true,
      maxInputTokens: 2,
    });
    await model.embed(['abcdefghijkl']);
    expect(fake.received[0]?.body).toMatchObject({ dimensions: 3, input: ['abcdefgh'] });
  });

  it('retries a 429 and a 503 after the delay the server asks for, then succeeds', async () => {
    // The AI SDK waits as long as `retry-after-ms` says (else 2 s, then 4 s).
    const now = { 'retry-after-ms': '0' };
    fake.script.push({ status: 429, body: '{"error":"slow down"}', headers: now });
    fake.script.push({ status: 503, body: '{"error":"busy"}', headers: now });
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 3 });
    const [vector] = await model.embed(['hello']);
    expect(fake.received).toHaveLength(3);
    expect(vector).toHaveLength(3);
  });

  it('fails with PROVIDER_FAILED and the status, without echoing the body', async () => {
    fake.script.push({ status: 400, body: '{"error":"secret input text"}' });
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 3 });
    const attempt = model.embed(['hello']);
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { status: 400, attempts: 1 },
    });
    await expect(attempt).rejects.not.toThrow(/secret/);
    expect(fake.received).toHaveLength(1);
  });

  it('fails with CONFIG_INVALID when the server returns another dimension', async () => {
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 5 });
    await expect(model.embed(['hello'])).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('fails with PROVIDER_FAILED for a malformed answer', async () => {
    fake.script.push({ status: 200, body: '{"data":"nope"}' });
    fake.script.push({ status: 200, body: 'not json' });
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 3 });
    await expect(model.embed(['a'])).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
    await expect(model.embed(['a'])).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
  });

  it('reports an unreachable server after its retries, with the network error as cause', async () => {
    // A port that was just free: nothing listens there, so every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const model = createOpenAICompatibleEmbeddingModel({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      dimension: 3,
      maxRetries: 1,
    });
    const attempt = model.embed(['a']);
    await expect(attempt).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { attempts: 2 },
      cause: { code: 'ECONNREFUSED' },
    });
  });

  it('does not retry a request the server refuses as invalid', async () => {
    fake.script.push({ status: 422, body: '{"error":"bad"}' });
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 3 });
    await expect(model.embed(['a'])).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { status: 422, attempts: 1 },
    });
    expect(fake.received).toHaveLength(1);
  });

  it('stops when its signal aborts', async () => {
    const model = createOpenAICompatibleEmbeddingModel({ baseUrl, model: 'm', dimension: 3 });
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(model.embed(['a'], { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('rejects unusable options with CONFIG_INVALID', () => {
    const base = { baseUrl: 'http://127.0.0.1:1/v1', model: 'm', dimension: 3 };
    expect(() => createOpenAICompatibleEmbeddingModel({ ...base, baseUrl: 'nope' })).toThrow(
      /baseUrl/,
    );
    expect(() => createOpenAICompatibleEmbeddingModel({ ...base, model: '' })).toThrow(/model/);
    expect(() => createOpenAICompatibleEmbeddingModel({ ...base, dimension: 1.5 })).toThrow(
      /dimension/,
    );
    expect(() => createOpenAICompatibleEmbeddingModel({ ...base, maxBatchSize: 0 })).toThrow(
      /maxBatchSize/,
    );
  });
});
