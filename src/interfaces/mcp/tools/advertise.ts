import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpTool } from './define-tool.js';

type JsonSchema = { [key: string]: unknown };

/**
 * Keywords a model does not need to choose its arguments: the server enforces them and its error
 * names the rule. Dropping them keeps `tools/list` small (issue #12: ≤ 12 KB for every tool).
 */
const ENFORCED_ONLY = new Set([
  '$schema',
  'default',
  'additionalProperties',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'format',
  'minItems',
  'maxItems',
]);

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON Schema without the keywords in `ENFORCED_ONLY`, at every depth, and in its shortest
 * equivalent form: an `enum` without its `type`, a union of bare types as one `type` list.
 */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (!isRecord(schema)) return schema;
  const union = Array.isArray(schema['anyOf']) ? schema['anyOf'].map(compact) : null;
  if (union?.every((s) => isRecord(s) && Object.keys(s).join() === 'type')) {
    const { anyOf: _anyOf, ...rest } = schema;
    return compact({ ...rest, type: union.flatMap(typesOf) });
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ENFORCED_ONLY.has(key)) continue;
    if (key === 'type' && Array.isArray(schema['enum'])) continue;
    out[key] =
      key === 'properties' && isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]))
        : compact(value);
  }
  return out;
}

/** The JSON types a schema admits, without their inner structure. */
function typesOf(schema: unknown): string[] {
  if (!isRecord(schema)) return [];
  if (typeof schema['type'] === 'string') return [schema['type']];
  if (Array.isArray(schema['type'])) return schema['type'].filter((t) => typeof t === 'string');
  const union = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(union)) return [...new Set(union.flatMap(typesOf))];
  if ('const' in schema) return [typeof schema['const']];
  return [];
}

/** Sub-schemas this long or longer are defined once when a tool's input repeats them. */
const SHARE_FROM = 80;

/**
 * Defines a sub-schema that occurs twice in one input schema once, under `definitions`, and
 * refers to it (`record_observation`'s `source` and `corroborators[]`).
 */
function shareRepeats(schema: JsonSchema): JsonSchema {
  const seen = new Map<string, number>();
  const count = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(count);
    if (!isRecord(node)) return;
    const text = JSON.stringify(node);
    if (text.length >= SHARE_FROM) seen.set(text, (seen.get(text) ?? 0) + 1);
    Object.values(node).forEach(count);
  };
  count(schema['properties']);
  const repeated: string[] = [];
  // Longest first, skipping the parts of one already shared.
  for (const [text] of [...seen]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[0].length - a[0].length)) {
    if (!repeated.some((outer) => outer.includes(text))) repeated.push(text);
  }
  if (repeated.length === 0) return schema;
  const names = new Map(repeated.map((text, index) => [text, `d${index}`]));
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (!isRecord(node)) return node;
    const name = names.get(JSON.stringify(node));
    if (name !== undefined) return { $ref: `#/definitions/${name}` };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
  };
  return {
    ...schema,
    properties: replace(schema['properties']),
    definitions: Object.fromEntries(repeated.map((text) => [names.get(text), JSON.parse(text)])),
  };
}

/**
 * The advertised input schema: every property and what is required, no enforcement detail. The
 * default entity is said once, in the server's instructions, rather than on every tool.
 */
export function advertisedInput(shape: z.ZodRawShape): Tool['inputSchema'] {
  const full = z.toJSONSchema(z.object(shape), { io: 'input', target: 'draft-07' });
  const schema = compact(full) as JsonSchema & { properties?: Record<string, JsonSchema> };
  const entity = schema.properties?.['entity_id'];
  if (entity !== undefined) delete entity['default'];
  return shareRepeats(schema) as Tool['inputSchema'];
}

/**
 * MCP annotations derived from the tool's scope and flags, each hint only where it differs from
 * the spec's default (readOnlyHint false, destructiveHint true, idempotentHint false,
 * openWorldHint true): nothing reaches the outside world, and no tool is destructive unless it
 * says so.
 */
export function annotationsOf(tool: McpTool): NonNullable<Tool['annotations']> {
  if (tool.scope === 'read') {
    // destructiveHint and idempotentHint are meaningful only for tools that are not read-only
    // (MCP spec), so a read-only tool says just that.
    return { readOnlyHint: true, openWorldHint: false };
  }
  return {
    ...(tool.destructive === true ? {} : { destructiveHint: false }),
    ...(tool.idempotent === true ? { idempotentHint: true } : {}),
    openWorldHint: false,
  };
}

/**
 * A tool as `tools/list` shows it: name, description, input schema and annotations. No output
 * schema: a model reads the answer itself (and its text block), while the full output shape still
 * validates every call's structured content on the server; listing the shapes cost 36 KB of the
 * 72 KB `tools/list` once had, and even a bare `{"type":"object"}` per tool costs 0.8 KB. No title
 * either: hosts fall back to the name, and the README's tool table carries the titles.
 */
export function advertise(tool: McpTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: advertisedInput(tool.input),
    annotations: annotationsOf(tool),
  };
}
