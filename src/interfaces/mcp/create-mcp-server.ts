import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_ENTITY } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { refuseUnknownArguments } from './strict-arguments.js';
import { toToolError } from './tool-errors.js';
import { advertise, annotationsOf } from './tools/advertise.js';
import { MCP_TOOLS } from './tools/index.js';

/** Options of `createMcpServer`. */
export interface CreateMcpServerOptions {
  /**
   * Receives internal failures (store errors, bugs) with the tool's name, for logging. The model
   * only sees a short summary. Defaults to ignoring them.
   */
  readonly onError?: (error: unknown, tool: string) => void;
}

/** The name hosts show as the tool prefix (`mcp__verity__get_state`): keep it short. */
const SERVER_NAME = 'verity';
/** Kept in step with package.json by hand; the SDK only shows it to hosts. */
const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Verity keeps the one trustworthy answer to "what is true now?" for the people and teams you serve.',
  'Call get_state before answering anything about their current status, plans or preferences,',
  'and record_observation whenever they state a fact that may change it.',
  'Send each conversation turn to record_messages so Verity can extract state from it and recall it later.',
  'Values Verity is unsure about wait for the user in a review queue (list_pending_reviews, resolve_review).',
  'To recall what was said or decided in earlier conversations, call search_memory.',
  'For the decisions, constraints, actions, questions and risks still open in a conversation, call list_state_items; expand_state_item shows the messages behind one.',
  'For a compact briefing on where things stand at the start of a turn, call get_context.',
  `Every tool takes entity_id, whose state it is: "user:<slug>", "family:<slug>" or "team:<slug>" (default "${DEFAULT_ENTITY}").`,
  'Times are RFC 3339 (2026-02-19T15:00:00Z).',
].join(' ');

const ignoreError = (): void => {};

let advertised: Tool[] | null = null;

/**
 * Builds Verity's MCP server (v1 SDK) over `engine` from `MCP_TOOLS`: snake_case tools, each
 * scoped by an `entity_id`, with output schemas and `structuredContent`. `tools/list` shows each
 * tool in compact form (see `tools/advertise.ts`); calls are validated against the full schemas.
 * Engine state lives in the engine, so a server per connection (or per stateless HTTP request)
 * is cheap.
 */
export function createMcpServer(engine: Engine, options: CreateMcpServerOptions = {}): McpServer {
  const report = options.onError ?? ignoreError;
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );
  refuseUnknownArguments(server);
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: annotationsOf(tool),
      },
      async (args) => {
        try {
          return await tool.handler(args, engine);
        } catch (error: unknown) {
          return toToolError(error, tool.name, report);
        }
      },
    );
  }
  // The SDK lists each schema in full, with every validation keyword (72 KB for 27 tools): the
  // listing is replaced by the compact one, computed once per process as the tools are static.
  advertised ??= MCP_TOOLS.map(advertise);
  const tools = advertised;
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  return server;
}
