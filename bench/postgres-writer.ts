// One writer process of bench/postgres.bench.ts (not a bench on its own): ingests its slices of
// mixed records into the shared database, in calls of 2,000 lines, and reports on stdout how long
// that took and which write scope each of the pipeline's transactions ended up in.
//
// Protocol: argv[2] is a `WriterTask` as JSON. The process prepares its records and opens its
// engine, prints `ready`, waits for one line on stdin (the start signal, so every writer starts
// together), ingests, prints one `WriterReport` as JSON, and exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DatabaseTarget } from '../src/config/index.js';
import { createEngine } from '../src/engine/index.js';
import type { Store } from '../src/stores/index.js';
import { createPostgresStore } from '../src/stores/postgres/index.js';
import { createSqliteStore } from '../src/stores/sqlite/index.js';
import { createManualClock, mixedRecords } from '../src/testing/index.js';

/** What one writer process ingests, and where. */
export interface WriterTask {
  readonly database: DatabaseTarget;
  /** Slice numbers, ingested one after another; each slice has its own entities and ids. */
  readonly slices: readonly number[];
  readonly perSlice: number;
  readonly batch: number;
  readonly workload: Workload;
}

/**
 * How a slice's `mixedRecords` are shaped: `as generated`; `messages with an entity` (each
 * message gets an entity of its slice, so a batch of them can run entity-scoped); `uncontested
 * observations` (messages and retractions dropped, every observation an assertive user statement
 * of its slot's first value, so nothing goes to review: the best case for entity-scoped writes).
 */
export type Workload = 'as generated' | 'messages with an entity' | 'uncontested observations';

/**
 * The write transactions of the writer's ingest batches (the pipeline may split one `ingest` call
 * into several), by the scope they committed under.
 */
export interface ScopeCounts {
  /** Committed under an entity scope. */
  entity: number;
  /** Tried under an entity scope, then rolled back and rerun under the global scope. */
  fallback: number;
  /** Global from the start (a line without an entity, an answer or a prompt). */
  global: number;
  /** Other write transactions made during `ingest` (item extraction after the batches, say). */
  other: number;
}

/** What a writer prints when it is done. */
export interface WriterReport {
  readonly events: number;
  readonly applied: number;
  readonly rejected: number;
  readonly seconds: number;
  readonly scopes: ScopeCounts;
  /** Why batches fell back, ids elided, with how often. */
  readonly fallbackReasons: Record<string, number>;
}

/**
 * Slice `n` of the workload: `mixedRecords` with its own seed, its entities, threads, message ids
 * and event ids renamed into the slice's own range, so slices never share a row or an id.
 */
export function sliceRecords(
  slice: number,
  count: number,
  workload: Workload,
): Record<string, unknown>[] {
  const prefix = `s${slice}-`;
  // testUuid(n) is 00000000-0000-4000-8000-<n>; the first group carries the slice.
  const idOf = (id: unknown) =>
    typeof id === 'string' ? `${(slice + 1).toString(16).padStart(8, '0')}${id.slice(8)}` : id;
  const messageEntities = workload === 'messages with an entity';
  return shape(mixedRecords({ count, seed: 12345 + slice }), workload).map((record) => {
    if (record['type'] === 'message') {
      const thread = String(record['thread_id']);
      return {
        ...record,
        thread_id: `${prefix}${thread}`,
        message_id: `${prefix}${String(record['message_id'])}`,
        ...(messageEntities ? { entity_id: `user:${prefix}u${thread.slice(1)}` } : {}),
      };
    }
    return {
      ...record,
      event_id: idOf(record['event_id']),
      entity_id: String(record['entity_id']).replace('user:', `user:${prefix}`),
      ...('retracts' in record ? { retracts: idOf(record['retracts']) } : {}),
    };
  });
}

function shape(records: Record<string, unknown>[], workload: Workload): Record<string, unknown>[] {
  if (workload !== 'uncontested observations') return records;
  const first = new Map<string, unknown>();
  return records
    .filter((record) => record['type'] === 'observation' && !('retracts' in record))
    .map((record) => {
      const slot = `${String(record['entity_id'])}/${String(record['field'])}`;
      if (!first.has(slot)) first.set(slot, record['candidate_value']);
      return {
        ...record,
        candidate_value: first.get(slot),
        intent: 'assertive',
        source: { type: 'user_statement', ref: String(record['event_id']) },
      };
    });
}

async function openStore(database: DatabaseTarget): Promise<Store> {
  return database.kind === 'postgres'
    ? createPostgresStore({ url: database.url, schema: database.schema })
    : createSqliteStore({ path: database.path });
}

/**
 * Whether the write lock is being taken for one of the pipeline's ingest batches: `runBatch` in
 * src/pipeline/ingest.ts calls `withPipelineTx`, which calls `withWriteLock`, synchronously.
 */
function forIngestBatch(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return /\brunBatch\b/.test(stack);
}

/** Wraps the store's `withWriteLock` to count the scopes of ingest transactions. */
function countScopes(store: Store): {
  readonly counts: ScopeCounts;
  readonly reasons: Record<string, number>;
} {
  const withWriteLock = store.withWriteLock.bind(store);
  const counts: ScopeCounts = { entity: 0, fallback: 0, global: 0, other: 0 };
  const reasons: Record<string, number> = {};
  // A batch that fell back runs again at once under the global scope: that rerun is not counted.
  let reruns = 0;
  store.withWriteLock = async (scope, fn) => {
    if (!forIngestBatch()) {
      counts.other += 1;
      return withWriteLock(scope, fn);
    }
    if (scope.global === true) {
      if (reruns > 0) reruns -= 1;
      else counts.global += 1;
      return withWriteLock(scope, fn);
    }
    try {
      const result = await withWriteLock(scope, fn);
      counts.entity += 1;
      return result;
    } catch (error: unknown) {
      if (error instanceof Error && error.name === 'NeedsGlobalScope') {
        counts.fallback += 1;
        reruns += 1;
        const reason = error.message
          .replace(/user:s\d+-u\d+/g, 'user:…')
          .replace(/s\d+-[tm]\d+/g, '…');
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      throw error;
    }
  };
  return { counts, reasons };
}

const task = JSON.parse(process.argv[2] ?? '{}') as WriterTask;
const slices = task.slices.map((slice) =>
  sliceRecords(slice, task.perSlice, task.workload).map((r) => JSON.stringify(r)),
);
const home = mkdtempSync(join(tmpdir(), 'verity-pg-writer-'));
const clock = createManualClock('2026-03-01T00:00:00Z');
const store = await openStore(task.database);
const scopes = countScopes(store);
const engine = await createEngine({ home, clock, store, database: task.database });

console.log('ready');
const input = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => input.once('line', () => resolve()));
input.close();

let applied = 0;
let rejected = 0;
const started = performance.now();
for (const lines of slices) {
  for (let i = 0; i < lines.length; i += task.batch) {
    const report = await engine.ingest(lines.slice(i, i + task.batch).join('\n'), {
      waitForIndex: false,
    });
    applied += report.applied;
    rejected += report.rejected;
    clock.advance(1000);
  }
}
const seconds = (performance.now() - started) / 1000;
await engine.close();
rmSync(home, { recursive: true, force: true });
const report: WriterReport = {
  events: slices.reduce((sum, lines) => sum + lines.length, 0),
  applied,
  rejected,
  seconds,
  scopes: scopes.counts,
  fallbackReasons: scopes.reasons,
};
console.log(JSON.stringify(report));
