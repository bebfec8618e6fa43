import { sortableTime } from '../time.js';
import type { BatchMessage } from './state-item.js';

/** How far extraction has read a thread: the last message processed, by `(createdAt, messageId)`. */
export interface Watermark {
  readonly createdAt: string;
  readonly messageId: string;
}

/** Why a run extracted nothing. */
export type ExtractionSkipReason = 'no_new_messages' | 'no_user_messages';

/** What one extraction run should do with the messages after the watermark. */
export type ExtractionPlan =
  | {
      readonly kind: 'run';
      /** The batch, oldest first, at most `maxMessages` long. */
      readonly batch: readonly BatchMessage[];
      /** The watermark to store, in the same transaction as the items, once they are persisted. */
      readonly advanceTo: Watermark;
    }
  | {
      readonly kind: 'skip';
      readonly reason: ExtractionSkipReason;
      /**
       * Where to move the watermark anyway (past a batch with no user message, so that a long
       * assistant-only stretch cannot stall extraction), or null to leave it.
       */
      readonly advanceTo: Watermark | null;
    };

/**
 * Orders messages by `createdAt`, ties broken by `messageId` (code-unit order), the order the
 * store's watermark query `(created_at > ?) OR (created_at = ? AND message_id > ?)` reads them in.
 */
export function compareMessages(
  a: Pick<BatchMessage, 'createdAt' | 'messageId'>,
  b: Pick<BatchMessage, 'createdAt' | 'messageId'>,
): number {
  const byTime = sortableTime(a.createdAt) - sortableTime(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0;
}

/** True when `message` comes strictly after `watermark` (always true for a null watermark). */
export function isAfterWatermark(
  message: Pick<BatchMessage, 'createdAt' | 'messageId'>,
  watermark: Watermark | null,
): boolean {
  return watermark === null || compareMessages(message, watermark) > 0;
}

/**
 * Decides one extraction run: keeps the messages after the watermark, oldest first, caps the batch
 * at `maxMessages`, and skips when there is nothing new or the batch has no user message
 * (assistant-only batches rarely carry decisions).
 */
export function planExtraction(
  messages: readonly BatchMessage[],
  watermark: Watermark | null,
  maxMessages: number,
): ExtractionPlan {
  const fresh = messages.filter((m) => isAfterWatermark(m, watermark)).sort(compareMessages);
  const batch = fresh.slice(0, Math.max(1, Math.floor(maxMessages)));
  const last = batch.at(-1);
  if (last === undefined) return { kind: 'skip', reason: 'no_new_messages', advanceTo: null };
  const advanceTo = { createdAt: last.createdAt, messageId: last.messageId };
  if (!batch.some((m) => m.role === 'user')) {
    return { kind: 'skip', reason: 'no_user_messages', advanceTo };
  }
  return { kind: 'run', batch, advanceTo };
}
