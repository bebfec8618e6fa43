import type { Task } from '../../core/index.js';
import { type DocRow, parseDocs, taskRowValues } from '../index.js';
import type { TaskQuery, TaskWriter } from '../store.js';
import type { SqlNames } from './postgres-sql.js';
import type { PostgresGuard } from './postgres-vault.js';

/** The WHERE clause and parameters of a `TaskQuery` (PostgreSQL placeholders). */
function where(query: TaskQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (query.states !== undefined) add((n) => `state = ANY(${n}::text[])`, [...query.states]);
  if (query.entityId !== undefined) add((n) => `entity_id = ${n}`, query.entityId);
  if (query.priorities !== undefined) {
    add((n) => `priority = ANY(${n}::text[])`, [...query.priorities]);
  }
  if (query.checkDueBy !== undefined) {
    add((n) => `(next_check IS NULL OR next_check <= ${n})`, query.checkDueBy);
  }
  if (query.dueBy !== undefined) add((n) => `due <= ${n}`, query.dueBy);
  if (query.dueAfter !== undefined) add((n) => `due > ${n}`, query.dueAfter);
  // The filters below read the view's own fields (compared bytewise, like the "C" columns): no
  // column of theirs is indexed, so they narrow what an indexed filter above found.
  const field = (name: string) => `(doc::json->>'${name}')`;
  if (query.deadlineMissed !== undefined) {
    add((n) => `${field('deadline_missed')} = ${n}`, String(query.deadlineMissed));
  }
  if (query.progressBefore !== undefined) {
    add((n) => `${field('last_progress_at')} COLLATE "C" < ${n}`, query.progressBefore);
  }
  if (query.escalationBelow !== undefined) {
    add((n) => `${field('escalation_level')}::integer < ${n}`, query.escalationBelow);
  }
  if (query.escalationAtLeast !== undefined) {
    add((n) => `${field('escalation_level')}::integer >= ${n}`, query.escalationAtLeast);
  }
  if (query.untriaged === true) clauses.push('priority IS NULL');
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params };
}

/** The `tasks` table of one schema, through whichever session the guard hands out. */
export class PostgresTasks implements TaskWriter {
  readonly #s: string;
  readonly #guard: PostgresGuard;

  constructor(names: SqlNames, guard: PostgresGuard) {
    this.#s = names.s;
    this.#guard = guard;
  }

  #docs(operation: string, sql: string, params: readonly unknown[] = []): Promise<Task[]> {
    return this.#guard(operation, async (session) =>
      parseDocs<Task>(await session.query<DocRow>(sql, params)),
    );
  }

  async getTask(taskId: string): Promise<Task | null> {
    const [task] = await this.#docs(
      'getTask',
      `SELECT doc FROM ${this.#s}.tasks WHERE task_id = $1`,
      [taskId],
    );
    return task ?? null;
  }

  listTasks(query: TaskQuery = {}): Promise<readonly Task[]> {
    const { sql, params } = where(query);
    let limit = '';
    if (query.limit !== undefined) {
      params.push(Math.max(0, Math.floor(query.limit)));
      limit = ` LIMIT $${params.length}`;
    }
    return this.#docs(
      'listTasks',
      `SELECT doc FROM ${this.#s}.tasks ${sql} ORDER BY task_id${limit}`,
      params,
    );
  }

  lastTaskNumber(yyyymmdd: string): Promise<number> {
    return this.#guard('lastTaskNumber', async (session) => {
      const [row] = await session.query<{ readonly last: number | string | null }>(
        `SELECT max(substr(task_id, 15)::integer) AS last FROM ${this.#s}.tasks
         WHERE task_id >= $1 AND task_id < $2`,
        [`TASK-${yyyymmdd}-`, `TASK-${yyyymmdd}.`],
      );
      return Number(row?.last ?? 0);
    });
  }

  exportTasks(): Promise<readonly Task[]> {
    return this.#docs('exportTasks', `SELECT doc FROM ${this.#s}.tasks ORDER BY task_id`);
  }

  putTask(task: Task): Promise<void> {
    return this.#guard('putTask', async (session) => {
      await session.query(
        `INSERT INTO ${this.#s}.tasks (task_id, entity_id, state, priority, next_check, due, doc)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (task_id) DO UPDATE SET entity_id = EXCLUDED.entity_id,
           state = EXCLUDED.state, priority = EXCLUDED.priority,
           next_check = EXCLUDED.next_check, due = EXCLUDED.due, doc = EXCLUDED.doc`,
        taskRowValues(task),
      );
    });
  }

  /** Deletes every task row (for `dangerouslyClearDerived`). */
  clearDerived(): Promise<void> {
    return this.#guard('clearDerived', async (session) => {
      await session.query(`DELETE FROM ${this.#s}.tasks`);
    });
  }
}
