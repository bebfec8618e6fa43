import { ASKED_REACH, askedBefore, turnSide } from '../language/index.js';
import type { MessageRecord, SearchDocument, Store } from '../stores/index.js';
import { keptSpans, maskedWithKept } from './kept-masks.js';

/** Longer messages are never a bare answer ("4471", "it's Grapefruit-Ninja-42"): no read for them. */
const SHORT_REPLY = 100;

/** Who said a stored message (one rule: `turnSide`): tool and system turns are read past. */
const sideOf = (record: MessageRecord) => turnSide(record.role, record.entityId);

/** What `askedBefore` reads a turn with: the turns before it and the turns after. */
type Heard = ReturnType<typeof askedBefore>;

/**
 * What a short message hit is read with, from its thread: the two spoken turns before it
 * ("What's the gate code?" | "6093") and the stored turns after it ("9 1 9 1" | "ya abrió").
 * Undefined for items that are not messages, long messages, and a thread's only message.
 */
async function askedOfHit(
  store: Pick<Store, 'getMessage' | 'listMessages'>,
  document: SearchDocument,
): Promise<Heard> {
  const { threadId, messageId } = document;
  if (document.kind !== 'message' || threadId === null || messageId === null) return undefined;
  if (document.text.trim().length > SHORT_REPLY) return undefined;
  const self = await store.getMessage(threadId, messageId);
  if (self === null) return undefined;
  const earlier = await turnsBefore(store, self);
  const turns = earlier.concat(self, await turnsAfter(store, self));
  return askedBefore(said(turns), earlier.length);
}

/**
 * The text of an indexed item as search and ask may show it: secrets masked, a bare reply to a
 * question about one included (ADR 2026-11-27-secrets-in-memory). The raw text stays indexed
 * (forget erases it).
 */
export async function shownText(
  store: Pick<Store, 'getMessage' | 'listMessages' | 'getMeta'>,
  document: SearchDocument,
): Promise<string> {
  const kept = await keptOfHit(store, document);
  return maskedWithKept(document.text, await askedOfHit(store, document), kept);
}

/** The spans a forget kept masked on a message hit (see `KeptMask`). */
async function keptOfHit(
  store: Pick<Store, 'getMessage' | 'getMeta'>,
  document: SearchDocument,
): Promise<readonly (readonly number[])[]> {
  const { threadId, messageId } = document;
  if (document.kind !== 'message' || threadId === null || messageId === null) return [];
  const self = await store.getMessage(threadId, messageId);
  return self === null ? [] : keptSpans(store, self.eventId);
}

/**
 * Stored messages of one thread as a surface may show them (the context tail, the text a thread
 * summary quotes): each masked with the turns before it, read from the thread itself, so a reply
 * whose question fell outside `records` is still masked. Same order as given.
 */
export async function maskedRecords(
  store: Pick<Store, 'listMessages' | 'getMeta'>,
  records: readonly MessageRecord[],
): Promise<MessageRecord[]> {
  const ordered = [...records].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || compareIds(a.messageId, b.messageId),
  );
  const oldest = ordered[0];
  const newest = ordered[ordered.length - 1];
  if (oldest === undefined || newest === undefined) return [];
  const earlier = await turnsBefore(store, oldest);
  const turns = said(earlier.concat(ordered, await turnsAfter(store, newest)));
  const kept = await Promise.all(ordered.map((record) => keptSpans(store, record.eventId)));
  const shown = new Map(
    ordered.map((record, i) => [
      record,
      maskedWithKept(record.content, askedBefore(turns, earlier.length + i), kept[i] ?? []),
    ]),
  );
  return records.map((record) => ({ ...record, content: shown.get(record) ?? record.content }));
}

/** Code-unit order, as the stores order message ids. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The turns a stored message may answer, oldest first: as many as `askedBefore` reads back
 * (`ASKED_REACH`: "What is it now?" | "one sec" | "hang on" | "4471" | "no wait, 4417").
 */
async function turnsBefore(
  store: Pick<Store, 'listMessages'>,
  record: MessageRecord,
): Promise<MessageRecord[]> {
  const at = { createdAt: record.createdAt, messageId: record.messageId };
  const earlier = await store.listMessages({
    threadId: record.threadId,
    before: at,
    order: 'desc',
    limit: ASKED_REACH,
  });
  return [...earlier].reverse();
}

/**
 * The turns that may confirm a stored message, oldest first: as many as `askedBefore` reads
 * ahead (`ASKED_REACH` bounds it: "9 1 9 1" | "one sec" | "ya abrió, gracias").
 */
async function turnsAfter(
  store: Pick<Store, 'listMessages'>,
  record: MessageRecord,
): Promise<readonly MessageRecord[]> {
  const at = { createdAt: record.createdAt, messageId: record.messageId };
  return store.listMessages({ threadId: record.threadId, after: at, limit: ASKED_REACH });
}

/** Stored messages as `askedBefore` reads them. */
const said = (records: readonly MessageRecord[]) =>
  records.map((record) => ({ side: sideOf(record), text: record.content }));
