import { answersLeftBare, turnSide } from '../language/index.js';
import { EVENT_TYPES, type LedgerEvent } from '../ledger/index.js';
import type { WriteTx } from '../stores/index.js';

/** Turns read on each side of a forgotten message: more than `askedBefore` reads back. */
const AROUND = 4;

/**
 * Adds to `covered` each message whose secret only a covered message made readable (see
 * `answersLeftBare`): "What's the new storage unit code?" | "4471" masks the reply because of the
 * question, and once the question is redacted and replayed away, "4471" alone would be shown on
 * every surface. The reply goes whole: the reading masks only a reply that is nothing but a value
 * and its frame ("sure, it's …"), so nothing else said is lost, and a redaction is kept by the
 * ledger, replay and every surface alike (ADR 2026-11-27-secrets-in-memory, session 18). A covered
 * reply is read in turn, so a chain of answers goes with its first question.
 */
export async function coverAnswersOf(tx: WriteTx, covered: LedgerEvent[]): Promise<void> {
  const gone = new Set(covered.map((e) => e.eventId));
  for (let i = 0; i < covered.length; i++) {
    const event = covered[i];
    if (event === undefined || event.type !== EVENT_TYPES.message) continue;
    const { thread_id: thread, message_id: message } = event.payload;
    if (typeof thread !== 'string' || typeof message !== 'string') continue;
    const self = await tx.getMessage(thread, message);
    if (self === null) continue;
    const at = { createdAt: self.createdAt, messageId: self.messageId };
    const before = await tx.listMessages({
      threadId: thread,
      before: at,
      order: 'desc',
      limit: AROUND,
    });
    const after = await tx.listMessages({ threadId: thread, after: at, limit: AROUND });
    const records = [...[...before].reverse(), self, ...after];
    const turns = records.map((r) => ({ side: turnSide(r.role, r.entityId), text: r.content }));
    const removed = new Set(records.flatMap((r, k) => (gone.has(r.eventId) ? [k] : [])));
    for (const k of answersLeftBare(turns, removed)) {
      const reply = records[k];
      const replyEvent = reply === undefined ? null : await tx.getEvent(reply.eventId);
      if (replyEvent === null || replyEvent.redacted || gone.has(replyEvent.eventId)) continue;
      covered.push(replyEvent);
      gone.add(replyEvent.eventId);
    }
  }
}
