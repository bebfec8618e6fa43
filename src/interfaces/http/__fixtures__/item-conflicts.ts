import type { Engine } from '../../../engine/index.js';

/**
 * Ingests two messages into `threadId` that the rule extractor turns into two decisions flagged
 * as conflicting (rival choices for one purpose, no change language), and returns their uids in
 * message order (Postgres, then MySQL).
 */
export async function seedItemConflict(
  engine: Engine,
  threadId: string,
  entityId = 'user:alex',
): Promise<readonly [string, string]> {
  const lines = [
    ['c1', 'We decided to use Postgres for the database.', '2026-02-19T15:00:00Z'],
    ['c2', 'We decided to use MySQL for the database.', '2026-02-19T15:01:00Z'],
  ].map(([id, content, at]) =>
    JSON.stringify({
      type: 'message',
      thread_id: threadId,
      message_id: id,
      role: 'user',
      content,
      created_at: at,
      entity_id: entityId,
    }),
  );
  await engine.ingest(lines.join('\n'));
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
