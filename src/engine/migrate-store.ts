import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseTarget } from '../config/index.js';
import { EngineError } from '../core/index.js';
import { derivedHash, replayInto, withPipelineTx } from '../pipeline/index.js';
import type { Delivery, DeliveryKey, Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';

/** What `migrateStore` did, and the proof that both sides hold the same state. */
export interface MigrateStoreReport {
  /** Events copied now (events already on the target are skipped). */
  readonly copied: number;
  /** Events the target held already, identical to the source's. */
  readonly skipped: number;
  /** Events on the target after the copy (equal to the source's). */
  readonly events: number;
  readonly deadLetters: number;
  /**
   * Delivery records (what was pushed to people, `store.deliveries`) copied now; records the
   * target held already are kept as they are.
   */
  readonly deliveries: number;
  /** Content hash of the source's derived state. */
  readonly sourceHash: string;
  /** Content hash of the target's derived state, replayed from the copied ledger. */
  readonly targetHash: string;
  readonly identical: boolean;
}

const PAGE = 2000;

/**
 * Copies the ledger (redactions included), the dead-letter queue and the delivery records from
 * `source` to `target`, then rebuilds the target's derived state by replaying the copied ledger and compares content
 * hashes. The target must be empty or hold a prefix of the source's ledger (a resumed copy);
 * anything else is refused before a write. Vectors are a cache and are not copied: run `verity
 * reindex` on the target.
 */
export async function migrateStore(source: Store, target: Store): Promise<MigrateStoreReport> {
  const skipped = await checkPrefix(source, target);
  let copied = 0;
  let seen = 0;
  let after = 0;
  for (;;) {
    const page = await source.readEvents(after, PAGE);
    if (page.length === 0) break;
    after = page.at(-1)?.seq ?? after;
    // The target's prefix is already there, checked event by event.
    const events = page.slice(Math.max(0, skipped - seen));
    seen += page.length;
    if (events.length === 0) continue;
    // Counted from the committed result: the store may run `fn` again after a deadlock.
    copied += await target.withWriteLock({ entities: [], global: true }, async (tx) => {
      for (const event of events) {
        const { seq: _seq, redacted, ...fresh } = event;
        const outcome = await tx.appendEvent(fresh);
        if (outcome.kind !== 'appended') {
          throw new EngineError(
            'CONFLICT',
            `target already holds event ${event.eventId} outside its checked prefix; refusing to migrate`,
            { eventId: event.eventId },
          );
        }
        if (redacted) await tx.redactEvent(event.eventId, event.payload);
      }
      return events.length;
    });
  }
  const deadLetters = await source.listDlq();
  await target.withWriteLock({ entities: [], global: true }, async (tx) => {
    for (const item of deadLetters) await tx.putDlq(item);
  });
  const deliveries = await copyDeliveries(source, target);
  await withPipelineTx(target, { entities: [], global: true }, async (tx) => {
    await tx.dangerouslyClearDerived();
    await replayInto(tx, tx);
  });
  const sourceHash = derivedHash(await source.exportDerived());
  const targetHash = derivedHash(await target.exportDerived());
  return {
    copied,
    skipped,
    events: await countEvents(target),
    deadLetters: deadLetters.length,
    deliveries,
    sourceHash,
    targetHash,
    identical: sourceHash === targetHash,
  };
}

/**
 * Copies every delivery record as it stands (claimed, or delivered with its receipt), so a bot on
 * the target pushes nothing its chats already have (ADR 2026-11-28-deliveries-in-the-store). A
 * record the target holds already (a resumed copy, or a bot running there) is left alone: the
 * claim below inserts an absent key only, as nothing is older than the empty stale-before.
 */
async function copyDeliveries(source: Store, target: Store): Promise<number> {
  let copied = 0;
  let after: DeliveryKey | null = null;
  for (;;) {
    const page: readonly Delivery[] = await source.deliveries.list(after, PAGE);
    if (page.length === 0) return copied;
    for (const delivery of page) {
      const { claimedAt, deliveredAt, receipt, ...key } = delivery;
      if (!(await target.deliveries.claim(key, claimedAt, ''))) continue;
      if (deliveredAt !== null) await target.deliveries.confirm(key, deliveredAt, receipt);
      copied += 1;
    }
    after = page.at(-1) ?? null;
  }
}

/**
 * Checks that the target's ledger is a prefix of the source's (same event ids and payload hashes
 * in the same order) and returns its length; throws CONFLICT otherwise, before anything is written.
 */
async function checkPrefix(source: Store, target: Store): Promise<number> {
  let afterSource = 0;
  let afterTarget = 0;
  let count = 0;
  for (;;) {
    const held = await target.readEvents(afterTarget, PAGE);
    if (held.length === 0) return count;
    const wanted = await source.readEvents(afterSource, held.length);
    for (const [index, event] of held.entries()) {
      const match = wanted[index];
      if (match?.eventId !== event.eventId || match.payloadHash !== event.payloadHash) {
        throw new EngineError(
          'CONFLICT',
          `the target's ledger is not a prefix of the source's (event ${count + 1}: ${event.eventId}); migrate into an empty store`,
          { operation: 'migrate-store' },
        );
      }
      count += 1;
    }
    afterTarget = held.at(-1)?.seq ?? afterTarget;
    afterSource = wanted.at(-1)?.seq ?? afterSource;
  }
}

async function countEvents(store: Store): Promise<number> {
  let count = 0;
  let after = 0;
  for (;;) {
    const events = await store.readEvents(after, PAGE);
    if (events.length === 0) return count;
    count += events.length;
    after = events.at(-1)?.seq ?? after;
  }
}

/**
 * Reads a store location as `migrate-store` takes it: `sqlite:PATH` (relative to `cwd`) or a
 * `postgres://` / `postgresql://` URL, whose tables live in `schema` (default `verity`).
 */
export function parseStoreLocation(text: string, schema = 'verity', cwd = '.'): DatabaseTarget {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length);
    if (path === '') throw new EngineError('CONFIG_INVALID', 'sqlite: needs a file path');
    return { kind: 'sqlite', path: resolve(cwd, path) };
  }
  if (/^postgres(ql)?:\/\/\S+$/.test(text)) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
      throw new EngineError(
        'CONFIG_INVALID',
        `schema must be a lower-case SQL identifier (got "${schema}")`,
      );
    }
    return { kind: 'postgres', url: text, schema };
  }
  throw new EngineError('CONFIG_INVALID', 'a store location is sqlite:PATH or a postgres:// URL', {
    setting: 'store',
  });
}

async function openStore(target: DatabaseTarget, mustExist: boolean): Promise<Store> {
  if (target.kind === 'postgres') {
    // Loaded here, not at import: the engine barrel re-exports this module (ADR lazy-start-up).
    const { createPostgresStore } = await import('../stores/postgres/index.js');
    return createPostgresStore({ url: target.url, schema: target.schema });
  }
  if (mustExist && !existsSync(target.path)) {
    throw new EngineError('NOT_FOUND', `no SQLite store at ${target.path}`, { path: target.path });
  }
  return createSqliteStore({ path: target.path });
}

/** Opens both stores, runs `migrateStore`, and closes them whatever happens. */
export async function migrateStoreBetween(
  from: DatabaseTarget,
  to: DatabaseTarget,
): Promise<MigrateStoreReport> {
  if (canonicalLocation(from) === canonicalLocation(to)) {
    throw new EngineError('CONFIG_INVALID', 'source and target are the same store');
  }
  const source = await openStore(from, true);
  try {
    const target = await openStore(to, false);
    try {
      return await migrateStore(source, target);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

function canonicalLocation(target: DatabaseTarget): string {
  return target.kind === 'sqlite' ? `sqlite:${target.path}` : `${target.url}#${target.schema}`;
}
