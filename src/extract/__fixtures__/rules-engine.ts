import { type TestEngine, useTestEngine } from '../../engine/__fixtures__/test-engine.js';
import type { Engine } from '../../engine/types.js';
import { messageRecord } from '../../testing/index.js';

/**
 * Registers hooks for a test engine (see `useTestEngine`) that reads state with the rules alone:
 * no embedding model.
 */
export function useRulesEngine(prefix: string, at: string): () => TestEngine {
  return useTestEngine(prefix, at, { embeddings: { model: null } });
}

/**
 * Ingests `messages`, each `[text, written at]`, in one batch as the user's messages of thread
 * `t1` (ids m1, m2, …).
 */
export async function ingestUserMessages(
  engine: Engine,
  messages: readonly (readonly [string, string])[],
): Promise<void> {
  await engine.ingest(
    messages.map(([text, at], i) => messageRecord('t1', `m${i + 1}`, 'user', text, at)),
  );
}
