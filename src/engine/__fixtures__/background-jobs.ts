// Test helpers for the background jobs: a logger that keeps its lines, ICS text, and a wait.
import type { LogFields, Logger } from '../../core/index.js';
import type { Job, JobQueue } from '../../jobs/index.js';
import { icsCalendar as testingIcs } from '../../testing/index.js';

/** One line a `RecordingLogger` kept. */
export interface LoggedLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: LogFields;
}

/** A `Logger` that keeps every line (with its child bindings) in `lines`. */
export function createRecordingLogger(
  lines: LoggedLine[] = [],
  bindings: LogFields = {},
): Logger & { readonly lines: LoggedLine[] } {
  const keep =
    (level: LoggedLine['level']) =>
    (message: string, fields: LogFields = {}): void => {
      lines.push({ level, message, fields: { ...bindings, ...fields } });
    };
  return {
    lines,
    debug: keep('debug'),
    info: keep('info'),
    warn: keep('warn'),
    error: keep('error'),
    child: (more) => createRecordingLogger(lines, { ...bindings, ...more }),
  };
}

/** An ICS calendar of events, one per `[uid, summary, start]`. */
export function icsCalendar(events: readonly (readonly [string, string, string])[]): string {
  return testingIcs(events.map(([uid, summary, start]) => ({ uid, summary, start })));
}

/** The family calendar both job suites poll: a swim practice and a piano lesson. */
export const FAMILY_ICS = icsCalendar([
  ['swim@example.com', 'Swim practice (Mei)', '20260303T170000Z'],
  ['piano@example.com', 'Piano lesson (Ari)', '20260304T160000Z'],
]);

/** Polls `check` every 50 ms until it returns a value, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The jobs of `queue` in `queueName` that have completed. */
export async function completedJobs(queue: JobQueue, queueName: string): Promise<readonly Job[]> {
  return queue.listJobs({ queue: queueName, states: ['completed'] });
}
