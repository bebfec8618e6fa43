// One contract on every surface, checked by walking what is registered (so commands, tools and
// routes added later are covered without touching this file): JSON keys are snake_case, unknown
// parameters are refused with a clear error, and the README lists every command, route and tool.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Command } from 'commander';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixedClock, isWireJson } from '../core/index.js';
import { createEngine, type Engine } from '../engine/index.js';
import { runCli } from './cli/__fixtures__/run-cli.js';
import { createProgram } from './cli/create-program.js';
import { createHttpApp } from './http/index.js';
import { connectMcpClient, toolText } from './mcp/__fixtures__/mcp-client.js';
import { MCP_TOOLS } from './mcp/index.js';

const NOW = '2026-02-19T15:05:00Z';
const UNKNOWN = 'definitely_unknown_param';
/** Commands that run until a signal, or write files outside the home: walked for flags only. */
const LONG_RUNNING_OR_WRITING = new Set(['serve', 'mcp', 'watch', 'project']);

let dir: string;
let home: string;
let input: string;
let engine: Engine;

const SEED = [
  {
    type: 'message',
    thread_id: 'trip',
    message_id: 'm1',
    role: 'user',
    content: "We're in Tahoe now.",
    created_at: '2026-02-19T15:00:00Z',
  },
  {
    type: 'observation',
    event_id: '0190a5f2-0000-7000-8000-000000000001',
    event_ts: '2026-02-19T15:01:00Z',
    domain: 'profile',
    entity_id: 'user:primary',
    field: 'profile.preference.lodging',
    candidate_value: 'hotel',
    intent: 'assertive',
    source: { type: 'user_statement', ref: 'thread:trip:msg:2' },
  },
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-surface-'));
  home = join(dir, 'home');
  input = join(dir, 'input.jsonl');
  writeFileSync(input, `${SEED.map((r) => JSON.stringify(r)).join('\n')}\n{"type":"bogus"}\n`);
  engine = await createEngine({
    home,
    clock: fixedClock(Date.parse(NOW)),
    embeddings: { model: null },
  });
  await engine.ingest(SEED);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ embeddings: { provider: 'none' }, workspace: join(dir, 'workspace') }),
  );
});

afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every runnable command of the CLI, as its path of names, with its arguments and options. */
async function leafCommands(): Promise<{ path: string[]; command: Command }[]> {
  const program = await createProgram({
    io: { stdout() {}, stderr() {}, stdin: async () => '' },
    exitCode: 0,
  });
  const out: { path: string[]; command: Command }[] = [];
  // A command that acts and also has subcommands (`context`, `context feedback`) is walked as
  // itself and through each subcommand; a pure group (`dlq`) only through its subcommands.
  const acts = (command: Command): boolean =>
    (command as unknown as { _actionHandler: unknown })._actionHandler != null;
  const walk = (command: Command, path: string[]) => {
    if (command.commands.length === 0 || (path.length > 0 && acts(command))) {
      out.push({ path, command });
    }
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return out;
}

/** A plausible value for a positional argument, by its name. */
function dummyArgument(name: string): string[] {
  if (name === 'entity') return ['user:primary'];
  if (name === 'field') return ['travel.status'];
  if (name === 'file' || name === 'files') return [input];
  if (name === 'query') return ['tahoe'];
  if (name === 'intent') return ['assertive'];
  if (name === 'target') return ['travel.destination'];
  return ['0190a5f2-0000-7000-8000-0000000000ff'];
}

/** Required positional arguments and mandatory options, filled with plausible values. */
function argumentsOf(command: Command): string[] {
  const positional = command.registeredArguments.flatMap((argument) =>
    argument.required ? dummyArgument(argument.name()) : [],
  );
  const mandatory = command.options.flatMap((option) =>
    option.mandatory && option.long !== undefined
      ? [option.long, option.argChoices?.[0] ?? 'x']
      : [],
  );
  return [...positional, ...mandatory];
}

/** `verity --home HOME --now NOW ARGS`, in process. */
function verity(args: readonly string[]) {
  return runCli(['--home', home, '--now', NOW, ...args]);
}

/** Runs `leaf` with its required arguments filled in, then `extra`. */
function runLeaf(leaf: { path: string[]; command: Command }, ...extra: string[]) {
  return verity([...leaf.path, ...argumentsOf(leaf.command), ...extra]);
}

const allLeaves = await leafCommands();

describe('CLI: every command', () => {
  const leaves = allLeaves;

  it('finds the commands registered by every module', () => {
    const names = leaves.map((leaf) => leaf.path.join(' '));
    for (const expected of ['state get', 'ingest', 'dlq list', 'context', 'items list', 'search']) {
      expect(names).toContain(expected);
    }
  });

  it.each(leaves.map((leaf) => [leaf.path.join(' '), leaf] as const))(
    '%s refuses an unknown option',
    async (_name, leaf) => {
      const run = await runLeaf(leaf, `--${UNKNOWN.replaceAll('_', '-')}`);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`unknown option '--${UNKNOWN.replaceAll('_', '-')}'`);
    },
  );

  const withJson = leaves.filter(
    (leaf) =>
      leaf.command.options.some((option) => option.long === '--json') &&
      !LONG_RUNNING_OR_WRITING.has(leaf.path[0] ?? ''),
  );
  it.each(withJson.map((leaf) => [leaf.path.join(' '), leaf] as const))(
    '%s --json prints snake_case keys only',
    async (_name, leaf) => {
      const run = await runLeaf(leaf, '--json');
      if (run.stdout.trim() === '') return; // it failed before printing (e.g. an unknown id)
      const printed: unknown = JSON.parse(run.stdout);
      expect(isWireJson(printed), run.stdout.slice(0, 400)).toBe(true);
    },
  );

  it('takes --entity-id and --thread-id, the names MCP and HTTP use', async () => {
    const run = await verity([
      'context',
      '--entity-id',
      'user:primary',
      '--thread-id=trip',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ entity: 'user:primary', thread: 'trip' });
  });

  it('rejects an invalid entity id instead of answering "no state"', async () => {
    const run = await runCli(['--home', home, 'state', 'get', 'Alex']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/"Alex" is not an entity id.*user:alex/);
  });
});

describe('MCP: every tool', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectMcpClient(engine);
  });
  afterAll(async () => {
    await client.close();
  });

  function keysOf(schema: unknown): string[] {
    if (Array.isArray(schema)) return schema.flatMap(keysOf);
    if (schema === null || typeof schema !== 'object') return [];
    const record = schema as Record<string, unknown>;
    const own =
      typeof record['properties'] === 'object' && record['properties'] !== null
        ? Object.keys(record['properties'])
        : [];
    return [...own, ...Object.values(record).flatMap(keysOf)];
  }

  it('names every input and output property in snake_case and refuses unknown arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(10);
    const outputs = new Map(
      MCP_TOOLS.map((tool) => [tool.name, z.toJSONSchema(z.object(tool.output), { io: 'output' })]),
    );
    for (const tool of tools) {
      // tools/list advertises no output schema; the full one validates every call on the server.
      expect(outputs.has(tool.name), tool.name).toBe(true);
      for (const key of [...keysOf(tool.inputSchema), ...keysOf(outputs.get(tool.name))]) {
        expect(key, `${tool.name}.${key}`).toMatch(/^[a-z0-9_]+$|^[a-z][a-z0-9_.:-]*$/);
        expect(/[A-Z]/.test(key), `${tool.name}.${key}`).toBe(false);
      }
      const result = (await client.callTool({
        name: tool.name,
        arguments: { [UNKNOWN]: 1 },
      })) as CallToolResult;
      expect(result.isError, tool.name).toBe(true);
      expect(toolText(result), tool.name).toContain(UNKNOWN);
    }
  });

  it('returns snake_case structured content from every read-only tool', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools.filter((t) => t.annotations?.readOnlyHint === true)) {
      const required = (tool.inputSchema.required ?? []) as string[];
      const args: Record<string, unknown> = {};
      for (const name of required) args[name] = name === 'query' ? 'tahoe' : 'travel.status';
      const result = (await client.callTool({
        name: tool.name,
        arguments: args,
      })) as CallToolResult;
      if (result.isError) continue;
      expect(isWireJson(result.structuredContent), tool.name).toBe(true);
    }
  });
});

describe('HTTP: every route', () => {
  let app: Hono;
  beforeAll(() => {
    app = createHttpApp(engine, { token: null });
  });

  /** Routes as registered (middleware excluded), with path parameters filled in. */
  function routes(): { method: string; path: string; url: string }[] {
    const seen = new Set<string>();
    return app.routes
      .filter((route) => route.method !== 'ALL')
      .filter((route) => {
        const key = `${route.method} ${route.path}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((route) => ({
        method: route.method,
        path: route.path,
        url: route.path.replace(/:([a-z_]+)/g, (_match, name: string) =>
          name === 'entity' ? 'user:primary' : 'x',
        ),
      }));
  }

  it('refuses an unknown query parameter on every route with 400 and its name', async () => {
    // The MCP endpoint speaks JSON-RPC; its parameters live in the body (checked above).
    for (const route of routes().filter((r) => r.path !== '/mcp')) {
      const response = await app.request(`${route.url}?${UNKNOWN}=1`, {
        method: route.method,
        ...(route.method === 'POST'
          ? { body: '{}', headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(400);
      expect(await response.text(), `${route.method} ${route.path}`).toContain(UNKNOWN);
    }
  });

  it('answers every GET route with snake_case JSON', async () => {
    for (const route of routes().filter((r) => r.method === 'GET' && r.path !== '/mcp')) {
      const url = route.path.includes('explain') ? `${route.url}?field=travel.status` : route.url;
      const response = await app.request(url);
      // Dashboard assets (HTML, JS), the SSE stream and the OpenAPI document (its own standard
      // vocabulary, served as application/vnd.oai.openapi+json) are not Verity JSON; every
      // application/json answer is checked.
      if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
        await response.body?.cancel();
        continue;
      }
      const body: unknown = await response.json();
      expect(isWireJson(body), `${route.path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
    }
  });

  it('reads /api/context for the entity named by entity_id (no longer ignored)', async () => {
    const response = await app.request('/api/context?entity_id=user:sam&thread_id=trip');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ entity: 'user:sam', thread: 'trip' });
  });
});

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const rows = readme.split('\n').filter((line) => /^\| `(verity |[A-Z]+ \/)/.test(line));
  it('lists every CLI command in its command table', () => {
    for (const { path } of allLeaves) {
      const [head, ...rest] = path;
      const row = rows.find(
        (line) =>
          new RegExp(`\`verity ${head}(\\b|\`)`).test(line) &&
          rest.every((word) => new RegExp(`\\b${word}\\b`).test(line)),
      );
      expect(row, `verity ${path.join(' ')}`).toBeDefined();
    }
  });

  it('lists every HTTP route in its route table', () => {
    const app = createHttpApp(engine, { token: null });
    for (const route of app.routes.filter((r) => r.method !== 'ALL')) {
      const row = rows.find((line) => line.startsWith(`| \`${route.method} ${route.path}\``));
      expect(row, `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('lists every MCP tool with its scope in its tool table', () => {
    for (const tool of MCP_TOOLS) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` |`));
      expect(row, tool.name).toBeDefined();
      expect(row?.split('|')[2]?.trim(), tool.name).toBe(tool.scope);
    }
  });
});
