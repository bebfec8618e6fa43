// Test helper of the rule observer's tests: a conversation in, its 🔴 observations out.
import { observeTranscript } from '../rule-observer.js';

/** One turn of a test conversation. */
export type Turn = readonly ['user' | 'assistant', string];

/** The 🔴 observations' texts of a conversation, rules alone (no scorer), one message a minute. */
export function redOf(turns: readonly Turn[]): string[] {
  const entries = turns.map(([role, text], i) => ({
    id: String(i + 1),
    role,
    text,
    at: new Date(Date.UTC(2026, 4, 6, 9, i)).toISOString(),
  }));
  return observeTranscript({
    captureKey: 'd'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: '2026-05-06',
    scorer: null,
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}
