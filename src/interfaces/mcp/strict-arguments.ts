import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type RegisterTool = McpServer['registerTool'];

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** A tool's input schema with unknown keys refused: raw shapes and plain objects become strict. */
function strictInput(schema: unknown): unknown {
  if (schema === undefined) return undefined;
  if (schema instanceof z.ZodObject) return schema.strict();
  if (isZodSchema(schema)) return schema;
  return z.strictObject(schema as z.ZodRawShape);
}

/**
 * Makes every tool registered on `server` from now on refuse arguments its schema does not name
 * (the SDK's default strips them silently), so a misspelt `entityId` fails with "Unrecognized
 * key" instead of reading the default entity. Tools without an input schema are left alone.
 */
export function refuseUnknownArguments(server: McpServer): void {
  const register = server.registerTool.bind(server) as (...args: unknown[]) => unknown;
  const strict = (name: unknown, config: { inputSchema?: unknown }, callback: unknown) =>
    register(
      name,
      config.inputSchema === undefined
        ? config
        : { ...config, inputSchema: strictInput(config.inputSchema) },
      callback,
    );
  server.registerTool = strict as unknown as RegisterTool;
}
