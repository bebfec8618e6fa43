import { messageRecord } from '../../testing/index.js';

/** One turn of a thread: its message id, who spoke, and what was said. */
export type Turn = readonly [id: string, role: 'user' | 'assistant', content: string];

/**
 * The `message` ingest records of one thread's `turns`: the first written at `start` (RFC 3339,
 * whole seconds), each next one `minutesApart` minutes later, every record with `extra` added.
 */
export function threadMessages(
  thread: string,
  start: string,
  turns: readonly Turn[],
  minutesApart = 1,
  extra: Record<string, unknown> = {},
): Record<string, unknown>[] {
  const first = Date.parse(start);
  return turns.map(([id, role, content], index) => {
    const at = new Date(first + index * minutesApart * 60_000).toISOString();
    return messageRecord(thread, id, role, content, at.replace('.000Z', 'Z'), extra);
  });
}

/**
 * A writer of one `message` JSON line of `thread` at `minute` past the hour `hour` (an RFC 3339
 * prefix that ends before the minutes, such as `2026-05-04T18:`).
 */
export function threadLine(
  thread: string,
  hour: string,
): (id: string, role: 'user' | 'assistant', content: string, minute: number) => string {
  return (id, role, content, minute) =>
    JSON.stringify(
      messageRecord(thread, id, role, content, `${hour}${String(minute).padStart(2, '0')}:00Z`),
    );
}

/** The `message` records of `turns` in `thread`, all by `entity`, one a minute from `start`. */
export function messagesBy(
  entity: string,
  thread: string,
  start: string,
  turns: readonly Turn[],
): Record<string, unknown>[] {
  return threadMessages(thread, start, turns, 1, { entity_id: entity });
}

/** The instant `minute` minutes after 09:00 UTC on 2026-03-01, the morning the state-item tests are set in. */
export function morningAt(minute: number): string {
  return new Date(Date.parse('2026-03-01T09:00:00Z') + minute * 60_000).toISOString();
}
