import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '../../core/index.js';
import { EngineError } from '../../core/index.js';

/** Whose fault a failed tool call is, and what the calling model should do about it. */
interface ToolErrorKind {
  readonly fault: 'caller' | 'internal';
  readonly hint: string;
}

/**
 * The MCP interface's one mapping from engine error code to tool error. Caller faults tell the
 * model how to fix its call; internal failures never pose as the caller's fault.
 */
export const TOOL_ERRORS: Readonly<Record<ErrorCode, ToolErrorKind>> = {
  VALIDATION_FAILED: { fault: 'caller', hint: 'Fix the arguments and call again.' },
  NOT_FOUND: { fault: 'caller', hint: 'Check the id and the entity_id; list them first.' },
  CONFLICT: { fault: 'caller', hint: 'The state moved on; read it again before retrying.' },
  STORE_FAILED: { fault: 'internal', hint: 'Verity could not read or write its store.' },
  PROVIDER_FAILED: { fault: 'internal', hint: 'A model provider Verity depends on failed.' },
  CONFIG_INVALID: { fault: 'internal', hint: 'Verity is misconfigured.' },
};

/** A tool result with `isError` and one text block. */
export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Converts anything a tool handler threw into an `isError` result. Errors that are not
 * `EngineError`s are bugs: their text stays on the server (`report`), the model sees a generic one.
 */
export function toToolError(
  error: unknown,
  tool: string,
  report: (error: unknown, tool: string) => void,
): CallToolResult {
  if (error instanceof EngineError) {
    const kind = TOOL_ERRORS[error.code];
    if (kind.fault === 'internal') report(error, tool);
    const prefix = kind.fault === 'caller' ? error.code : `Internal error (${error.code})`;
    return toolError(`${prefix}: ${error.message} ${kind.hint}`);
  }
  report(error, tool);
  return toolError(`Internal error: ${tool} failed unexpectedly; the server log has the details.`);
}
