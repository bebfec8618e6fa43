import { messageRecord, toJsonl } from '../../testing/index.js';

/** Words of Ana's private thread that the shared thread's context must never show. */
export const PRIVATE_WORDS = ['pawnshop', 'necklace'] as const;

/**
 * Two people in one thread (`kitchen-chat`, Ana speaks last) and Ana's private thread with the
 * assistant (`ana-dm`), as ingest JSONL.
 */
export const SHARED_THREAD_JSONL = toJsonl([
  messageRecord(
    'ana-dm',
    'd1',
    'user',
    'I sold the old necklace at the pawnshop, do not mention it.',
    '2026-06-01T08:00:00Z',
    { entity_id: 'user:ana' },
  ),
  messageRecord(
    'kitchen-chat',
    'k1',
    'user',
    'The dishwasher is leaking again.',
    '2026-06-01T09:00:00Z',
    { entity_id: 'user:ben' },
  ),
  messageRecord(
    'kitchen-chat',
    'k2',
    'user',
    'I cancelled the repair visit, it was too expensive.',
    '2026-06-01T09:05:00Z',
    { entity_id: 'user:ben' },
  ),
  messageRecord(
    'kitchen-chat',
    'k3',
    'user',
    'Fine, I will ask my cousin to look at the pipes under it.',
    '2026-06-01T09:10:00Z',
    { entity_id: 'user:ana' },
  ),
]);
