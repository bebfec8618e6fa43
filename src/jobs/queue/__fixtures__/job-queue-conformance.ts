import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError, toIso } from '../../../core/index.js';
import type { Job, JobQueue, JobState } from '../job-queue.js';

/**
 * Storage for one conformance case, shared by every queue the case opens. Test-only code, like
 * `src/stores/conformance`.
 */
export interface JobQueueHarness {
  /** Opens a queue on the harness's storage; the suite stops every queue it opens. */
  open(): Promise<JobQueue>;
  /** "Now" in the queues' clock, epoch milliseconds. */
  now(): number;
  /**
   * Moves the queues' clock forward. A real-time harness (PostgreSQL, whose server keeps the
   * time) does nothing: the suite then waits for backoff and expiry to pass.
   */
  advance(ms: number): void;
  /** Removes the storage, after the suite has stopped its queues. */
  cleanup(): Promise<void>;
}

const POLL_MS = 20;
const WAIT_MS = 15_000;

/** Polls `check` until it returns a value other than undefined (a real poll, not a fixed sleep). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls until job `id` of `queue` is in `state`, and returns it. */
export function waitForState(queue: JobQueue, id: string, state: JobState): Promise<Job> {
  return waitFor(`job ${id} to be ${state}`, async () => {
    const job = await queue.getJob(id);
    return job?.state === state ? job : undefined;
  });
}

/** A promise with its resolver exposed, for holding a handler open. */
export function gate(): { readonly promise: Promise<void>; readonly open: () => void } {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

async function codeOf(action: () => unknown): Promise<string> {
  try {
    await action();
  } catch (error: unknown) {
    return error instanceof EngineError ? error.code : `not an EngineError: ${String(error)}`;
  }
  return 'no error';
}

/**
 * Registers the Vitest cases every `JobQueue` must pass. `open` is called before each case and
 * must return a harness on fresh, empty storage.
 */
export function registerJobQueueConformance(
  name: string,
  open: () => Promise<JobQueueHarness>,
): void {
  describe(`JobQueue conformance: ${name}`, () => {
    let harness: JobQueueHarness;
    let opened: JobQueue[];
    let queue: JobQueue;

    async function openQueue(): Promise<JobQueue> {
      const next = await harness.open();
      opened.push(next);
      return next;
    }

    beforeEach(async () => {
      harness = await open();
      opened = [];
      queue = await openQueue();
    });

    afterEach(async () => {
      await Promise.all(opened.map((each) => each.stop()));
      await harness.cleanup();
    });

    const suite: Suite = {
      get harness() {
        return harness;
      },
      get queue() {
        return queue;
      },
      openQueue,
    };
    registerStoringCases(suite);
    registerFailureCases(suite);
    registerWorkerCases(suite);
    registerStoppingCases(suite);
  });
}

/** What every case reads: the harness of the case, its first queue, and a way to open more. */
interface Suite {
  readonly harness: JobQueueHarness;
  readonly queue: JobQueue;
  openQueue(): Promise<JobQueue>;
}

/** Creating, reading and de-duplicating jobs, and the order they are claimed in. */
function registerStoringCases(suite: Suite): void {
  it('stores a created job that getJob returns', async () => {
    const before = suite.harness.now();
    const id = await suite.queue.enqueue('mail', { to: 'ada' }, { priority: 3, retryLimit: 4 });
    const job = await suite.queue.getJob(id);
    expect(job).toMatchObject({
      id,
      queue: 'mail',
      payload: { to: 'ada' },
      state: 'created',
      priority: 3,
      idempotencyKey: null,
      attempts: 0,
      retryLimit: 4,
      startedAt: null,
      completedAt: null,
      lastError: null,
    });
    expect(Date.parse(job?.runAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(job?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('returns null from getJob for an unknown or malformed id', async () => {
    expect(await suite.queue.getJob('0190f3c4-0000-7000-8000-000000000000')).toBeNull();
    expect(await suite.queue.getJob('not-a-job')).toBeNull();
  });

  it('runs a job once and marks it completed', async () => {
    const seen: Job[] = [];
    suite.queue.work(
      'mail',
      async (job) => {
        seen.push(job);
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue('mail', { to: 'ada' });
    const done = await waitForState(suite.queue, id, 'completed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, state: 'active', attempts: 1, payload: { to: 'ada' } });
    expect(done).toMatchObject({ attempts: 1, lastError: null });
    expect(done.completedAt).not.toBeNull();
  });

  it('returns the existing id for an idempotency key whose job is unfinished', async () => {
    const first = await suite.queue.enqueue('poll', { n: 1 }, { idempotencyKey: 'calendar' });
    const second = await suite.queue.enqueue('poll', { n: 2 }, { idempotencyKey: 'calendar' });
    const elsewhere = await suite.queue.enqueue('sync', { n: 3 }, { idempotencyKey: 'calendar' });
    expect(second).toBe(first);
    expect(elsewhere).not.toBe(first);
    const jobs = await suite.queue.listJobs({ queue: 'poll' });
    expect(jobs.map((job) => job.payload)).toEqual([{ n: 1 }]);
    expect(jobs[0]?.idempotencyKey).toBe('calendar');
  });

  it('stores one job for concurrent enqueues with one idempotency key', async () => {
    const other = await suite.openQueue();
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        (n % 2 === 0 ? suite.queue : other).enqueue('poll', { n }, { idempotencyKey: 'race' }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await suite.queue.listJobs({ queue: 'poll' })).toHaveLength(1);
  });

  it('frees an idempotency key once its job has completed', async () => {
    suite.queue.work('poll', async () => {}, { pollIntervalMs: POLL_MS });
    const first = await suite.queue.enqueue('poll', {}, { idempotencyKey: 'calendar' });
    await waitForState(suite.queue, first, 'completed');
    const second = await suite.queue.enqueue('poll', {}, { idempotencyKey: 'calendar' });
    expect(second).not.toBe(first);
  });

  it('runs higher priority first, then older first', async () => {
    const order: string[] = [];
    for (const [label, priority] of [
      ['a', 0],
      ['b', 5],
      ['c', 0],
      ['d', 5],
    ] as const) {
      await suite.queue.enqueue('ordered', { label }, { priority });
    }
    suite.queue.work(
      'ordered',
      async (job) => {
        order.push(String(job.payload['label']));
      },
      { pollIntervalMs: POLL_MS },
    );
    await waitFor('four jobs', async () => (order.length === 4 ? true : undefined));
    expect(order).toEqual(['b', 'd', 'a', 'c']);
  });
}

/** Run times, retries with backoff, dead letters and listing. */
function registerFailureCases(suite: Suite): void {
  it('does not claim a job before its runAt', async () => {
    const runAt = toIso(suite.harness.now() + 1_500);
    const later = await suite.queue.enqueue('timed', { at: 'later' }, { runAt });
    const now = await suite.queue.enqueue('timed', { at: 'now' });
    suite.queue.work('timed', async () => {}, { pollIntervalMs: POLL_MS });
    // The ready job's completion shows that the worker has polled with both jobs stored.
    await waitForState(suite.queue, now, 'completed');
    expect((await suite.queue.getJob(later))?.state).toBe('created');
    suite.harness.advance(1_500);
    const done = await waitForState(suite.queue, later, 'completed');
    expect(done.runAt).toBe(runAt);
    expect(Date.parse(done.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(runAt));
  });

  it('retries a failing job after an exponential backoff, then dead-letters it', async () => {
    let calls = 0;
    suite.queue.work(
      'flaky',
      async (job) => {
        calls += 1;
        throw new Error(`boom ${job.attempts}`);
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue('flaky', {}, { retryLimit: 1, retryBackoffSeconds: 1 });
    const waiting = await waitForState(suite.queue, id, 'retry');
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'boom 1', completedAt: null });
    const delay = Date.parse(waiting.runAt) - Date.parse(waiting.startedAt ?? '');
    expect(delay).toBeGreaterThanOrEqual(1_000);
    expect(delay).toBeLessThan(3_000);
    suite.harness.advance(2_000);
    const dead = await waitForState(suite.queue, id, 'failed');
    expect(dead).toMatchObject({ attempts: 2, retryLimit: 1, lastError: 'boom 2' });
    expect(dead.completedAt).not.toBeNull();
    expect(calls).toBe(2);
    const failed = await suite.queue.listJobs({ states: ['failed'] });
    expect(failed.map((job) => job.id)).toEqual([id]);
  });

  it('dead-letters at once with retryLimit 0 and keeps what a non-Error throw said', async () => {
    suite.queue.work(
      'fragile',
      async () => {
        throw 'plain text';
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue('fragile', {}, { retryLimit: 0 });
    expect(await waitForState(suite.queue, id, 'failed')).toMatchObject({
      attempts: 1,
      lastError: 'plain text',
    });
  });

  it('gives a dead job one more attempt on retryDead', async () => {
    let calls = 0;
    suite.queue.work(
      'revived',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first attempt fails');
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue('revived', {}, { retryLimit: 0 });
    await waitForState(suite.queue, id, 'failed');
    await suite.queue.retryDead(id);
    const done = await waitForState(suite.queue, id, 'completed');
    expect(done).toMatchObject({ attempts: 2, retryLimit: 1, lastError: null });
    expect(await codeOf(() => suite.queue.retryDead(id))).toBe('CONFLICT');
    expect(await codeOf(() => suite.queue.retryDead('0190f3c4-0000-7000-8000-000000000000'))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(() => suite.queue.retryDead('not-a-job'))).toBe('NOT_FOUND');
  });

  it('refuses retryDead while another unfinished job holds the idempotency key', async () => {
    const worker = suite.queue.work(
      'keyed',
      async () => {
        throw new Error('no');
      },
      { pollIntervalMs: POLL_MS },
    );
    const dead = await suite.queue.enqueue('keyed', {}, { idempotencyKey: 'k', retryLimit: 0 });
    await waitForState(suite.queue, dead, 'failed');
    await worker.stop();
    const live = await suite.queue.enqueue('keyed', {}, { idempotencyKey: 'k' });
    expect(live).not.toBe(dead);
    expect(await codeOf(() => suite.queue.retryDead(dead))).toBe('CONFLICT');
    expect((await suite.queue.getJob(dead))?.state).toBe('failed');
  });

  it('lists jobs by queue and state, oldest first, up to a limit', async () => {
    const a = await suite.queue.enqueue('one', { n: 'a' });
    const b = await suite.queue.enqueue('one', { n: 'b' });
    const c = await suite.queue.enqueue('two', { n: 'c' });
    const ids = (jobs: readonly Job[]) => jobs.map((job) => job.id);
    expect(ids(await suite.queue.listJobs({ queue: 'one' }))).toEqual([a, b]);
    expect(ids(await suite.queue.listJobs({ queue: 'two', states: ['created'] }))).toEqual([c]);
    expect(ids(await suite.queue.listJobs({ states: ['failed', 'active'] }))).toEqual([]);
    expect(ids(await suite.queue.listJobs({ limit: 1 }))).toEqual([a]);
    expect(ids(await suite.queue.listJobs())).toEqual([a, b, c]);
  });
}

/** Worker concurrency, two queues on one storage, and attempts that expire. */
function registerWorkerCases(suite: Suite): void {
  it('runs at most `concurrency` jobs of one worker at a time', async () => {
    const release = gate();
    let running = 0;
    let most = 0;
    suite.queue.work(
      'parallel',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await release.promise;
        running -= 1;
      },
      { concurrency: 3, pollIntervalMs: POLL_MS },
    );
    const ids: string[] = [];
    for (let n = 0; n < 7; n += 1) ids.push(await suite.queue.enqueue('parallel', { n }));
    await waitFor('three running jobs', async () => (running === 3 ? true : undefined));
    expect((await suite.queue.listJobs({ queue: 'parallel', states: ['active'] })).length).toBe(3);
    release.open();
    for (const id of ids) await waitForState(suite.queue, id, 'completed');
    expect(most).toBe(3);
  });

  it('never runs a job twice across two queue instances', async () => {
    const other = await suite.openQueue();
    const runs = new Map<string, number>();
    const handler = async (job: Job): Promise<void> => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    suite.queue.work('shared', handler, { concurrency: 4, pollIntervalMs: POLL_MS });
    other.work('shared', handler, { concurrency: 4, pollIntervalMs: POLL_MS });
    const ids: string[] = [];
    for (let n = 0; n < 40; n += 1) {
      ids.push(await (n % 2 === 0 ? suite.queue : other).enqueue('shared', { n }));
    }
    await waitFor('every job completed', async () => {
      const done = await suite.queue.listJobs({ queue: 'shared', states: ['completed'] });
      return done.length === ids.length ? true : undefined;
    });
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('retries an attempt whose worker stopped answering once it expires', async () => {
    const stalled = gate();
    const crashed = await suite.openQueue();
    crashed.work(
      'fragile-worker',
      async () => {
        await stalled.promise;
        throw new Error('woke up too late');
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue(
      'fragile-worker',
      {},
      { expireInSeconds: 1, retryLimit: 1, retryBackoffSeconds: 0 },
    );
    await waitForState(suite.queue, id, 'active');
    suite.harness.advance(1_001);
    const rescued: Job[] = [];
    suite.queue.work(
      'fragile-worker',
      async (job) => {
        rescued.push(job);
      },
      { pollIntervalMs: POLL_MS },
    );
    const done = await waitForState(suite.queue, id, 'completed');
    expect(done.attempts).toBe(2);
    expect(rescued.map((job) => job.attempts)).toEqual([2]);
    // The stalled attempt ends after all; its outcome must not touch the finished job.
    stalled.open();
    await crashed.stop();
    expect(await suite.queue.getJob(id)).toMatchObject({
      state: 'completed',
      attempts: 2,
      lastError: null,
    });
  });
}

/** Stopping a worker or the whole queue, and argument validation. */
function registerStoppingCases(suite: Suite): void {
  /** A `drain` worker whose handler holds until `release` opens, and the job it is running. */
  async function heldDrainJob() {
    const release = gate();
    const worker = suite.queue.work(
      'drain',
      async () => {
        await release.promise;
      },
      { pollIntervalMs: POLL_MS },
    );
    const id = await suite.queue.enqueue('drain', {});
    await waitForState(suite.queue, id, 'active');
    return { release, worker, id };
  }

  it('drains running jobs on stop and claims nothing afterwards', async () => {
    const { release, worker, id: first } = await heldDrainJob();
    const stopping = worker.stop();
    const second = await suite.queue.enqueue('drain', {});
    release.open();
    await stopping;
    expect((await suite.queue.getJob(first))?.state).toBe('completed');
    expect((await suite.queue.getJob(second))?.state).toBe('created');
  });

  it('stops the whole queue gracefully and refuses calls afterwards', async () => {
    const { release, id } = await heldDrainJob();
    const stopping = suite.queue.stop();
    release.open();
    await stopping;
    await suite.queue.stop();
    const reader = await suite.openQueue();
    expect((await reader.getJob(id))?.state).toBe('completed');
    expect(await codeOf(() => suite.queue.enqueue('drain', {}))).toBe('STORE_FAILED');
    expect(await codeOf(() => suite.queue.getJob(id))).toBe('STORE_FAILED');
    expect(await codeOf(() => suite.queue.work('drain', async () => {}))).toBe('STORE_FAILED');
  });

  it('rejects invalid arguments with VALIDATION_FAILED', async () => {
    const attempts: (() => unknown)[] = [
      () => suite.queue.enqueue('', {}),
      () => suite.queue.enqueue('has space', {}),
      () => suite.queue.enqueue('ok', [] as never),
      () => suite.queue.enqueue('ok', {}, { retryLimit: -1 }),
      () => suite.queue.enqueue('ok', {}, { priority: 1.5 }),
      () => suite.queue.enqueue('ok', {}, { retryBackoffSeconds: 0.5 }),
      () => suite.queue.enqueue('ok', {}, { runAt: 'tomorrow' }),
      () => suite.queue.enqueue('ok', {}, { expireInSeconds: 0 }),
      () => suite.queue.enqueue('ok', {}, { idempotencyKey: '' }),
      () => suite.queue.work('ok', async () => {}, { concurrency: 0 }),
      () => suite.queue.listJobs({ states: ['lost' as JobState] }),
    ];
    for (const attempt of attempts) expect(await codeOf(attempt)).toBe('VALIDATION_FAILED');
    expect(await suite.queue.listJobs()).toEqual([]);
  });
}
