// The LoCoMo dev set (../shared/bench/locomo), read in place and never copied, shared by the
// benches that use it: its records, how a message becomes an ingest record, and the bundled
// embedding model behind a memo so one set of worker threads serves every conversation.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingModel } from '../src/providers/index.js';

/** Where the dev set lives. */
export const LOCOMO_DIR = join(import.meta.dirname, '..', '..', 'shared', 'bench', 'locomo');

/** One message of `sessions.jsonl`. */
export interface LocomoMessage {
  readonly conversation_id: string;
  readonly session_id: string;
  readonly message_id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly timestamp: string;
  readonly speaker: string;
}

/** One question of `queries.jsonl`. */
export interface LocomoQuery {
  readonly query_id: string;
  readonly conversation_id: string;
  readonly question: string;
  readonly category: number;
  readonly evidence_message_ids: readonly string[];
  readonly evidence_session_ids: readonly string[];
  readonly question_date: string;
  readonly retrieval_scorable: boolean;
}

/** Whether the dev set is present; the benches skip themselves when it is not. */
export function locomoAvailable(): boolean {
  return existsSync(join(LOCOMO_DIR, 'sessions.jsonl'));
}

/** The records of a JSON Lines file of a dev set folder, blank lines skipped. */
export function readJsonl<T>(dir: string, file: string): T[] {
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** Every message, and the questions whose evidence is marked (`retrieval_scorable`). */
export function loadLocomo(): {
  readonly messages: readonly LocomoMessage[];
  readonly queries: readonly LocomoQuery[];
} {
  return {
    messages: readJsonl<LocomoMessage>(LOCOMO_DIR, 'sessions.jsonl'),
    queries: readJsonl<LocomoQuery>(LOCOMO_DIR, 'queries.jsonl').filter(
      (q) => q.retrieval_scorable,
    ),
  };
}

/** A message as an ingest line: the speaker's name leads the content; one thread per session. */
export function toRecord(m: LocomoMessage, thread = m.session_id): string {
  return JSON.stringify({
    type: 'message',
    thread_id: thread,
    message_id: m.message_id,
    role: m.role,
    content: `${m.speaker}: ${m.content}`,
    created_at: m.timestamp,
  });
}

/**
 * A model behind a memo: a text is embedded once per benchmark run (the first time is measured),
 * and `close` is deferred so one set of worker threads serves every conversation. With
 * `onlyKnown`, the memo is read-only and every other text goes to the model each time.
 */
export function memoised(
  inner: EmbeddingModel,
  options: { readonly onlyKnown?: Map<string, Float32Array> } = {},
) {
  const memo = options.onlyKnown ?? new Map<string, Float32Array>();
  const remember = options.onlyKnown === undefined;
  let modelCalls = 0;
  let modelTexts = 0;
  const model: EmbeddingModel = {
    id: inner.id,
    version: inner.version,
    dimension: inner.dimension,
    maxInputTokens: inner.maxInputTokens,
    maxBatchSize: inner.maxBatchSize,
    prefixes: inner.prefixes,
    async embed(texts, embedOptions) {
      const missing = [...new Set(texts.filter((t) => !memo.has(t)))];
      const fresh = new Map<string, Float32Array>();
      if (missing.length > 0) {
        modelCalls += 1;
        modelTexts += missing.length;
        const vectors = await inner.embed(missing, embedOptions);
        missing.forEach((text, index) => {
          const vector = vectors[index] ?? new Float32Array(inner.dimension);
          fresh.set(text, vector);
          if (remember) memo.set(text, vector);
        });
      }
      return texts.map((t) => memo.get(t) ?? fresh.get(t) ?? new Float32Array(inner.dimension));
    },
    close: async () => {},
  };
  return { model, memo, stats: () => ({ modelCalls, modelTexts }) };
}
