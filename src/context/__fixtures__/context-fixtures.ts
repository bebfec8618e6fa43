import type { BatchMessage } from '../../core/index.js';
import type { ContextEntity, ContextField, MemoryHit } from '../context-sources.js';

// One builder of state items for every layer's tests: core's fixture, shared as is.
export { stateItem } from '../../core/items/__fixtures__/state-item.js';

/** A committed field with sensible defaults. */
export function field(value: string | null, patch: Partial<ContextField> = {}): ContextField {
  return {
    value,
    status: 'committed',
    confidence: 0.95,
    stale: false,
    low_confidence: false,
    valid_from: '2026-11-20T09:00:00.000Z',
    pending: null,
    ...patch,
  };
}

/** An entity view. */
export function entity(
  entityId: string,
  state: Record<string, ContextField>,
  pending: ContextEntity['pending'] = [],
): ContextEntity {
  return { entity_id: entityId, state, pending };
}

/** A message of the thread `t1`, `n` minutes after 2026-11-20T09:00Z. */
export function message(
  id: string,
  content: string,
  minute: number,
  role: BatchMessage['role'] = 'user',
): BatchMessage {
  const createdAt = new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
  return { messageId: id, role, content, createdAt };
}

/** A memory hit showing a message. */
export function hit(id: string, text: string, score: number, messageId?: string): MemoryHit {
  return {
    id,
    kind: 'message',
    text,
    score,
    created_at: '2026-11-02T10:00:00.000Z',
    ...(messageId === undefined ? {} : { message_id: messageId }),
  };
}

/** `count` words of filler, distinct per `seed`. */
export function words(seed: string, count: number): string {
  return Array.from({ length: count }, (_, index) => `${seed}${index % 10}`).join(' ');
}
