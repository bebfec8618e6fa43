import { describe, expect, it } from 'vitest';
import type { FakeLlmServerOptions } from '../../testing/index.js';
import { answerRequest, useFakeLlmServer } from '../ai-sdk/__fixtures__/fake-llm-kit.js';
import { createOpenAICompatibleLanguageModel } from './openai-compatible-language-model.js';

const startServer = useFakeLlmServer();

describe('OpenAICompatibleLanguageModel (local fake server)', () => {
  it('sends the schema as a json_schema response format and parses the JSON answer', async () => {
    const server = await startServer({ reply: () => '{"answer":"Tahoe"}' });
    const model = createOpenAICompatibleLanguageModel({
      baseUrl: server.openaiBaseUrl,
      model: 'tiny',
      apiKey: 'k',
    });
    const result = await model.generateObject(answerRequest());
    expect(result.value).toEqual({ answer: 'Tahoe' });
    const body = server.requests[0]?.body ?? {};
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(body['model']).toBe('tiny');
    expect(body['response_format']).toMatchObject({ type: 'json_schema' });
    expect(JSON.stringify(body['messages'])).toContain('where?');
  });

  const failures: readonly (readonly [string, FakeLlmServerOptions, number])[] = [
    [
      'an HTTP error',
      { reply: () => ({ status: 500, body: '{"error":{"message":"boom"}}' }) },
      5000,
    ],
    ['an answer that is not JSON', { reply: () => 'Tahoe, I think' }, 5000],
    ['a timeout', { reply: () => '{"answer":"late"}', delayMs: 300 }, 50],
  ];
  it.each(failures)('fails with PROVIDER_FAILED on %s', async (_name, options, timeoutMs) => {
    const server = await startServer(options);
    const model = createOpenAICompatibleLanguageModel({
      baseUrl: server.openaiBaseUrl,
      model: 'tiny',
    });
    await expect(model.generateObject(answerRequest(timeoutMs))).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
    });
  });
});
