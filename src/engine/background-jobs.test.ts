import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqliteJobQueue } from '../jobs/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import { createSqliteStore, type SqliteStore } from '../stores/sqlite/index.js';
import { messageRecord } from '../testing/index.js';
import {
  completedJobs,
  createRecordingLogger,
  FAMILY_ICS,
  icsCalendar,
  type LoggedLine,
  waitFor,
} from './__fixtures__/background-jobs.js';
import { morningAt } from './__fixtures__/thread-messages.js';
import { BACKGROUND_QUEUES, type BackgroundJobs, startBackgroundJobs } from './background-jobs.js';
import { createEngine, type Engine } from './index.js';

let home: string;
let store: SqliteStore;
let engine: Engine;
let jobs: BackgroundJobs | null;
let lines: LoggedLine[];

function message(id: string, content: string, minute: number): Record<string, unknown> {
  return messageRecord('planning', id, 'user', content, morningAt(minute));
}

const CONVERSATION = [
  message('m01', "Let's use Postgres for analytics.", 0),
  message('m02', 'We decided to ship the beta on Friday.', 1),
];

async function signalIds(): Promise<string[]> {
  const events = await store.readEvents(0, 10_000);
  return events.filter((e) => e.type === EVENT_TYPES.signal).map((e) => e.eventId);
}

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-background-jobs-'));
  store = await createSqliteStore({ path: join(home, 'verity.db') });
  engine = await createEngine({
    home,
    store,
    embeddings: { model: createFakeEmbeddingModel({ dimension: 64 }) },
  });
  jobs = null;
  lines = [];
});

afterEach(async () => {
  await jobs?.stop();
  await engine.close();
  rmSync(home, { recursive: true, force: true });
});

describe('startBackgroundJobs', () => {
  it('turns the work after an ingest into a durable job, and back into inline work when stopped', async () => {
    jobs = await startBackgroundJobs(engine, { logger: createRecordingLogger(lines) });
    const queue = await engine.jobs();

    const keysNow = async () =>
      (await queue.listJobs({ queue: BACKGROUND_QUEUES.afterIngest })).map(
        (j) => j.idempotencyKey ?? '',
      );
    const earlier = new Set(await keysNow());
    const head = await engine.lastSequence();
    await engine.ingest(CONVERSATION);
    // The ingest enqueued a job keyed by the ledger head it left, instead of extracting inline.
    // The head is read from the key: on a busy machine the job may already have run and appended
    // events of its own (and a later job been queued after them) before this reads the queue.
    const added = (await keysNow())
      .filter((k) => !earlier.has(k))
      .map((k) => Number(k.replace(/^after:/, '')))
      .sort((a, b) => a - b);
    expect(added.length).toBeGreaterThan(0);
    const seq = added[0] ?? 0;
    const key = `after:${seq}`;
    expect(seq).toBeGreaterThan(head);
    expect(seq).toBeLessThanOrEqual(await engine.lastSequence());

    const done = await waitFor('the after-ingest job', async () =>
      (await completedJobs(queue, BACKGROUND_QUEUES.afterIngest)).find(
        (j) => j.idempotencyKey === key,
      ),
    );
    expect(done.attempts).toBe(1);
    expect((await engine.listStateItems({ threadId: 'planning' })).items.length).toBeGreaterThan(0);
    expect((await engine.searchStatus()).pending).toBe(0);
    const completed = lines.find(
      (l) => l.message === 'job completed' && l.fields['job_id'] === done.id,
    );
    expect(completed?.fields).toMatchObject({ component: 'jobs', pending: 0 });

    await jobs.stop();
    jobs = null;
    const before = (await queue.listJobs({ queue: BACKGROUND_QUEUES.afterIngest })).length;
    await engine.ingest([message('m03', 'The launch moved to Monday.', 2)]);
    // Stopped: the ingest does the work itself and enqueues nothing.
    expect((await queue.listJobs({ queue: BACKGROUND_QUEUES.afterIngest })).length).toBe(before);
    expect((await engine.searchStatus()).pending).toBe(0);
  });

  it('still works inline for a caller that asks to wait for the index', async () => {
    jobs = await startBackgroundJobs(engine, { logger: createRecordingLogger(lines) });
    const queue = await engine.jobs();
    const before = (await queue.listJobs({ queue: BACKGROUND_QUEUES.afterIngest })).length;
    await engine.ingest(CONVERSATION, { waitForIndex: true });
    expect((await engine.searchStatus()).pending).toBe(0);
    expect((await queue.listJobs({ queue: BACKGROUND_QUEUES.afterIngest })).length).toBe(before);
  });

  it('polls the calendars and retries dead letters as scheduled jobs, idempotently', async () => {
    const file = join(home, 'family.ics');
    writeFileSync(file, FAMILY_ICS);
    jobs = await startBackgroundJobs(engine, {
      logger: createRecordingLogger(lines),
      calendars: [{ location: file, entityId: 'family:okoye', name: 'family' }],
      pollPattern: '* * * * * *',
      dlqPattern: '* * * * * *',
    });
    const queue = await engine.jobs();
    // Two slots: the second poll finds the same events and the ledger keeps them once.
    await waitFor('two calendar polls', async () => {
      const polls = await completedJobs(queue, BACKGROUND_QUEUES.calendars);
      return polls.length >= 2 ? polls : null;
    });
    const ids = await signalIds();
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    const polled = lines.filter(
      (l) => l.message === 'job completed' && l.fields['queue'] === BACKGROUND_QUEUES.calendars,
    );
    expect(polled[0]?.fields).toMatchObject({ calendars: 1, applied: 2, duplicate: 0 });
    expect(polled[1]?.fields).toMatchObject({ calendars: 1, applied: 0, duplicate: 2 });
    const retries = await waitFor('a dead-letter retry', async () => {
      const done = await completedJobs(queue, BACKGROUND_QUEUES.dlqRetry);
      return done.length > 0 ? done : null;
    });
    expect(retries[0]?.idempotencyKey).toMatch(/^verity\.dlq\.retry@/);
  });

  it("logs the queue's own failures, which have no caller to throw to", async () => {
    jobs = await startBackgroundJobs(engine, { logger: createRecordingLogger(lines) });
    const queue = await engine.jobs();
    if (queue.kind !== 'sqlite') throw new Error('expected the SQLite queue');
    // Pull the connection from under the workers: their next claim fails in storage.
    (queue as SqliteJobQueue).client.close();
    const failure = await waitFor('a logged queue failure', async () =>
      lines.find((l) => l.message === 'job queue failed'),
    );
    expect(failure.level).toBe('error');
    expect(failure.fields).toMatchObject({ component: 'jobs' });
    expect(String(failure.fields['error'])).toMatch(/job queue is stopped/);
  });

  it('reports an unreadable calendar and keeps polling', async () => {
    jobs = await startBackgroundJobs(engine, {
      logger: createRecordingLogger(lines),
      calendars: [{ location: join(home, 'missing.ics'), entityId: 'family:okoye' }],
      pollPattern: '* * * * * *',
    });
    const queue = await engine.jobs();
    await waitFor('a calendar poll', async () => {
      const polls = await completedJobs(queue, BACKGROUND_QUEUES.calendars);
      return polls.length > 0 ? polls : null;
    });
    const warning = lines.find((l) => l.message === 'calendar unreadable');
    expect(warning?.level).toBe('warn');
    expect(String(warning?.fields['error'])).toMatch(/cannot read calendar/);
  });
});

const PG_URL = process.env['VERITY_TEST_PG_URL'];

describe.skipIf(PG_URL === undefined)('startBackgroundJobs on PostgreSQL (pg-boss)', () => {
  it('runs the after-ingest and calendar jobs through pg-boss', async () => {
    const schema = `bg_jobs_${Date.now().toString(36)}`;
    const pgHome = mkdtempSync(join(tmpdir(), 'verity-background-jobs-pg-'));
    const file = join(pgHome, 'family.ics');
    writeFileSync(file, icsCalendar([['swim@example.com', 'Swim practice', '20260303T170000Z']]));
    const pg = await createEngine({
      home: pgHome,
      database: { kind: 'postgres', url: PG_URL ?? '', schema },
      embeddings: { model: createFakeEmbeddingModel({ dimension: 64 }) },
    });
    const started = await startBackgroundJobs(pg, {
      logger: createRecordingLogger(lines),
      calendars: [{ location: file, entityId: 'family:okoye', name: 'family' }],
      pollPattern: '* * * * * *',
    });
    try {
      const queue = await pg.jobs();
      expect(queue.kind).toBe('postgres');
      await pg.ingest(CONVERSATION);
      const seq = await pg.lastSequence();
      await waitFor('the after-ingest job on pg-boss', async () =>
        (await completedJobs(queue, BACKGROUND_QUEUES.afterIngest)).find(
          (j) => j.idempotencyKey === `after:${seq}`,
        ),
      );
      expect((await pg.listStateItems({ threadId: 'planning' })).items.length).toBeGreaterThan(0);
      expect((await pg.searchStatus()).pending).toBe(0);
      await waitFor('a calendar poll on pg-boss', async () => {
        const polls = await completedJobs(queue, BACKGROUND_QUEUES.calendars);
        return polls.length > 0 ? polls : null;
      });
      const polled = lines.find(
        (l) => l.message === 'job completed' && l.fields['queue'] === BACKGROUND_QUEUES.calendars,
      );
      expect(polled?.fields).toMatchObject({ calendars: 1, applied: 1 });
    } finally {
      await started.stop();
      await pg.close();
      rmSync(pgHome, { recursive: true, force: true });
    }
  }, 60_000);
});
