import type Database from 'better-sqlite3';
import type { Task } from '../../core/index.js';
import { type DocRow, parseDocs, taskRowValues } from '../index.js';
import type { TaskQuery, TaskWriter } from '../store.js';
import type { SqliteGuard } from './sqlite-vault.js';

/** The WHERE clause and parameters of a `TaskQuery` (SQLite placeholders). */
function where(query: TaskQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    params.push(value);
  };
  const list = (values: readonly string[] | undefined) =>
    values === undefined ? undefined : JSON.stringify(values);
  // Indexed columns first, then the view's own fields: no column of theirs is indexed, so they
  // narrow what the indexed filters found before any row leaves SQLite.
  const filters: readonly (readonly [string, unknown])[] = [
    ['state IN (SELECT value FROM json_each(?))', list(query.states)],
    ['entity_id = ?', query.entityId],
    ['priority IN (SELECT value FROM json_each(?))', list(query.priorities)],
    ['(next_check IS NULL OR next_check <= ?)', query.checkDueBy],
    ['due <= ?', query.dueBy],
    ['due > ?', query.dueAfter],
    [
      "json_extract(doc, '$.deadline_missed') = ?",
      query.deadlineMissed === undefined ? undefined : Number(query.deadlineMissed),
    ],
    ["json_extract(doc, '$.last_progress_at') < ?", query.progressBefore],
    ["json_extract(doc, '$.escalation_level') < ?", query.escalationBelow],
    ["json_extract(doc, '$.escalation_level') >= ?", query.escalationAtLeast],
  ];
  for (const [clause, value] of filters) if (value !== undefined) add(clause, value);
  if (query.untriaged === true) clauses.push('priority IS NULL');
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params };
}

/**
 * The `tasks` table on one SQLite connection: the store's (reader connection, reads only) or a
 * write transaction's (writer connection); the guard decides when it may run.
 */
export class SqliteTasks implements TaskWriter {
  readonly #db: Database.Database;
  readonly #guard: SqliteGuard;
  /** Prepared statements by SQL text: the fold reads and writes one task per event. */
  readonly #statements = new Map<string, Database.Statement<unknown[]>>();

  constructor(db: Database.Database, guard: SqliteGuard) {
    this.#db = db;
    this.#guard = guard;
  }

  #statement(sql: string): Database.Statement<unknown[]> {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[]>(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #docs(sql: string, ...params: unknown[]): Task[] {
    return parseDocs<Task>(this.#statement(sql).all(...params) as DocRow[]);
  }

  getTask(taskId: string): Promise<Task | null> {
    return this.#guard(
      'getTask',
      () => this.#docs('SELECT doc FROM tasks WHERE task_id = ?', taskId)[0] ?? null,
    );
  }

  listTasks(query: TaskQuery = {}): Promise<readonly Task[]> {
    return this.#guard('listTasks', () => {
      const { sql, params } = where(query);
      const limit = query.limit === undefined ? '' : ' LIMIT ?';
      if (query.limit !== undefined) params.push(Math.max(0, Math.floor(query.limit)));
      return this.#docs(`SELECT doc FROM tasks ${sql} ORDER BY task_id${limit}`, ...params);
    });
  }

  lastTaskNumber(yyyymmdd: string): Promise<number> {
    return this.#guard('lastTaskNumber', () => {
      const row = this.#statement(
        `SELECT max(CAST(substr(task_id, 15) AS INTEGER)) AS last FROM tasks
         WHERE task_id >= ? AND task_id < ?`,
      ).get(`TASK-${yyyymmdd}-`, `TASK-${yyyymmdd}.`) as { last: number | null } | undefined;
      return row?.last ?? 0;
    });
  }

  exportTasks(): Promise<readonly Task[]> {
    return this.#guard('exportTasks', () => this.snapshotNow());
  }

  /** Every task, synchronously (for the store's `exportDerived`). */
  snapshotNow(): Task[] {
    return this.#docs('SELECT doc FROM tasks ORDER BY task_id');
  }

  putTask(task: Task): Promise<void> {
    return this.#guard('putTask', () => {
      this.#statement(
        `INSERT INTO tasks (task_id, entity_id, state, priority, next_check, due, doc)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id) DO UPDATE SET entity_id = excluded.entity_id,
           state = excluded.state, priority = excluded.priority,
           next_check = excluded.next_check, due = excluded.due, doc = excluded.doc`,
      ).run(...taskRowValues(task));
    });
  }

  /** Deletes every task row, synchronously (for the store's `dangerouslyClearDerived`). */
  clearDerivedNow(): void {
    this.#statement('DELETE FROM tasks').run();
  }
}
