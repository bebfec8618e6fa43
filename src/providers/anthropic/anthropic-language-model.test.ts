import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlmServer, startFakeLlmServer } from '../../testing/index.js';
import { createAnthropicLanguageModel } from './anthropic-language-model.js';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: { type: 'string' } },
};

let server: FakeLlmServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

describe('AnthropicLanguageModel (local fake server)', () => {
  it('calls the Messages API and parses the structured answer', async () => {
    server = await startFakeLlmServer({ reply: () => '{"answer":"Reno"}' });
    const model = createAnthropicLanguageModel({
      baseUrl: server.anthropicBaseUrl,
      model: 'claude-haiku-4-5',
      apiKey: 'test-key',
    });
    const result = await model.generateObject({
      system: 'sys',
      prompt: 'where?',
      schema,
      schemaName: 'answer',
      timeoutMs: 5000,
    });
    expect(result.value).toEqual({ answer: 'Reno' });
    expect(server.requests[0]?.path).toBe('/v1/messages');
    expect(server.requests[0]?.body['model']).toBe('claude-haiku-4-5');
  });

  it('fails with PROVIDER_FAILED when the server errors', async () => {
    server = await startFakeLlmServer({
      reply: () => ({
        status: 529,
        body: '{"type":"error","error":{"type":"overloaded_error","message":"busy"}}',
      }),
    });
    const model = createAnthropicLanguageModel({
      baseUrl: server.anthropicBaseUrl,
      model: 'claude-haiku-4-5',
      apiKey: 'test-key',
    });
    await expect(
      model.generateObject({
        system: 's',
        prompt: 'p',
        schema,
        schemaName: 'answer',
        timeoutMs: 5000,
      }),
    ).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
  });
});
