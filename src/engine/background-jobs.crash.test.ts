import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteJobQueue, type SqliteJobQueue } from '../jobs/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { FAMILY_ICS, icsCalendar, waitFor } from './__fixtures__/background-jobs.js';
import { BACKGROUND_QUEUES } from './background-jobs.js';

/**
 * The crash test of issue #11: `verity serve` (a real child process) is killed with SIGKILL in
 * the middle of a calendar-poll job, after the job has ingested one calendar and while it waits
 * for the second; a new `verity serve` finishes the job, and every calendar event is in the
 * ledger exactly once. The job is held mid-run by the calendar server below, which answers its
 * first request only after the kill: no sleep decides where the crash lands.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Serve {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  readonly lines: Record<string, unknown>[];
  readonly exited: Promise<number | null>;
}

let home: string;
let calendarServer: Server;
let requests = 0;
/** The first calendar request is held open here until the server process is killed. */
let held: ServerResponse | null = null;
let onHeld: () => void = () => {};
const served = icsCalendar([
  ['lunch@example.com', 'Team lunch', '20260310T120000Z'],
  ['review@example.com', 'Design review', '20260311T150000Z'],
]);

function startServe(): Serve {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/interfaces/cli/main.ts', 'serve', '--port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, VERITY_HOME: home, VERITY_LOG_LEVEL: 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        lines.push({ msg: part });
      }
    }
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function signalIds(): Promise<string[]> {
  const store = await createSqliteStore({ path: join(home, 'verity.db') });
  try {
    const events = await store.readEvents(0, 10_000);
    return events.filter((e) => e.type === EVENT_TYPES.signal).map((e) => e.eventId);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-crash-'));
  calendarServer = createServer((_request, response) => {
    requests += 1;
    if (requests === 1) {
      held = response;
      onHeld();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(served);
  });
  await new Promise<void>((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
  const { port } = calendarServer.address() as AddressInfo;
  const local = join(home, 'family.ics');
  writeFileSync(local, FAMILY_ICS);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      embeddings: { provider: 'none' },
      // Only the job this test enqueues polls (a scheduled poll could take the held request).
      calendars_poll: '0 0 1 1 *',
      calendars: [
        { location: local, entity_id: 'family:okoye', name: 'family' },
        { location: `http://127.0.0.1:${port}/team.ics`, entity_id: 'team:core', name: 'team' },
      ],
    }),
  );
});

afterAll(async () => {
  held?.destroy();
  await new Promise((resolve) => calendarServer.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

describe('verity serve killed mid-job', () => {
  it('finishes the job after a restart, and its work lands exactly once', async () => {
    const first = startServe();
    let queue: SqliteJobQueue | null = null;
    try {
      await waitFor(
        'the first server to start its jobs',
        async () => first.lines.find((l) => l['msg'] === 'background jobs started'),
        60_000,
      );
      queue = await createSqliteJobQueue({ path: join(home, 'verity.db') });
      const reachedHeld = new Promise<void>((resolve) => {
        onHeld = resolve;
      });
      // A visibility timeout short enough for the restarted server to reclaim the orphaned
      // attempt soon, and long enough that it cannot expire before the kill on a loaded machine.
      const jobId = await queue.enqueue(
        BACKGROUND_QUEUES.calendars,
        { slot: 'crash-test' },
        { idempotencyKey: 'crash-test', expireInSeconds: 15, retryBackoffSeconds: 0 },
      );
      await reachedHeld;

      // Mid-job: the local calendar is ingested, the job is active and waits for the second one.
      const midway = await queue.getJob(jobId);
      expect(midway).toMatchObject({ state: 'active', attempts: 1 });
      expect(await signalIds()).toHaveLength(2);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.lines.some((l) => l['msg'] === 'job completed' && l['job_id'] === jobId)).toBe(
        false,
      );
      expect((await queue.getJob(jobId))?.state).toBe('active');
      // Enqueueing the same work again while the orphan is unfinished adds nothing.
      expect(
        await queue.enqueue(
          BACKGROUND_QUEUES.calendars,
          { slot: 'crash-test' },
          { idempotencyKey: 'crash-test' },
        ),
      ).toBe(jobId);

      const second = startServe();
      try {
        const done = await waitFor(
          'the restarted server to complete the job',
          async () => {
            const job = await queue?.getJob(jobId);
            return job?.state === 'completed' ? job : null;
          },
          60_000,
        );
        expect(done.attempts).toBe(2);
        expect(done.lastError).toBeNull();
        const completed = await waitFor('the completion log line', async () =>
          second.lines.find((l) => l['msg'] === 'job completed' && l['job_id'] === jobId),
        );
        // The rerun found the local calendar's events already in the ledger.
        expect(completed).toMatchObject({ calendars: 2, applied: 2, duplicate: 2, attempt: 2 });
        const ids = await signalIds();
        expect(ids).toHaveLength(4);
        expect(new Set(ids).size).toBe(4);
        expect(requests).toBe(2);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
      // Every line on standard error was a JSON log line.
      expect(second.lines.every((l) => typeof l['level'] === 'string')).toBe(true);
    } finally {
      await queue?.stop();
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 180_000);
});
