import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../testing/index.js';
import { openServerEngine } from './__fixtures__/both-stores.js';
import type { Engine } from './index.js';

const url = process.env['VERITY_TEST_PG_URL'];
const SECRET = 'velquoranthe';

/**
 * Pages of the schema's tables, their TOAST tables and their indexes whose raw bytes contain
 * `text`, read with pageinspect's `get_raw_page`: live tuples, dead row versions, free space and
 * index keys alike.
 */
async function pagesHolding(client: pg.Client, schema: string, text: string): Promise<string[]> {
  const relations = await client.query<{ name: string; pages: string }>(
    `SELECT c.oid::regclass::text AS name, pg_relation_size(c.oid) / 8192 AS pages
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'i')
     UNION ALL
     SELECT t.oid::regclass::text, pg_relation_size(t.oid) / 8192
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class t ON t.oid = c.reltoastrelid
      WHERE n.nspname = $1`,
    [schema],
  );
  const found: string[] = [];
  for (const relation of relations.rows) {
    for (let page = 0; page < Number(relation.pages); page += 1) {
      const raw = await client.query<{ bytes: Buffer }>('SELECT get_raw_page($1, $2) AS bytes', [
        relation.name,
        page,
      ]);
      if (raw.rows[0]?.bytes.includes(text)) found.push(`${relation.name}#${page}`);
    }
  }
  return found;
}

describe.skipIf(url === undefined)('forget on a real PostgreSQL server', () => {
  /**
   * Ingests the secret and six later messages into a fresh schema, then runs `check` with the pg
   * client, the engine and the event that recorded the secret.
   */
  async function withSecretIngested(
    check: (client: pg.Client, engine: Engine, eventId: string, schema: string) => Promise<void>,
  ): Promise<void> {
    const schema = `forget_bytes_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const engine = await openServerEngine(url ?? '', schema);
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
      const said = `The gate code at the cabin is ${SECRET} 7741.`;
      await engine.ingest(
        toJsonl([messageRecord('home', 'm1', 'user', said, '2026-04-01T09:00:00Z')]),
      );
      // Later writes in transactions of their own update the rows beside it.
      for (let i = 0; i < 6; i += 1) {
        const text = `Reminder number ${i}: water the plants and check the mailbox.`;
        const at = `2026-04-02T1${i}:00:00Z`;
        await engine.ingest(toJsonl([messageRecord('home', `later-${i}`, 'user', text, at)]));
      }
      expect(await pagesHolding(client, schema, SECRET)).not.toEqual([]);
      const event = (await engine.readLedger(0, 50)).find(
        (e) => e.type === 'message.received' && JSON.stringify(e.payload).includes(SECRET),
      );
      if (!event) throw new Error('the message event was not found');
      await check(client, engine, event.eventId, schema);
    } finally {
      await engine.close();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }

  it('leaves no dead row version or index key holding the forgotten text', async () => {
    await withSecretIngested(async (client, engine, eventId, schema) => {
      expect((await engine.forget({ kind: 'event', eventId })).redacted).toBe(1);
      expect(await pagesHolding(client, schema, SECRET)).toEqual([]);
      // Only the forgotten text went.
      const plants = (await engine.search('plants', { mode: 'text' })).hits;
      expect(plants.length).toBeGreaterThan(0);
      expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    });
  });

  it('waits for a transaction opened elsewhere before the forget, then leaves no trace either', async () => {
    await withSecretIngested(async (client, engine, eventId, schema) => {
      // Another session of the same database holds a snapshot taken before the forget: the old
      // row versions stay visible to it until it ends, a second and a half later.
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      try {
        await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await reader.query('SELECT 1');
        const ends = new Promise<void>((resolve) => {
          setTimeout(() => void reader.query('COMMIT').then(() => resolve()), 1_500);
        });
        expect((await engine.forget({ kind: 'event', eventId })).redacted).toBe(1);
        await ends;
        expect(await pagesHolding(client, schema, SECRET)).toEqual([]);
      } finally {
        await reader.end();
      }
    });
  });
});
