/**
 * Verity's Model Context Protocol server (v1 SDK): the snake_case tools of `MCP_TOOLS` (one file
 * each under `tools/`) over the engine, served on stdio (`verity mcp`) or mounted on Streamable
 * HTTP by `interfaces/http`.
 * May import: engine, core types (and `config` only in the `stdio-main.ts` entry).
 */
/** The one table of what each scope may do, which HTTP routes read too. */
export { ACCESS, type Access, access, type Operation, type Reach } from './access.js';
export type { CreateMcpServerOptions } from './create-mcp-server.js';
export { createMcpServer } from './create-mcp-server.js';
export type { ServeMcpStdioOptions } from './serve-mcp-stdio.js';
export { runMcpStdio, serveMcpStdio } from './serve-mcp-stdio.js';
/** A session capture's wire fields and their mapping to the engine, which HTTP takes too. */
export { captureInput, toCaptureRequest } from './tools/capture-session.js';
export type { McpTool, ToolScope } from './tools/define-tool.js';
export { hardRulesView } from './tools/get-context.js';
export { MCP_TOOLS } from './tools/index.js';
/** The task fields' wire schemas, which HTTP validates and documents task bodies with too. */
export { taskFields, taskText, taskTitle } from './tools/task-views.js';
/** The wire schemas of engine views that HTTP documents too (one description per view). */
export {
  fieldView,
  forgetView,
  historyView,
  promptView,
  toHistoryView,
} from './tools/views.js';
