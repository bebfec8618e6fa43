// Issue #16, requirement 1: every capability the CLI has is reachable over HTTP under /api. This
// walks the real commander program (so a command added later fails here until it is mapped) and
// checks each command against one table: the HTTP route(s) that do what it does, or the reason it
// has none. Every mapped route must be in the served OpenAPI document.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../engine/index.js';
import { createProgram } from '../cli/create-program.js';
import { createHttpApp } from './index.js';

type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** Why a command has no route. */
interface Excluded {
  readonly excluded: string;
}

/** Each CLI command (its path of names) and the HTTP route(s) that do what it does. */
const CLI_OVER_HTTP: Readonly<Record<string, readonly Route[] | Excluded>> = {
  init: {
    excluded: 'creates the home and store on this machine; a running server already has one',
  },
  ingest: ['POST /api/ingest'],
  'state get': ['GET /api/state/:entity'],
  'state explain': ['GET /api/state/:entity/explain'],
  'state history': ['GET /api/state/:entity/history'],
  'state snapshot': ['GET /api/snapshot'],
  'review list': ['GET /api/reviews', 'GET /api/task-reviews', 'GET /api/dlq', 'GET /api/inbox'],
  'review confirm': ['POST /api/reviews/:id'],
  'review reject': ['POST /api/reviews/:id', 'POST /api/task-reviews/:id'],
  'review approve': ['POST /api/task-reviews/:id'],
  'review acknowledge': ['POST /api/task-reviews/:id'],
  'review cancel': ['POST /api/task-reviews/:id'],
  'review unstick': ['POST /api/task-reviews/:id'],
  'review edit': ['POST /api/reviews/:id'],
  'dlq list': ['GET /api/dlq'],
  'dlq retry': ['POST /api/dlq/retry'],
  'dlq edit': ['POST /api/dlq/:id/edit'],
  'dlq discard': ['POST /api/dlq/discard'],
  rebuild: ['POST /api/rebuild'],
  forget: ['POST /api/forget'],
  stats: ['GET /api/stats'],
  serve: { excluded: 'starts the HTTP server itself' },
  telegram: {
    excluded:
      'runs the Telegram bot, a long-lived interface of its own beside HTTP; `serve` starts it when configured',
  },
  mcp: ['POST /mcp'],
  search: ['GET /api/search'],
  index: ['POST /api/search/index'],
  reindex: ['POST /api/search/reindex'],
  project: ['POST /api/project'],
  watch: {
    excluded:
      'runs until stopped, watching files on this machine; its one-shot form is POST /api/project',
  },
  migrate: ['POST /api/migrate'],
  'migrate-store': {
    excluded: 'copies the store file or database between backends; the server holds it open',
  },
  poll: ['POST /api/poll'],
  'extract label': ['POST /api/extract/labels'],
  'extract metrics': ['GET /api/extract/metrics'],
  'extract alias': ['POST /api/aliases'],
  'items list': ['GET /api/items'],
  'items expand': ['GET /api/items/:uid'],
  'items extract': ['POST /api/items/extract'],
  'items resolve': ['POST /api/items/conflicts/resolve'],
  context: ['GET /api/context'],
  'context feedback': ['POST /api/context/feedback'],
  'vault add': {
    excluded:
      "names a folder on the server's disk; a request never names a server path (ADR http-operations-parity)",
  },
  'vault index': ['POST /api/vault/index'],
  'vault search': ['POST /api/vault/search'],
  'memories add': ['POST /api/memories'],
  'memories update': ['PUT /api/memories/:id'],
  'memories forget': ['DELETE /api/memories/:id'],
  'memories list': ['GET /api/memories'],
  'memories show': ['GET /api/memories/:id'],
  'memories signal': ['POST /api/memories/:id/signals'],
  'drift list': ['GET /api/prediction-errors'],
  capture: ['POST /api/sessions'],
  'observer run': ['POST /api/observer/run'],
  'observer work': ['POST /api/observer/work'],
  'observer daily': ['POST /api/observer/daily'],
  'observer schedule': ['POST /api/observer/schedule'],
  'observer captures': ['GET /api/sessions'],
  reflect: ['POST /api/reflect'],
  'proposals list': ['GET /api/proposals'],
  'proposals approve': ['POST /api/proposals/:id'],
  'proposals reject': ['POST /api/proposals/:id'],
  'proposals edit': ['POST /api/proposals/:id'],
  'proposals sync': ['POST /api/proposals/sync'],
  'proposals expire': ['POST /api/proposals/expire'],
  'memory list': ['GET /api/memory'],
  'memory retire': ['POST /api/memory/:id/retire'],
  'memory forget': ['POST /api/memory/:id/forget'],
  'memory resolve-edit': ['POST /api/memory/zones/:zone/resolve'],
  ask: ['POST /api/ask'],
  retention: ['POST /api/retention'],
  friction: ['POST /api/friction'],
  'tasks add': ['POST /api/tasks'],
  'tasks list': ['GET /api/tasks'],
  'tasks show': ['GET /api/tasks/:id'],
  'tasks move': ['POST /api/tasks/:id/move'],
  'tasks update': ['PATCH /api/tasks/:id'],
  'tasks done': ['POST /api/tasks/:id/done'],
  'tasks cancel': ['POST /api/tasks/:id/cancel'],
  'tasks ack': ['POST /api/tasks/:id/ack'],
  'tasks capture': ['POST /api/tasks/capture'],
  'tasks proposals': ['GET /api/task-proposals'],
  'tasks accept': ['POST /api/task-proposals/:id/accept'],
  reconcile: ['POST /api/reconcile'],
  'incidents list': ['GET /api/incidents'],
  'incidents log': ['POST /api/incidents'],
  'patches list': ['GET /api/patches'],
  'patches approve': ['POST /api/task-reviews/:id'],
  'patches reject': ['POST /api/task-reviews/:id'],
  improve: ['POST /api/improve'],
  metrics: ['GET /api/metrics'],
  'token new': {
    excluded: 'mints a secret for config.json on this machine; a token must not mint tokens',
  },
  'token hash': {
    excluded: 'hashes a secret for config.json on this machine; sending it to a server leaks it',
  },
};

/** Every runnable command, by its path of names (as `surface-contract.test.ts` walks them). */
async function cliCommands(): Promise<string[]> {
  const program = await createProgram({
    io: { stdout() {}, stderr() {}, stdin: async () => '' },
    exitCode: 0,
  });
  const acts = (command: Command): boolean =>
    (command as unknown as { _actionHandler: unknown })._actionHandler != null;
  const out: string[] = [];
  const walk = (command: Command, path: string[]) => {
    if (command.commands.length === 0 || (path.length > 0 && acts(command))) {
      out.push(path.join(' '));
    }
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return out;
}

let dir: string;
let engine: Engine;
let documented: Set<string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-parity-'));
  engine = await createEngine({ home: join(dir, 'home'), embeddings: { model: null } });
  const app = createHttpApp(engine, { token: null });
  const doc = (await (await app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  documented = new Set(
    Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
});

afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const commands = await cliCommands();

describe('CLI over HTTP', () => {
  it('walks the real program', () => {
    expect(commands).toEqual(expect.arrayContaining(['state get', 'memory resolve-edit', 'serve']));
  });

  it.each(commands)('%s has an HTTP route or a reasoned exclusion', (name) => {
    const entry = CLI_OVER_HTTP[name];
    expect(entry, `add "${name}" to CLI_OVER_HTTP: its route, or why it has none`).toBeDefined();
    if (entry !== undefined && 'excluded' in entry) {
      expect(entry.excluded.length, name).toBeGreaterThan(20);
    } else {
      expect(entry?.length, name).toBeGreaterThan(0);
    }
  });

  it('names only commands that exist', () => {
    expect(Object.keys(CLI_OVER_HTTP).filter((name) => !commands.includes(name))).toEqual([]);
  });

  it('maps commands only to routes the OpenAPI document describes', () => {
    const routes = Object.values(CLI_OVER_HTTP).flatMap((entry) =>
      'excluded' in entry ? [] : entry,
    );
    const openApiForm = (route: string) => route.replace(/:([A-Za-z_]+)/g, '{$1}');
    expect(routes.filter((route) => !documented.has(openApiForm(route)))).toEqual([]);
  });
});
