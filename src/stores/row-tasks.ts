/**
 * The `tasks` table over SQL, written once for both adapters: the row (`ROWS.tasks`), reads by id
 * and in id order, the day's last task number and the clear. An adapter supplies how a statement
 * runs under its guard (a `RowRunner`) and how a `TaskQuery` becomes conditions, which differ by
 * dialect (lists, JSON fields, casts). May import: core and the contract files.
 */
import type { Task } from '../core/index.js';
import { OverRows, ROWS } from './sql-rows.js';
import type { TaskQuery, TaskWriter } from './tasks.js';

/** A `TaskQuery` as a WHERE clause (empty for none) and its parameters, numbered from 1. */
export interface TaskConditions {
  readonly sql: string;
  readonly params: unknown[];
}

/** `TaskWriter` over an adapter's `RowRunner`; the adapter says how a query filters. */
export abstract class RowTasks extends OverRows implements TaskWriter {
  /** The conditions of `query`, in the adapter's dialect. */
  protected abstract where(query: TaskQuery): TaskConditions;

  async getTask(taskId: string): Promise<Task | null> {
    const [task] = await this.docs<Task>('getTask', this.sql.docByKey(ROWS.tasks), [taskId]);
    return task ?? null;
  }

  listTasks(query: TaskQuery = {}): Promise<readonly Task[]> {
    const { sql, params } = this.where(query);
    let limit = '';
    if (query.limit !== undefined) {
      params.push(Math.max(0, Math.floor(query.limit)));
      limit = ` LIMIT ${this.sql.param(params.length)}`;
    }
    const table = this.sql.table('tasks');
    return this.docs<Task>(
      'listTasks',
      `SELECT doc FROM ${table} ${sql} ORDER BY task_id${limit}`,
      params,
    );
  }

  async lastTaskNumber(yyyymmdd: string): Promise<number> {
    const [row] = await this.run.select<{ readonly last: number | string | null }>(
      'lastTaskNumber',
      `SELECT max(CAST(substr(task_id, 15) AS INTEGER)) AS last FROM ${this.sql.table('tasks')}
       WHERE task_id >= ${this.sql.param(1)} AND task_id < ${this.sql.param(2)}`,
      [`TASK-${yyyymmdd}-`, `TASK-${yyyymmdd}.`],
    );
    return Number(row?.last ?? 0);
  }

  exportTasks(): Promise<readonly Task[]> {
    return this.docs<Task>('exportTasks', this.sql.docsInKeyOrder(ROWS.tasks));
  }

  putTask(task: Task): Promise<void> {
    return this.run.exec('putTask', [this.sql.upsertOf(ROWS.tasks, task)]);
  }

  /** Deletes every task row (for `dangerouslyClearDerived`). */
  clearDerived(): Promise<void> {
    return this.run.exec('clearDerived', [{ sql: this.sql.deleteAll('tasks'), params: [] }]);
  }
}
