import type { Engine } from '../types.js';

/**
 * Two messages of `threadId` that the rule extractor turns into two decisions flagged as
 * conflicting (rival choices for one purpose, no change language), as JSONL.
 */
export function itemConflictLines(threadId: string, entityId?: string): string {
  return [
    ['c1', 'We decided to use Postgres for the database.', '2026-02-19T15:00:00Z'],
    ['c2', 'We decided to use MySQL for the database.', '2026-02-19T15:01:00Z'],
  ]
    .map(([id, content, at]) =>
      JSON.stringify({
        type: 'message',
        thread_id: threadId,
        message_id: id,
        role: 'user',
        content,
        created_at: at,
        ...(entityId === undefined ? {} : { entity_id: entityId }),
      }),
    )
    .join('\n');
}

/**
 * Ingests `itemConflictLines` and returns the two flagged uids in message order (Postgres, then
 * MySQL). The engine's clock must be at or after 2026-02-19T15:01Z.
 */
export async function seedItemConflict(
  engine: Engine,
  threadId: string,
  entityId = 'user:alex',
): Promise<readonly [string, string]> {
  await engine.ingest(itemConflictLines(threadId, entityId));
  const { items } = await engine.listStateItems({ threadId });
  const [first, second, ...rest] = items
    .filter((item) => item.conflict)
    .sort((a, b) => a.last_seen_at.localeCompare(b.last_seen_at))
    .map((item) => item.uid);
  if (first === undefined || second === undefined || rest.length > 0) {
    throw new Error(`fixture: expected two conflicting items in ${threadId}`);
  }
  return [first, second];
}
