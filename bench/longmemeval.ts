// The LongMemEval-S dev set (../shared/bench/longmemeval_s_dev), read in place and never copied:
// its records, how a message becomes an ingest record, and the fixed split into a tuning half and
// a held-out half (chosen before any tuning, by hash, and recorded in docs/BENCHMARKS.md).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl } from './locomo.js';

/** Where the dev set lives. */
export const LME_DIR = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'bench',
  'longmemeval_s_dev',
);

/** One message of `sessions.jsonl`. */
export interface LmeMessage {
  readonly conversation_id: string;
  readonly session_id: string;
  readonly message_id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly timestamp: string;
  readonly session_timestamp: string;
  readonly turn_index: number;
}

/** One question of `queries.jsonl`. */
export interface LmeQuery {
  readonly query_id: string;
  readonly conversation_id: string;
  readonly question: string;
  readonly question_type: string;
  readonly evidence_message_ids: readonly string[];
  readonly evidence_session_ids: readonly string[];
  readonly question_date: string;
  readonly retrieval_scorable: boolean;
}

/** Whether the dev set is present; the benches skip it when it is not. */
export function lmeAvailable(): boolean {
  return existsSync(join(LME_DIR, 'sessions.jsonl'));
}

/** Every message, and the scorable questions (abstention questions have no evidence). */
export function loadLme(): {
  readonly messages: readonly LmeMessage[];
  readonly queries: readonly LmeQuery[];
} {
  return {
    messages: readJsonl<LmeMessage>(LME_DIR, 'sessions.jsonl'),
    queries: readJsonl<LmeQuery>(LME_DIR, 'queries.jsonl').filter((q) => q.retrieval_scorable),
  };
}

/** A message as an ingest line: its own text, one thread per session, the turn's timestamp. */
export function lmeRecord(m: LmeMessage): string {
  return JSON.stringify({
    type: 'message',
    thread_id: m.session_id,
    message_id: m.message_id,
    role: m.role,
    content: m.content,
    created_at: m.timestamp,
  });
}

/**
 * The split, fixed before any tuning: within each question type, questions sorted by
 * sha256("verity-split/" + query_id); the first half (rounded up) tunes, the rest is held out.
 */
export function splitLme(queries: readonly LmeQuery[]): { tuning: string[]; heldOut: string[] } {
  const tuning: string[] = [];
  const heldOut: string[] = [];
  const types = [...new Set(queries.map((q) => q.question_type))].sort();
  const hash = (id: string) => createHash('sha256').update(`verity-split/${id}`).digest('hex');
  for (const type of types) {
    const ids = queries
      .filter((q) => q.question_type === type)
      .map((q) => q.conversation_id)
      .sort((a, b) => hash(a).localeCompare(hash(b)));
    const cut = Math.ceil(ids.length / 2);
    tuning.push(...ids.slice(0, cut));
    heldOut.push(...ids.slice(cut));
  }
  return { tuning: tuning.sort(), heldOut: heldOut.sort() };
}
