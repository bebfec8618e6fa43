import type { Engine } from '../../engine/index.js';
import type { Principal, Scope } from './auth.js';
import { entityIdsIn, forbiddenEntity, isRestricted } from './auth.js';

/** Scope each MCP tool needs; a tool missing here needs `write` (fail closed). */
const TOOL_SCOPES: Readonly<Record<string, Scope>> = {
  get_state: 'read',
  explain_state: 'read',
  list_pending_reviews: 'read',
  get_context: 'read',
  search_memory: 'read',
  list_state_items: 'read',
  expand_state_item: 'read',
  list_tasks: 'read',
  get_task_metrics: 'read',
  list_proposals: 'read',
  list_prediction_errors: 'read',
  ask_memory: 'read',
  record_observation: 'write',
  resolve_review: 'review',
  resolve_task_review: 'review',
  resolve_proposal: 'review',
};

/** Tools a token with an entity allow-list must call with an entity argument. */
const NEEDS_ENTITY: ReadonlySet<string> = new Set(['get_context']);

interface RpcMessage {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly name?: unknown; readonly arguments?: unknown };
}

function rpcError(id: unknown, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id: id ?? null, error: { code: -32003, message } };
}

/**
 * Checks an MCP JSON-RPC request against the principal before it reaches the server: each
 * `tools/call` needs its tool's scope, and every entity its arguments name (or, for
 * `resolve_review`, the prompt's entity) must be on the allow-list. Returns the JSON-RPC error
 * body to answer with, or null to let the request through.
 */
export async function checkMcpRequest(
  engine: Engine,
  principal: Principal,
  body: unknown,
): Promise<Record<string, unknown> | null> {
  const messages = (Array.isArray(body) ? body : [body]) as RpcMessage[];
  for (const message of messages) {
    if (message === null || typeof message !== 'object' || message.method !== 'tools/call')
      continue;
    const tool = typeof message.params?.name === 'string' ? message.params.name : '';
    const scope = TOOL_SCOPES[tool] ?? 'write';
    if (!principal.scopes.has(scope)) {
      return rpcError(
        message.id,
        `token "${principal.name}" lacks the ${scope} scope needed by ${tool}`,
      );
    }
    if (!isRestricted(principal)) continue;
    const args = message.params?.arguments ?? {};
    const named = entityIdsIn(args);
    if (tool === 'resolve_review') {
      const promptId = (args as { prompt_id?: unknown }).prompt_id;
      const prompts = await engine.listReviews({
        status: ['queued', 'open', 'confirmed', 'rejected', 'edited', 'expired', 'superseded'],
      });
      const prompt = prompts.find((p) => p.prompt_id === promptId);
      if (prompt !== undefined) named.add(prompt.entity_id);
    }
    if (NEEDS_ENTITY.has(tool) && named.size === 0) {
      return rpcError(
        message.id,
        `token "${principal.name}" is limited to some entities: pass entity_id`,
      );
    }
    const denied = forbiddenEntity(principal, named);
    if (denied !== null) {
      return rpcError(message.id, `token "${principal.name}" may not access ${denied}`);
    }
  }
  return null;
}

/**
 * Fails a JSON-RPC answer closed when it names an entity outside the allow-list (a list tool called
 * without an entity filter): the result is replaced by an error rather than leaked.
 */
export function checkMcpResponse(
  principal: Principal,
  body: unknown,
): Record<string, unknown> | null {
  if (!isRestricted(principal)) return null;
  const messages = (Array.isArray(body) ? body : [body]) as { id?: unknown; result?: unknown }[];
  for (const message of messages) {
    const leaked = forbiddenEntity(principal, entityIdsIn(message?.result));
    if (leaked !== null) {
      return rpcError(
        message.id,
        `the answer names ${leaked}, outside token "${principal.name}"'s entities: filter by entity_id`,
      );
    }
  }
  return null;
}
