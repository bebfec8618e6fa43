/**
 * The statements of the delivery store (`stores/deliveries.ts`), written once for both adapters:
 * they differ only in how a table is named and a parameter is written, which the adapter's
 * `RowSql` says. Every parameter appears once, in order, so SQLite's `?` and PostgreSQL's `$n`
 * bind the same arrays. May import: the contract files and `sql-rows.ts`.
 */
import type { Delivery, DeliveryKey, DeliveryStore } from './deliveries.js';
import type { RowSql } from './sql-rows.js';

/** The delivery statements in one dialect. */
export interface DeliverySql {
  /** Parameters: `keyValues`; returns the row as `DeliveryRow`. */
  readonly get: string;
  /** Parameters: `keyValues`, claimed_at, stale-before; returns a row only when claimed. */
  readonly claim: string;
  /** Parameters: delivered_at, receipt, `keyValues`. */
  readonly confirm: string;
  /** Parameters: `keyValues`. */
  readonly release: string;
  /** Parameters: before; returns one row per deleted delivery. */
  readonly prune: string;
  /** Parameters: limit; returns rows as `DeliveryRow`, in key order, from the first. */
  readonly list: string;
  /** Parameters: `keyValues` (the key to start after), limit; as `list`. */
  readonly listAfter: string;
}

/** A delivery as the table stores it. */
interface DeliveryRow {
  readonly channel: string;
  readonly recipient: string;
  readonly item: string;
  readonly version: string;
  readonly claimed_at: string;
  readonly delivered_at: string | null;
  readonly receipt: string | null;
}

/** The statements over the `deliveries` table, in `dialect`. */
export function deliverySql(dialect: RowSql): DeliverySql {
  const table = dialect.table('deliveries');
  const param = (n: number): string => dialect.param(n);
  const key = (first: number): string =>
    `channel = ${param(first)} AND recipient = ${param(first + 1)} AND item = ${param(first + 2)} AND version = ${param(first + 3)}`;
  const columns = 'channel, recipient, item, version, claimed_at, delivered_at, receipt';
  const order = 'channel, recipient, item, version';
  return {
    get: `SELECT ${columns} FROM ${table} WHERE ${key(1)}`,
    // One statement: an absent key is inserted; a present one is taken over only when it was never
    // confirmed and its claim is stale. A concurrent claimer of the same key waits on the key's
    // unique index and then sees the winner's fresh claim, so it gets no row back.
    claim: `INSERT INTO ${table} AS claimed (channel, recipient, item, version, claimed_at)
            VALUES (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)}, ${param(5)})
            ON CONFLICT (channel, recipient, item, version) DO UPDATE
            SET claimed_at = excluded.claimed_at
            WHERE claimed.delivered_at IS NULL AND claimed.claimed_at < ${param(6)}
            RETURNING claimed_at`,
    confirm: `UPDATE ${table} SET delivered_at = ${param(1)}, receipt = ${param(2)}
              WHERE ${key(3)}`,
    release: `DELETE FROM ${table} WHERE ${key(1)} AND delivered_at IS NULL`,
    prune: `DELETE FROM ${table} WHERE claimed_at < ${param(1)} RETURNING claimed_at`,
    list: `SELECT ${columns} FROM ${table} ORDER BY ${order} LIMIT ${param(1)}`,
    listAfter: `SELECT ${columns} FROM ${table}
                WHERE (channel, recipient, item, version) > (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)})
                ORDER BY ${order} LIMIT ${param(5)}`,
  };
}

/** The parameters that name `key`, in the order the statements expect. */
function deliveryKeyValues(key: DeliveryKey): [string, string, string, string] {
  return [key.channel, key.recipient, key.item, key.version];
}

/** A stored row as the contract's `Delivery`. */
function fromDeliveryRow(row: DeliveryRow): Delivery {
  return {
    channel: row.channel,
    recipient: row.recipient,
    item: row.item,
    version: row.version,
    claimedAt: row.claimed_at,
    deliveredAt: row.delivered_at,
    receipt: row.receipt,
  };
}

/**
 * Runs one delivery statement and returns its rows: a read on committed data, or a write as its
 * own transaction under the adapter's write lock, with driver errors mapped by the adapter.
 */
export type DeliveryRunner = (
  operation: string,
  mode: 'read' | 'write',
  sql: string,
  params: readonly (string | number | null)[],
) => Promise<readonly unknown[]>;

/** The `DeliveryStore` of an adapter, over the statements in its dialect and its runner. */
export function createDeliveryStore(dialect: RowSql, run: DeliveryRunner): DeliveryStore {
  const sql = deliverySql(dialect);
  return {
    async get(key) {
      const [row] = await run('getDelivery', 'read', sql.get, deliveryKeyValues(key));
      return row === undefined ? null : fromDeliveryRow(row as DeliveryRow);
    },
    async claim(key, at, staleBefore) {
      const rows = await run('claimDelivery', 'write', sql.claim, [
        ...deliveryKeyValues(key),
        at,
        staleBefore,
      ]);
      return rows.length > 0;
    },
    async confirm(key, at, receipt) {
      await run('confirmDelivery', 'write', sql.confirm, [at, receipt, ...deliveryKeyValues(key)]);
    },
    async release(key) {
      await run('releaseDelivery', 'write', sql.release, deliveryKeyValues(key));
    },
    async prune(before) {
      return (await run('pruneDeliveries', 'write', sql.prune, [before])).length;
    },
    async list(after, limit) {
      const rows =
        after === null
          ? await run('listDeliveries', 'read', sql.list, [limit])
          : await run('listDeliveries', 'read', sql.listAfter, [
              ...deliveryKeyValues(after),
              limit,
            ]);
      return rows.map((row) => fromDeliveryRow(row as DeliveryRow));
    },
  };
}
