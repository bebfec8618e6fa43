import type Database from 'better-sqlite3';
import type { Task } from '../../core/index.js';
import { ROWS, RowTasks, SQLITE_SQL, type TaskConditions } from '../index.js';
import type { TaskQuery } from '../store.js';
import { type SqliteGuard, SqliteRunner } from './sqlite-vault.js';

/** The WHERE clause and parameters of a `TaskQuery` (SQLite placeholders). */
function where(query: TaskQuery): TaskConditions {
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
export class SqliteTasks extends RowTasks {
  readonly #now: SqliteRunner;

  constructor(db: Database.Database, guard: SqliteGuard) {
    const runner = new SqliteRunner(db, guard);
    super(runner);
    this.#now = runner;
  }

  protected override where(query: TaskQuery): TaskConditions {
    return where(query);
  }

  /** Every task, synchronously (for the store's `exportDerived`). */
  snapshotNow(): Task[] {
    return this.#now.docsNow<Task>(SQLITE_SQL.docsInKeyOrder(ROWS.tasks));
  }

  /** Deletes every task row, synchronously (for the store's `dangerouslyClearDerived`). */
  clearDerivedNow(): void {
    this.#now.execNow([{ sql: SQLITE_SQL.deleteAll('tasks'), params: [] }]);
  }
}
