import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine/index.js';
import { createEngine } from '../../engine/index.js';
import { createManualClock } from '../../testing/index.js';
import { grant } from './__fixtures__/grants.js';
import { closeEngine } from './__fixtures__/temp-engine.js';
import type { RunningHttpServer } from './index.js';
import { startHttpServer } from './index.js';

const WRITER = 'writer-token-0123456789';
const REVIEWER = 'reviewer-token-0123456789';

let dir: string;
let engine: Engine;
let server: RunningHttpServer;
let patchId: string;
const opened: Client[] = [];

/** An MCP SDK client over the real listener, sending `token` as its bearer. */
const clientWith = async (token: string): Promise<Client> => {
  const headers = { Authorization: `Bearer ${token}` };
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
    requestInit: { headers },
  });
  const client = new Client({ name: 'verity-task-review-scope-test', version: '0.0.0' });
  opened.push(client);
  await client.connect(transport);
  return client;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-task-review-scope-'));
  const clock = createManualClock('2026-01-28T09:00:00Z');
  engine = await createEngine({ home: dir, clock, embeddings: { model: null } });
  await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the deck was late' });
  await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the bill was late' });
  clock.set('2026-01-29T04:00:00Z');
  const [proposed] = (await engine.tasks.improve()).proposed;
  if (proposed === undefined) throw new Error('the loop proposed no patch');
  patchId = proposed.patch_id;
  server = await startHttpServer(engine, {
    port: 0,
    host: '127.0.0.1',
    token: null,
    tokens: [
      grant('writer', WRITER, ['read', 'write']),
      grant('reviewer', REVIEWER, ['read', 'review']),
    ],
  });
});

afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()));
  await server.close();
  await closeEngine(engine, dir);
});

describe('MCP resolve_task_review over HTTP', () => {
  it('needs the review scope, as resolve_review does: a read/write token is refused', async () => {
    const args = { entity_id: 'user:primary', review_id: patchId, action: 'approve' };
    const writer = await clientWith(WRITER);
    let refusal = '';
    try {
      const result = await writer.callTool({ name: 'resolve_task_review', arguments: args });
      refusal = result.isError === true ? JSON.stringify(result.content) : '';
    } catch (error: unknown) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    expect(refusal).toContain('lacks the review scope needed by resolve_task_review');
    expect((await engine.tasks.patches({ status: 'proposed' })).map((p) => p.patch_id)).toEqual([
      patchId,
    ]);

    const reviewer = await clientWith(REVIEWER);
    const answered = await reviewer.callTool({ name: 'resolve_task_review', arguments: args });
    expect(answered.isError).not.toBe(true);
    expect(answered.structuredContent).toMatchObject({
      kind: 'patch',
      patch: { patch_id: patchId, status: 'applied' },
    });
  });
});
