import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TaskFields } from '../../core/index.js';
import type { Notification, Notifier } from '../../tasks/index.js';
import {
  createManualClock,
  createSequentialIds,
  type ManualClock,
  messageRecord,
} from '../../testing/index.js';
import { createEngine, type EngineOptions } from '../create-engine.js';
import type { EngineObserverOptions } from '../observer-capability.js';
import type { Engine } from '../types.js';

/** An engine opened for one test in a fresh temporary folder. */
export interface TestEngine {
  /** The temporary folder (removed by `closeTestEngine`). */
  readonly dir: string;
  /** The engine's home: `<dir>/home`. */
  readonly home: string;
  readonly clock: ManualClock;
  readonly engine: Engine;
}

/** Engine options, or a function that makes them from the test's temporary folder. */
export type TestEngineOptions = Partial<EngineOptions> | ((dir: string) => Partial<EngineOptions>);

/**
 * Opens an engine under a new temporary folder named with `prefix`, on a manual clock set to
 * `at` and sequential ids; `options` add to (or override) those.
 */
export async function openTestEngine(
  prefix: string,
  at: string,
  options: TestEngineOptions = {},
): Promise<TestEngine> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  const clock = createManualClock(at);
  const extra = typeof options === 'function' ? options(dir) : options;
  const engine = await createEngine({ home, clock, ids: createSequentialIds(), ...extra });
  return { dir, home, clock, engine };
}

/**
 * Options for an engine that only observes sessions: no embedding model, no state extraction,
 * and the MEMORY.md workspace at `<dir>/workspace`, with `observer` added.
 */
export function observerOnly(
  observer: EngineObserverOptions = {},
): (dir: string) => Partial<EngineOptions> {
  return (dir) => ({
    embeddings: { model: null },
    extraction: null,
    observer: { workspace: join(dir, 'workspace'), ...observer },
  });
}

/**
 * Engine options whose task notifier pushes every notification onto `sent` (or drops it when
 * `sent` is omitted), so a test can read what the reconciler announced.
 */
export function recordingNotifier(sent?: Notification[]): Partial<EngineOptions> {
  const notifier: Notifier = {
    kind: 'test',
    send: async (n) => {
      sent?.push(n);
    },
  };
  return { tasks: { notifier } };
}

/**
 * Ingests each of `messages` as a user message of thread `t1` (ids m1, m2, …), one call each, at
 * the clock's time, advancing the clock a minute after each.
 */
export async function feedUserMessages(
  opened: Pick<TestEngine, 'clock' | 'engine'>,
  messages: readonly string[],
): Promise<void> {
  for (const [index, content] of messages.entries()) {
    const at = new Date(opened.clock.now()).toISOString();
    opened.clock.advance(60_000);
    await opened.engine.ingest([messageRecord('t1', `m${index + 1}`, 'user', content, at)]);
  }
}

/** Closes the engine and removes its temporary folder. */
export async function closeTestEngine(opened: Pick<TestEngine, 'dir' | 'engine'>): Promise<void> {
  await opened.engine.close();
  rmSync(opened.dir, { recursive: true, force: true });
}

/** A pair of Vitest hooks: `beforeEach`/`afterEach` or `beforeAll`/`afterAll`. */
type Hook = (fn: () => Promise<void>) => void;

/** Opens a test engine in `setUp`, seeds it, closes it in `tearDown`; reads throw `outside`. */
function useHookedEngine(
  setUp: Hook,
  tearDown: Hook,
  outside: string,
  open: () => Promise<TestEngine>,
  seed: (opened: TestEngine) => Promise<void> = async () => {},
): () => TestEngine {
  let opened: TestEngine | undefined;
  setUp(async () => {
    opened = await open();
    await seed(opened);
  });
  tearDown(async () => {
    if (opened !== undefined) await closeTestEngine(opened);
    opened = undefined;
  });
  return () => {
    if (opened === undefined) throw new Error(outside);
    return opened;
  };
}

/**
 * Registers hooks that open a test engine (as `openTestEngine` does) before each test and close
 * it after; the returned function gives the running test's engine, clock and folders.
 */
export function useTestEngine(
  prefix: string,
  at: string,
  options: TestEngineOptions = {},
): () => TestEngine {
  return useHookedEngine(beforeEach, afterEach, 'useTestEngine: read outside a running test', () =>
    openTestEngine(prefix, at, options),
  );
}

/**
 * Registers hooks that open a test engine (as `openTestEngine` does) once before the tests of
 * the enclosing suite, hand it to `seed` (e.g. to ingest what every test reads), and close it
 * after them; the returned function gives the suite's engine, clock and folders.
 */
export function useSuiteTestEngine(
  prefix: string,
  at: string,
  options: TestEngineOptions = {},
  seed: (opened: TestEngine) => Promise<void> = async () => {},
): () => TestEngine {
  return useHookedEngine(
    beforeAll,
    afterAll,
    'useSuiteTestEngine: read outside its suite',
    () => openTestEngine(prefix, at, options),
    seed,
  );
}

/**
 * Adds a task and moves it to TRIAGED with `triage` (priority, due, definition of done), then to
 * PLANNED with `plan` when given. Returns the task as added.
 */
export async function addPlannedTask(
  engine: Engine,
  title: string,
  triage: TaskFields,
  plan?: TaskFields,
): Promise<Awaited<ReturnType<Engine['tasks']['add']>>> {
  const task = await engine.tasks.add({ title });
  await engine.tasks.move(task.id, 'TRIAGED', triage);
  if (plan !== undefined) await engine.tasks.move(task.id, 'PLANNED', plan);
  return task;
}

/**
 * Captures `text` as session `s1` at shutdown, observed at once, reflects, and returns the
 * pending MEMORY.md proposals (the observer's path from a session to a proposal).
 */
export async function proposalsFromSession(
  engine: Engine,
  text: string,
): Promise<Awaited<ReturnType<Engine['observer']['listProposals']>>> {
  await engine.observer.capture({ text, sessionId: 's1', trigger: 'shutdown', observe: 'sync' });
  await engine.observer.reflect();
  return engine.observer.listProposals();
}
