import { askedBefore, maskSecrets } from '../language/index.js';
import type { MessageRecord, SearchDocument, Store } from '../stores/index.js';

/** Longer messages are never a bare answer ("4471", "it's Grapefruit-Ninja-42"): no read for them. */
const SHORT_REPLY = 100;

/** Who said a stored message, as `askedBefore` tells sides apart: people by entity. */
function sideOf(record: MessageRecord): string | null {
  if (record.role === 'system') return null;
  return record.role === 'assistant' ? 'assistant' : `user:${record.entityId}`;
}

/**
 * What a short message hit may be answering, read from its thread: the two turns before it when
 * the other side said the last ("What's the gate code?" | "6093"). Undefined for items that are not
 * messages, long messages, and a thread's first message.
 */
async function askedOfHit(
  store: Pick<Store, 'getMessage' | 'listMessages'>,
  document: SearchDocument,
): Promise<string | undefined> {
  const { threadId, messageId } = document;
  if (document.kind !== 'message' || threadId === null || messageId === null) return undefined;
  if (document.text.trim().length > SHORT_REPLY) return undefined;
  const at = { createdAt: document.createdAt, messageId };
  const [self, earlier] = await Promise.all([
    store.getMessage(threadId, messageId),
    store.listMessages({ threadId, before: at, order: 'desc', limit: 2 }),
  ]);
  if (self === null) return undefined;
  const turns = [...earlier].reverse().concat(self);
  return askedBefore(
    turns.map((record) => ({ side: sideOf(record), text: record.content })),
    turns.length - 1,
  );
}

/**
 * The text of an indexed item as search and ask may show it: secrets masked, a bare reply to a
 * question about one included (ADR 2026-11-27-secrets-in-memory). The raw text stays indexed
 * (forget erases it).
 */
export async function shownText(
  store: Pick<Store, 'getMessage' | 'listMessages'>,
  document: SearchDocument,
): Promise<string> {
  return maskSecrets(document.text, await askedOfHit(store, document));
}
