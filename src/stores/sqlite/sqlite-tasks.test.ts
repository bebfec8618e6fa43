import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/index.js';
import { createSqliteStore } from './index.js';

const VIEW = {
  id: 'TASK-20260128-007',
  entity_id: 'user:primary',
  state: 'PLANNED',
  priority: 'P1',
  due: '2026-01-30T17:00:00.000Z',
  next_check: '2026-01-28T12:00:00.000Z',
  title: 'Draft the pricing page',
};

describe('SQLite migration 5 (task views in a table)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'verity-sqlite-tasks-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('moves task views kept in meta rows by version 4 into the table, and drops those rows', async () => {
    const path = join(dir, 'verity.db');
    const first = await createSqliteStore({ path });
    // Back to version 4's shape: no table, the views in meta rows.
    first.client.exec(`DROP TABLE tasks; DELETE FROM schema_migrations WHERE version = 5;`);
    const put = first.client.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    put.run(`task:${VIEW.id}`, canonicalJson(VIEW));
    put.run('tasks:index', canonicalJson({ [VIEW.id]: 'PLANNED' }));
    put.run('tasks:day:20260128', '7');
    put.run('ops:config', canonicalJson({ due_soon_hours: 36 }));
    await first.close();

    const upgraded = await createSqliteStore({ path });
    try {
      expect(await upgraded.tasks.getTask(VIEW.id)).toEqual(VIEW);
      expect(await upgraded.tasks.listTasks({ states: ['PLANNED'], priorities: ['P1'] })).toEqual([
        VIEW,
      ]);
      expect(await upgraded.tasks.lastTaskNumber('20260128')).toBe(7);
      expect((await upgraded.exportDerived()).meta).toEqual([
        { key: 'ops:config', value: { due_soon_hours: 36 } },
      ]);
    } finally {
      await upgraded.close();
    }
  });
});
