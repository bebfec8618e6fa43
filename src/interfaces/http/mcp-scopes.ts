import { z } from 'zod';
import type { Engine } from '../../engine/index.js';
import { MCP_TOOLS, type McpTool } from '../mcp/index.js';
import type { Principal, Scope } from './auth.js';
import { entityIdsIn, forbiddenEntity, isRestricted } from './auth.js';

/** Each tool's own definition says the scope it needs and how its entities are found. */
const TOOLS: ReadonlyMap<string, McpTool> = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

/** An unknown tool needs `write` (fail closed). */
function scopeOf(tool: McpTool | undefined): Scope {
  return tool?.scope ?? 'write';
}

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
    const name = typeof message.params?.name === 'string' ? message.params.name : '';
    const tool = TOOLS.get(name);
    const scope = scopeOf(tool);
    if (!principal.scopes.has(scope)) {
      return rpcError(
        message.id,
        `token "${principal.name}" lacks the ${scope} scope needed by ${name}`,
      );
    }
    if (!isRestricted(principal)) continue;
    if (tool?.allEntities === true) {
      return rpcError(
        message.id,
        `token "${principal.name}" is limited to some entities; ${name} acts on the whole workspace`,
      );
    }
    const args = message.params?.arguments ?? {};
    const named = entityIdsIn(args);
    if (tool?.targetEntities !== undefined && typeof args === 'object' && args !== null) {
      for (const entity of await tool.targetEntities(args as Record<string, unknown>, engine)) {
        named.add(entity);
      }
    }
    if (tool?.restrictedNeedsEntity === true && named.size === 0) {
      return rpcError(
        message.id,
        `token "${principal.name}" is limited to some entities: pass entity_id`,
      );
    }
    // Then the entities the call resolves to once its defaults apply (`entity_id` defaults to
    // user:primary): an argument left out must not skip the allow-list. Arguments the tool's
    // schema refuses are answered by the SDK with an error, before the tool runs.
    const parsed = tool === undefined ? null : z.object(tool.input).safeParse(args);
    if (parsed?.success === true) entityIdsIn(parsed.data, named);
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
