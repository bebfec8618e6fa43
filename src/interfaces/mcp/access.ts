import type { ToolScope } from './tools/define-tool.js';

/**
 * How far an operation reaches: one entity's data (checked against a token's entity allow-list),
 * or the workspace's, which no entity owns (MEMORY.md and its proposals, the ledger's totals and
 * health, whole-workspace jobs). Tokens limited to some entities are refused the latter.
 */
export type Reach = 'entity' | 'workspace';

/** What a token needs for one kind of operation. */
export interface Access {
  readonly scope: ToolScope;
  readonly reach: Reach;
}

/**
 * The one table of what each scope may do, read by the HTTP routes and the MCP tools alike (the
 * README's token section prints it): a route and a tool doing the same thing name the same row,
 * so they cannot ask for different scopes. Answering a question (a review prompt, a conflict, a
 * MEMORY.md proposal, retiring a MEMORY.md entry) is `review`; recording is `write`.
 */
export const ACCESS = {
  /** State, history, items, reviews, tasks, memories, context and search of one entity. */
  entity_read: { scope: 'read', reach: 'entity' },
  /** Messages, observations, sessions, tasks and memories recorded for one entity. */
  entity_write: { scope: 'write', reach: 'entity' },
  /** Answering one entity's review prompt, state-item conflict or task review. */
  entity_answer: { scope: 'review', reach: 'entity' },
  /** MEMORY.md, its proposals, and answers drawn from them (`ask`). */
  memory_file_read: { scope: 'read', reach: 'workspace' },
  /** Approving, rejecting or editing a MEMORY.md proposal; retiring a MEMORY.md entry. */
  memory_file_decide: { scope: 'review', reach: 'workspace' },
  /** Totals and health over every entity (`/api/stats`, `/api/health`). */
  workspace_status: { scope: 'read', reach: 'workspace' },
  /** Jobs over every entity: observer runs, reflection, rebuilds, the dead-letter queue. */
  workspace_run: { scope: 'write', reach: 'workspace' },
} as const satisfies Record<string, Access>;

/** A row of `ACCESS`. */
export type Operation = keyof typeof ACCESS;

/** What a route spec or tool definition of `operation` declares: its scope, and `allEntities`. */
export function access(operation: Operation): {
  readonly scope: ToolScope;
  readonly allEntities?: true;
} {
  const row: Access = ACCESS[operation];
  return row.reach === 'workspace' ? { scope: row.scope, allEntities: true } : { scope: row.scope };
}
