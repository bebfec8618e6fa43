import { describe, expect, it } from 'vitest';
import { postgresSql, ROWS, SQLITE_SQL } from './sql-rows.js';

const flat = (sql: string) => sql.replace(/\s+/g, ' ');

describe('RowSql.upsert', () => {
  it.each([
    [
      'SQLite, update on conflict',
      SQLITE_SQL.upsert(ROWS.slots),
      'INSERT INTO slots (entity_id, field, domain, version, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT (entity_id, field) DO UPDATE SET domain = excluded.domain, version = excluded.version, doc = excluded.doc',
    ],
    [
      'PostgreSQL, update on conflict',
      postgresSql('"verity"').upsert(ROWS.meta),
      'INSERT INTO "verity".meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ],
    [
      'PostgreSQL, keep on conflict',
      postgresSql('"v"').upsert(ROWS.revisions),
      'INSERT INTO "v".memory_revisions (memory_id, revision, doc) VALUES ($1, $2, $3) ON CONFLICT (memory_id, revision) DO NOTHING',
    ],
  ])('renders %s', (_name, sql, expected) => {
    expect(flat(sql)).toBe(expected);
  });

  it('keeps a stored vault vector and writes a new one as bytes', () => {
    expect(flat(SQLITE_SQL.upsert(ROWS.vaultVectors))).toBe(
      'INSERT INTO vault_vectors (model, vector_key, vector) VALUES (?, ?, ?) ON CONFLICT (model, vector_key) DO NOTHING',
    );
    const [model, key, bytes] = ROWS.vaultVectors.values({
      model: 'm',
      key: 'k',
      vector: new Float32Array([1, 2]),
    });
    expect([model, key]).toEqual(['m', 'k']);
    expect(new Float32Array(new Uint8Array(bytes as Buffer).buffer)).toEqual(
      new Float32Array([1, 2]),
    );
  });

  it('gives one value per column, in column order', () => {
    expect(ROWS.meta.values({ key: 'k', value: { a: 1 } })).toEqual(['k', '{"a":1}']);
    expect(ROWS.meta.columns).toHaveLength(2);
  });
});

describe('doc reads', () => {
  it('reads a doc by its full key, one parameter per key column', () => {
    expect(postgresSql('"v"').docByKey(ROWS.revisions)).toBe(
      'SELECT doc FROM "v".memory_revisions WHERE memory_id = $1 AND revision = $2',
    );
    expect(SQLITE_SQL.docByKey(ROWS.notes)).toBe('SELECT doc FROM notes WHERE path = ?');
  });

  it('lists docs in key order', () => {
    expect(SQLITE_SQL.docsInKeyOrder(ROWS.revisions)).toBe(
      'SELECT doc FROM memory_revisions ORDER BY memory_id, revision',
    );
  });
});

describe('RowSql.deleteWhere', () => {
  it('deletes by one column with the dialect placeholder and table name', () => {
    expect(SQLITE_SQL.deleteWhere('note_chunks', 'path')).toBe(
      'DELETE FROM note_chunks WHERE path = ?',
    );
    expect(postgresSql('"v"').deleteWhere('memories', 'memory_id')).toBe(
      'DELETE FROM "v".memories WHERE memory_id = $1',
    );
  });
});

describe('RowSql lists', () => {
  it('reads a SQLite list parameter as a JSON array, at any position', () => {
    expect(SQLITE_SQL.inList('path', 2)).toBe('path IN (SELECT value FROM json_each(?))');
    expect(SQLITE_SQL.list(['a.md', 'b"c.md'])).toBe('["a.md","b\\"c.md"]');
  });

  it('reads a PostgreSQL list parameter as text[] at its position, a copy of the list', () => {
    const paths = ['a.md'];
    expect(postgresSql('"v"').inList('path', 2)).toBe('path = ANY($2::text[])');
    const bound = postgresSql('"v"').list(paths);
    expect(bound).toEqual(['a.md']);
    expect(bound).not.toBe(paths);
  });
});

describe('RowSql.upsertOf and deleteAll', () => {
  it('pairs the upsert with the record values in column order', () => {
    expect(SQLITE_SQL.upsertOf(ROWS.meta, { key: 'k', value: 1 })).toEqual({
      sql: SQLITE_SQL.upsert(ROWS.meta),
      params: ['k', '1'],
    });
  });

  it('clears a whole table, qualified on PostgreSQL', () => {
    expect(postgresSql('"v"').deleteAll('memories')).toBe('DELETE FROM "v".memories');
    expect(SQLITE_SQL.deleteAll('memories')).toBe('DELETE FROM memories');
  });
});

describe('ROWS.tasks', () => {
  it('upserts a task view by id, replacing every column but the key', () => {
    expect(flat(postgresSql('"v"').upsert(ROWS.tasks))).toBe(
      'INSERT INTO "v".tasks (task_id, entity_id, state, priority, next_check, due, doc) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (task_id) DO UPDATE SET entity_id = excluded.entity_id, state = excluded.state, priority = excluded.priority, next_check = excluded.next_check, due = excluded.due, doc = excluded.doc',
    );
    expect(SQLITE_SQL.docByKey(ROWS.tasks)).toBe('SELECT doc FROM tasks WHERE task_id = ?');
  });
});
