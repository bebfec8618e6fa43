import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, describe, it } from 'vitest';
import { canonicalJson } from '../../core/index.js';
import { expectMigratedTaskView, LEGACY_TASK_VIEW } from '../conformance/index.js';
import { createPostgresStore } from './index.js';

const VIEW = LEGACY_TASK_VIEW;

const db = PGlite.create({ extensions: { vector } });
afterAll(async () => (await db).close());

describe('PostgreSQL migration 4 (task views in a table)', () => {
  it('moves task views kept in meta rows by version 3 into the table, and drops those rows', async () => {
    const pglite = await db;
    const schema = 'verity_tasks_migration';
    const first = await createPostgresStore({ pglite, schema });
    // Back to version 3's shape: no table, the views in meta rows.
    await pglite.exec(
      `DROP TABLE ${schema}.tasks; DROP TABLE ${schema}.search_keys;
       DROP INDEX ${schema}.messages_by_entity; DROP TABLE ${schema}.deliveries;
       DELETE FROM ${schema}.schema_migrations WHERE version >= 4;`,
    );
    const put = (key: string, value: string) =>
      pglite.query(`INSERT INTO ${schema}.meta (key, value) VALUES ($1, $2)`, [key, value]);
    await put(`task:${VIEW.id}`, canonicalJson(VIEW));
    await put('tasks:index', canonicalJson({ [VIEW.id]: 'PLANNED' }));
    await put('tasks:day:20260128', '7');
    await put('ops:config', canonicalJson({ due_soon_hours: 36 }));
    await first.close();

    const upgraded = await createPostgresStore({ pglite, schema });
    try {
      await expectMigratedTaskView(upgraded, VIEW, { checkDueBy: '2026-01-28T00:00:00.000Z' });
    } finally {
      await upgraded.close();
    }
  });
});
