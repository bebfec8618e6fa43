import { parseTranscript } from '../../observer/index.js';

/**
 * A JSON-lines transcript in Verity's capture format: `turns` as [role, content], ids `m<first>`,
 * `m<first+1>`…, one message a minute from 09:<9 + first> on 7 April 2026; `first` lets a later
 * capture of the same session go on where an earlier one stopped.
 */
export function transcript(turns: readonly (readonly [string, string])[], first = 1): string {
  return turns
    .map(([role, content], i) =>
      JSON.stringify({
        message_id: `m${first + i}`,
        role,
        content,
        created_at: `2026-04-07T09:${String(9 + first + i).padStart(2, '0')}:00Z`,
      }),
    )
    .join('\n');
}

/**
 * A JSON-lines transcript whose messages carry no ids (Verity derives them, `h-…`, see `entryId`):
 * `turns` as [role, content], one a minute from `first` minutes past `hour` (an RFC 3339 prefix
 * that ends before the minutes, such as `2026-06-10T08:`).
 */
export function unnumberedTranscript(
  hour: string,
  turns: readonly (readonly [string, string])[],
  first = 1,
): string {
  const line = unnumberedLine(hour);
  return turns.map(([role, content], i) => line(role, content, first + i)).join('\n');
}

/**
 * A writer of one line of an `unnumberedTranscript` (no message id; Verity derives one), sent
 * `minute` minutes past `hour` (an RFC 3339 prefix that ends before the minutes), for transcripts
 * whose messages are not one a minute.
 */
export function unnumberedLine(
  hour: string,
): (role: string, content: string, minute: number) => string {
  return (role, content, minute) =>
    JSON.stringify({ role, content, created_at: `${hour}${String(minute).padStart(2, '0')}:00Z` });
}

/**
 * `unnumberedTranscript` as captures recorded before derived ids stored it: each message carries
 * the id Verity gave an entry without one then, its line number (`line-1`, `line-2`…). Capturing it
 * makes a store as those versions left it.
 */
export function lineNumberedTranscript(
  hour: string,
  turns: readonly (readonly [string, string])[],
  first = 1,
): string {
  return unnumberedTranscript(hour, turns, first)
    .split('\n')
    .map((line, i) => JSON.stringify({ message_id: `line-${i + 1}`, ...JSON.parse(line) }))
    .join('\n');
}

/** The id Verity gives the `n`th entry (1-based) of transcript `text`: for one without, derived. */
export function entryId(text: string, n: number): string {
  const parsed = parseTranscript(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const entry = parsed.value.entries[n - 1];
  if (entry === undefined) throw new Error(`the transcript has no entry ${n}`);
  return entry.id;
}
