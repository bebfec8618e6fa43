import { describe, expect, it } from 'vitest';
import { answerRequest, useFakeLlmServer } from '../ai-sdk/__fixtures__/fake-llm-kit.js';
import { createAnthropicLanguageModel } from './anthropic-language-model.js';

const startServer = useFakeLlmServer();

/** The model under test, pointed at the fake server's Anthropic endpoint. */
function modelAt(server: { anthropicBaseUrl: string }) {
  return createAnthropicLanguageModel({
    baseUrl: server.anthropicBaseUrl,
    model: 'claude-haiku-4-5',
    apiKey: 'test-key',
  });
}

describe('AnthropicLanguageModel (local fake server)', () => {
  it('calls the Messages API and parses the structured answer', async () => {
    const server = await startServer({ reply: () => '{"answer":"Reno"}' });
    const model = modelAt(server);
    const result = await model.generateObject(answerRequest());
    expect(result.value).toEqual({ answer: 'Reno' });
    expect(server.requests[0]?.path).toBe('/v1/messages');
    expect(server.requests[0]?.body['model']).toBe('claude-haiku-4-5');
  });

  it('fails with PROVIDER_FAILED when the server errors', async () => {
    const server = await startServer({
      reply: () => ({
        status: 529,
        body: '{"type":"error","error":{"type":"overloaded_error","message":"busy"}}',
      }),
    });
    const model = modelAt(server);
    await expect(model.generateObject(answerRequest())).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
    });
  });
});
