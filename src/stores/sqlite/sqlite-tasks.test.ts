import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { canonicalJson } from '../../core/index.js';
import { expectMigratedTaskView, LEGACY_TASK_VIEW } from '../conformance/index.js';
import { createSqliteStore } from './index.js';

const VIEW = LEGACY_TASK_VIEW;

describe('SQLite migration 5 (task views in a table)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'verity-sqlite-tasks-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves task views kept in meta rows by version 4 into the table, and drops those rows', async () => {
    const path = join(dir, 'verity.db');
    const first = await createSqliteStore({ path });
    // Back to version 4's shape: no table, the views in meta rows (and no later migration).
    first.client.exec(
      `DROP TABLE tasks; DROP TRIGGER search_key_text_follows; DROP TABLE search_key_text;
       DROP INDEX messages_by_entity; DROP TABLE deliveries;
       DELETE FROM schema_migrations WHERE version >= 5;`,
    );
    const put = first.client.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    put.run(`task:${VIEW.id}`, canonicalJson(VIEW));
    put.run('tasks:index', canonicalJson({ [VIEW.id]: 'PLANNED' }));
    put.run('tasks:day:20260128', '7');
    put.run('ops:config', canonicalJson({ due_soon_hours: 36 }));
    await first.close();

    const upgraded = await createSqliteStore({ path });
    try {
      await expectMigratedTaskView(upgraded, VIEW, { states: ['PLANNED'], priorities: ['P1'] });
    } finally {
      await upgraded.close();
    }
  });
});
