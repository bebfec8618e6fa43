import { RowTasks, type TaskConditions } from '../index.js';
import type { TaskQuery } from '../store.js';
import type { SqlNames } from './postgres-sql.js';
import { type PostgresGuard, postgresRunner } from './postgres-vault.js';

/** The WHERE clause and parameters of a `TaskQuery` (PostgreSQL placeholders). */
function where(query: TaskQuery): TaskConditions {
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
export class PostgresTasks extends RowTasks {
  constructor(names: SqlNames, guard: PostgresGuard) {
    super(postgresRunner(names, guard));
  }

  protected override where(query: TaskQuery): TaskConditions {
    return where(query);
  }
}
