// The pure parts of bench/state-lme.ts (issue #10 §5/§6 on LongMemEval): which half a haystack
// belongs to, fixed before any message was read, and how a LongMemEval turn becomes a chat message
// with its real role. The sampling, label keys and precision are bench/state-locomo-core.ts's.
import { createHash } from 'node:crypto';
import type { ChatMessage } from './state-locomo-run.js';

/** The two halves: A is read and fixed against; B is held out (never read by whoever fixes). */
export type Half = 'A' | 'B';

/** The question id of a LongMemEval haystack (`lme-s-dev/<question_id>` → `<question_id>`). */
export function questionId(conversationId: string): string {
  return conversationId.replace(/^lme-s-dev\//, '');
}

/**
 * The split rule, chosen before any message text was read: the first byte of
 * sha256(question_id) even → half A, odd → half B. It depends only on the id, so it is stable
 * whatever else changes in the set.
 */
export function halfOf(conversationId: string): Half {
  const first = createHash('sha256').update(questionId(conversationId), 'utf8').digest()[0] ?? 0;
  return first % 2 === 0 ? 'A' : 'B';
}

/** A LongMemEval turn as far as this bench needs it. */
export interface LmeTurn {
  readonly session_id: string;
  readonly message_id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly timestamp: string;
}

/**
 * A turn as an integration would send it: the user's turns as the user's own chat, the
 * assistant's as the assistant's (its real role), the text trimmed and nothing else changed.
 */
export function toChatMessage(t: LmeTurn): ChatMessage {
  return {
    session_id: t.session_id,
    message_id: t.message_id,
    role: t.role,
    speaker: t.role,
    text: t.content.trim(),
    timestamp: t.timestamp,
  };
}

/** Context for a labeller: long assistant answers are cut at `max` characters, marked with "…". */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()} …`;
}
