import { afterEach } from 'vitest';
import {
  type FakeLlmServer,
  type FakeLlmServerOptions,
  startFakeLlmServer,
} from '../../../testing/index.js';
import type { GenerateObjectRequest } from '../../index.js';

/** The answer schema every AI SDK adapter's test asks for: one string property. */
export const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: { type: 'string' } },
};

/** A request for `ANSWER_SCHEMA` with the prompt `where?`. */
export function answerRequest(timeoutMs = 5000): GenerateObjectRequest {
  return {
    system: 'sys',
    prompt: 'where?',
    schema: ANSWER_SCHEMA,
    schemaName: 'answer',
    timeoutMs,
  };
}

/** Registers the file's fake-server cleanup and returns a starter: each test's server is closed after it. */
export function useFakeLlmServer(): (options: FakeLlmServerOptions) => Promise<FakeLlmServer> {
  let server: FakeLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  return async (options) => {
    server = await startFakeLlmServer(options);
    return server;
  };
}
