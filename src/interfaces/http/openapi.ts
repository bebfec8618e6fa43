import { z } from 'zod';
import type { RouteRegistry, RouteSpec } from './route-registry.js';

/** Path of the generated document. */
export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _ignored, ...rest } = json;
  return rest;
}

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const problemSchema: JsonSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
    error: { type: 'object' },
  },
};

function parameters(spec: RouteSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, object] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (object === undefined) continue;
    const json = schemaOf(object, 'input');
    const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  // A path template variable must be declared even when the route declares no params schema.
  for (const match of spec.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const name = match[1] ?? '';
    if (!out.some((p) => p['in'] === 'path' && p['name'] === name)) {
      out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  return out;
}

function operation(spec: RouteSpec): JsonSchema {
  const contentType = spec.contentType ?? 'application/json';
  const success: JsonSchema = {
    description: 'OK',
    content: {
      [contentType]: {
        schema: spec.response === undefined ? {} : schemaOf(spec.response, 'output'),
      },
    },
  };
  if (spec.etag === true) {
    success['headers'] = { ETag: { description: 'Entity tag', schema: { type: 'string' } } };
  }
  const responses: JsonSchema = { '200': success };
  if (spec.etag === true) responses['304'] = { description: 'Not modified (If-None-Match)' };
  const problem = {
    'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
  };
  responses['400'] = { description: 'Invalid request', content: problem };
  if (spec.method !== 'get') {
    responses['413'] = {
      description:
        "Body over the server's limit (VERITY_MAX_BODY_BYTES or http.max_body_bytes, default 4 MiB); nothing was stored",
      content: problem,
    };
  }
  if (spec.scope !== 'public') {
    responses['401'] = { description: 'Missing or invalid bearer token', content: problem };
    responses['403'] = { description: 'Scope or entity not allowed', content: problem };
  }
  const op: JsonSchema = {
    operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tags: [...(spec.tags ?? [])],
    parameters: parameters(spec),
    responses,
    ...(spec.scope === 'public' ? { security: [] } : { 'x-verity-scope': spec.scope }),
    ...(spec.allEntities === true ? { 'x-verity-all-entities': true } : {}),
    ...(spec.restrictedNeedsEntity === true ? { 'x-verity-needs-entity': true } : {}),
  };
  if (spec.body !== undefined) {
    op['requestBody'] = {
      required: true,
      content: { 'application/json': { schema: schemaOf(spec.body, 'input') } },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of every route in `registry`. */
export function buildOpenApi(registry: RouteRegistry, version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of registry.list()) {
    const path = openApiPath(spec.path);
    paths[path] ??= {};
    paths[path][spec.method] = operation(spec);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Verity HTTP API',
      version,
      description:
        'Canonical state, review, search and context over HTTP. JSON is snake_case; errors are RFC 9457 problem+json.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Problem: problemSchema },
    },
  };
}
