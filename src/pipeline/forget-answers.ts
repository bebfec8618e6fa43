import { ASKED_REACH, answersLeftBare, turnSide } from '../language/index.js';
import { EVENT_TYPES, type LedgerEvent } from '../ledger/index.js';
import type { KeptMask } from '../search/index.js';
import type { WriteTx } from '../stores/index.js';
import type { ForgetResult } from './types.js';

/** Turns read on each side of a forgotten message: as far as `askedBefore` reads back. */
const AROUND = ASKED_REACH;

/**
 * What a forget does to the replies whose secret only a covered message made readable (see
 * `answersLeftBare`): "What's the new storage unit code?" | "4471" masks the reply because of the
 * question, and once the question is redacted and replayed away, "4471" alone would be shown on
 * every surface. A reply that is nothing but the value and its frame is added to `covered` (read in
 * turn, so a chain of answers goes with its first question); a reply that says more ("it's 4471,
 * and the parcel comes Tuesday") stays, with everything read from it, and its mask is returned for
 * the tombstone to keep through replay (ADR 2026-11-27-secrets-in-memory, eighth and ninth passes).
 * Sorted by event id.
 */
export async function coverAnswersOf(tx: WriteTx, covered: LedgerEvent[]): Promise<KeptMask[]> {
  const gone = new Set(covered.map((e) => e.eventId));
  const kept = new Map<string, KeptMask>();
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
    for (const { index, spans, whole } of answersLeftBare(turns, removed)) {
      const reply = records[index];
      const replyEvent = reply === undefined ? null : await tx.getEvent(reply.eventId);
      if (reply === undefined || replyEvent === null) continue;
      if (replyEvent.redacted || gone.has(replyEvent.eventId)) continue;
      if (whole) {
        covered.push(replyEvent);
        gone.add(replyEvent.eventId);
        kept.delete(replyEvent.eventId);
        continue;
      }
      const before = kept.get(replyEvent.eventId)?.spans ?? [];
      kept.set(replyEvent.eventId, {
        event_id: replyEvent.eventId,
        thread_id: reply.threadId,
        message_id: reply.messageId,
        spans: mergeSpans([...before, ...spans.map((s): [number, number] => [s.start, s.end])]),
      });
    }
  }
  return [...kept.values()]
    .filter((mask) => !gone.has(mask.event_id))
    .sort((a, b) => (a.event_id < b.event_id ? -1 : a.event_id > b.event_id ? 1 : 0));
}

/** Offsets in order, overlapping ones joined. */
function mergeSpans(spans: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * What a forget erased beyond what it names, for the user to read (`verity forget`, the API): the
 * other messages it covered, what was read from them, and the replies it kept masked.
 */
export function forgetReach(
  named: string | null,
  covered: readonly LedgerEvent[],
  kept: readonly KeptMask[],
): Pick<ForgetResult, 'messages_erased' | 'derived_erased' | 'masks_kept'> {
  const refs = covered.flatMap((e) => {
    const { thread_id: thread, message_id: message } = e.payload;
    if (e.type !== EVENT_TYPES.message || e.eventId === named) return [];
    return typeof thread === 'string' && typeof message === 'string'
      ? [`${thread}/${message}`]
      : [];
  });
  const derived = new Set<string>([EVENT_TYPES.observation, EVENT_TYPES.extractionCompleted]);
  return {
    messages_erased: refs.sort(),
    derived_erased: covered.filter((e) => derived.has(e.type)).length,
    masks_kept: kept.map((m) => `${m.thread_id}/${m.message_id}`).sort(),
  };
}
