// Every surface gives an agent the same context: `verity context --json`, MCP `get_context` and
// HTTP `GET /api/context` on one store where the user has a Hard Rule (an active P0 MEMORY.md entry).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import {
  createEngine,
  type Engine,
  engineOptionsFromConfig,
  MAX_CONTEXT_BUDGET,
} from '../engine/index.js';
import { useCliHome } from './cli/__fixtures__/cli-home.js';
import { createHttpApp } from './http/index.js';
import { callTool, connectMcpClient } from './mcp/__fixtures__/mcp-client.js';

const NOW = '2026-04-02T12:00:00Z';
const line = (id: string, content: string, minute: number) =>
  JSON.stringify({
    message_id: id,
    role: 'user',
    content,
    created_at: `2026-04-01T09:0${minute}:00Z`,
  });

interface Shown {
  readonly hard_rules?: { readonly entries: readonly { readonly text: string }[] };
  readonly markdown: string;
  readonly budget: number;
  readonly total: number;
}

describe('the context of every surface, with Hard Rules', () => {
  const cli = useCliHome('verity-context-parity-', {
    now: NOW,
    scope: 'all',
    config: (dir) => ({ embeddings: { provider: 'none' }, workspace: join(dir, 'workspace') }),
  });
  let engine: Engine;
  let client: Client;

  beforeAll(async () => {
    const file = join(cli.dir, 'session.jsonl');
    writeFileSync(
      file,
      `${[
        line('m1', 'Never deploy on Fridays, that is a hard rule.', 1),
        line('m2', 'We use PostgreSQL 15 for billing.', 2),
      ].join('\n')}\n`,
    );
    await cli.ok(['capture', file, '--session', 'rules', '--trigger', 'manual', '--sync']);
    await cli.ok(['reflect']);
    const { proposals } = JSON.parse(await cli.ok(['proposals', 'list', '--json'])) as {
      proposals: { proposal_id: string; text: string }[];
    };
    const rule = proposals.find((p) => p.text.includes('Fridays'));
    if (rule === undefined) throw new Error('expected the Fridays rule proposed');
    await cli.ok(['proposals', 'approve', rule.proposal_id]);
    // P0 tasks rank before the rules in the pack's P0 constraints: a tight pack used to keep one
    // of them and cut the rule.
    for (const title of ['Renew the TLS certificate', 'Pay the payroll taxes']) {
      await cli.ok(['tasks', 'add', title, '--priority', 'P0']);
    }
    // The engine `verity serve` would open on this home, at the CLI's pinned time.
    const config = loadConfig({ flags: { home: cli.home, now: NOW }, env: {} });
    engine = await createEngine(await engineOptionsFromConfig(config));
    client = await connectMcpClient(engine);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await engine?.close();
  });

  async function threeWays(args: {
    readonly entity?: string;
    readonly thread?: string;
    readonly budget: number;
  }): Promise<readonly Shown[]> {
    const flags = [
      ...(args.entity === undefined ? [] : ['--entity', args.entity]),
      ...(args.thread === undefined ? [] : ['--thread', args.thread]),
    ];
    const onCli = JSON.parse(
      await cli.ok(['context', ...flags, '--budget', String(args.budget), '--json']),
    ) as Shown;
    const query = new URLSearchParams({
      ...(args.entity === undefined ? {} : { entity_id: args.entity }),
      ...(args.thread === undefined ? {} : { thread_id: args.thread }),
      budget: String(args.budget),
    });
    const response = await createHttpApp(engine, { token: null }).request(`/api/context?${query}`);
    expect(response.status).toBe(200);
    const overHttp = (await response.json()) as Shown;
    const overMcp = (
      await callTool(client, 'get_context', {
        ...(args.entity === undefined ? {} : { entity_id: args.entity }),
        ...(args.thread === undefined ? {} : { thread_id: args.thread }),
        budget: args.budget,
      })
    ).structuredContent as unknown as Shown;
    return [onCli, overHttp, overMcp];
  }

  it('puts the same Hard Rules first, in the same markdown and budget, on CLI, HTTP and MCP', async () => {
    const shown = await threeWays({ budget: 600 });
    for (const one of shown) {
      expect(one.markdown.startsWith('## Hard Rules\n- Never deploy on Fridays')).toBe(true);
      expect(one.hard_rules?.entries.map((e) => e.text)).toEqual([
        expect.stringContaining('Fridays'),
      ]);
      // A decision is a memory, never a Hard Rule.
      expect(one.hard_rules?.entries.map((e) => e.text).join()).not.toContain('PostgreSQL');
    }
    const [onCli, ...others] = shown;
    for (const one of others) {
      expect(one.markdown).toBe(onCli?.markdown);
      expect(one.hard_rules).toEqual(onCli?.hard_rules);
      expect([one.budget, one.total]).toEqual([onCli?.budget, onCli?.total]);
    }
  });

  it('cuts the same way when the budget is small: the rules are paid for first everywhere', async () => {
    const [onCli, ...others] = await threeWays({ budget: 60 });
    expect(onCli?.hard_rules?.entries).toHaveLength(1);
    for (const one of others) {
      expect(one.markdown).toBe(onCli?.markdown);
      expect(one.budget).toBe(onCli?.budget);
    }
  });

  it("gives a thread asked without an entity no rules on any surface, and the entity's own view has them", async () => {
    const shared = await threeWays({ thread: 'session:rules', budget: 600 });
    for (const one of shared) {
      expect(one.hard_rules?.entries).toEqual([]);
      expect(one.markdown).not.toContain('## Hard Rules');
    }
    const own = await threeWays({ thread: 'session:rules', entity: 'user:primary', budget: 600 });
    for (const one of own) expect(one.hard_rules?.entries).toHaveLength(1);
    expect(new Set(own.map((one) => one.markdown)).size).toBe(1);
  });

  /** Recall-pack mode on the three surfaces, as JSON. */
  async function packedThreeWays(budget: number): Promise<readonly Record<string, unknown>[]> {
    const onCli = JSON.parse(
      await cli.ok([
        'context',
        '--pack',
        '--query',
        'deploy',
        '--budget',
        String(budget),
        '--json',
      ]),
    ) as Record<string, unknown>;
    const query = new URLSearchParams({ query: 'deploy', budget: String(budget), pack: 'true' });
    const response = await createHttpApp(engine, { token: null }).request(`/api/context?${query}`);
    expect(response.status).toBe(200);
    const overHttp = (await response.json()) as Record<string, unknown>;
    const overMcp = (await callTool(client, 'get_context', { query: 'deploy', budget, pack: true }))
      .structuredContent as Record<string, unknown>;
    return [onCli, overHttp, overMcp];
  }

  it('answers recall-pack mode in one shape, field for field, on CLI, HTTP and MCP', async () => {
    const [onCli, ...others] = await packedThreeWays(900);
    expect(Object.keys(onCli ?? {}).sort()).toEqual([
      'budget',
      'context',
      'hard_rules',
      'markdown',
      'recall_pack',
      'total',
    ]);
    for (const one of others) expect(one).toEqual(onCli);
  });

  it('keeps the Hard Rules first in a pack too tight for the P0 tasks, on every surface', async () => {
    for (const one of await packedThreeWays(160)) {
      const markdown = String(one['markdown']);
      expect(markdown.startsWith('## Hard Rules\n- Never deploy on Fridays')).toBe(true);
      expect(one['hard_rules']).toMatchObject({ omitted: 0 });
      // The pack below them still shows lower-ranked content (a P0 task).
      expect(markdown).toContain('# Recall pack');
      expect(Number(one['total'])).toBeLessThanOrEqual(160);
    }
  });

  it('says so when the rules alone exceed the budget, and shows nothing below them', async () => {
    for (const one of await packedThreeWays(12)) {
      const markdown = String(one['markdown']);
      expect(markdown).toContain('1 of 1 Hard Rules did not fit the 12-token budget');
      expect(markdown).not.toContain('# Recall pack');
      expect(one['recall_pack']).toBeNull();
    }
  });

  it('accepts the same largest budget everywhere and refuses one above it with the same bound', async () => {
    const over = String(MAX_CONTEXT_BUDGET + 1);
    const run = await cli.verity(['context', '--budget', over]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`from 1 to ${MAX_CONTEXT_BUDGET}`);
    const response = await createHttpApp(engine, { token: null }).request(
      `/api/context?budget=${over}`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`from 1 to ${MAX_CONTEXT_BUDGET}`);
    const refused = await client.callTool({
      name: 'get_context',
      arguments: { budget: MAX_CONTEXT_BUDGET + 1 },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain(`from 1 to ${MAX_CONTEXT_BUDGET}`);
    // The bound itself is accepted on all three (MCP used to stop at 100,000).
    const [onCli, ...others] = await threeWays({ budget: MAX_CONTEXT_BUDGET });
    for (const one of others) expect(one.budget).toBe(onCli?.budget);
  });

  it('reports the whole budget asked for and counts the rules in the total, on every surface', async () => {
    for (const one of await threeWays({ budget: 600 })) {
      expect(one.budget).toBe(600);
      // The total is the markdown the agent reads: the rules and the context together.
      expect(one.total).toBeGreaterThan(0);
      expect(one.total).toBeLessThanOrEqual(600);
      expect(one.markdown).toContain('## Hard Rules');
    }
  });

  it('lists no sections or ids of a context it did not show because a rule did not fit', async () => {
    const shown = await threeWays({ budget: 12 });
    for (const one of shown as readonly (Shown & {
      readonly sections?: readonly unknown[];
      readonly included?: Readonly<Record<string, readonly unknown[]>>;
    })[]) {
      expect(one.markdown).toContain('did not fit the 12-token budget');
      expect(one.sections).toEqual([]);
      for (const ids of Object.values(one.included ?? {})) expect(ids).toEqual([]);
    }
  });

  it('refuses a budget of 0 over HTTP with Hard Rules as without them', async () => {
    const response = await createHttpApp(engine, { token: null }).request('/api/context?budget=0');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`from 1 to ${MAX_CONTEXT_BUDGET}`);
  });
});
