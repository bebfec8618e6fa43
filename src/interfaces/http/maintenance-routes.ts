import { z } from 'zod';
import { EngineError, INTENTS, parseRfc3339 } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { runRoute } from './run-route.js';
import { entityIdSchema, instant, anyObject as object, present } from './wire-schemas.js';

const dlqParams = z.object({ id: z.string().min(1).max(100) });

const discardBody = z.strictObject({
  dlq_id: z.string().min(1).max(100).optional(),
  all: z.literal(true).optional(),
  older_than_minutes: z.number().int().min(0).optional(),
  schema: z.string().min(1).max(100).optional(),
});

const migrateBody = z.strictObject({
  files: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(500).describe('The name the evidence cites (HEARTBEAT.md)'),
        content: z.string().max(1_000_000),
        updated_at: instant.describe('When the file was last changed: its evidence is dated then'),
      }),
    )
    .min(1)
    .max(50),
  entity_id: entityIdSchema.optional(),
  dry_run: z.boolean().optional(),
});

const labelBody = z.strictObject({
  thread_id: z.string().min(1).max(200),
  message_id: z.string().min(1).max(200),
  intent: z.enum(INTENTS),
});

/**
 * The dead letters `discard` chooses: the one named, or every open one matching all the filters
 * given (`all` alone takes every open one). A body naming both, or neither, is refused.
 */
async function chosenDeadLetters(
  engine: Engine,
  body: z.infer<typeof discardBody>,
): Promise<string[]> {
  const filtered =
    body.all === true || body.older_than_minutes !== undefined || body.schema !== undefined;
  if ((body.dlq_id !== undefined) === filtered) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'discard takes dlq_id, or all / older_than_minutes / schema',
      { field: 'dlq_id' },
    );
  }
  if (body.dlq_id !== undefined) return [body.dlq_id];
  const cutoff =
    body.older_than_minutes === undefined ? null : engine.now() - body.older_than_minutes * 60_000;
  const open = (await engine.listDlq()).filter(
    (d) => d.status !== 'resolved' && d.status !== 'discarded',
  );
  return open
    .filter((d) => body.schema === undefined || body.schema === d.schemaName)
    .filter((d) => cutoff === null || (parseRfc3339(d.firstSeenAt) ?? 0) < cutoff)
    .map((d) => d.dlqId);
}

const tags = ['operations'];

/**
 * What the CLI runs on the whole store and HTTP could not (issue #16): the dead-letter queue
 * (`GET /api/dlq`, `POST /api/dlq/retry`, `POST /api/dlq/:id/edit`, `POST /api/dlq/discard`), the
 * search index (`POST /api/search/index|reindex`), the state snapshot (`GET /api/snapshot`),
 * intent labels and metrics (`POST /api/extract/labels`, `GET /api/extract/metrics`), markdown
 * migration (`POST /api/migrate`, the files in the body), recall feedback
 * (`POST /api/context/feedback`) and the notes vault (`POST /api/vault/index`,
 * `POST /api/vault/search`). None is bounded by an entity, so each refuses tokens limited to some.
 */
export const MAINTENANCE_ROUTES: readonly HttpRoute[] = [
  runRoute(
    '/api/dlq',
    {
      summary: 'Every dead letter with its errors',
      tags,
      method: 'get',
      scope: 'read',
      list: 'dead_letters',
    },
    async (engine) => ({ dead_letters: await engine.listDlq() }),
  ),
  route(
    {
      method: 'post',
      path: '/api/dlq/retry',
      summary: 'Retry the dead letters that are due (all=true: every pending one now)',
      tags,
      scope: 'write',
      allEntities: true,
      body: z.strictObject({ all: z.boolean().optional() }),
      response: object,
    },
    async (c, { body }, { engine }) =>
      c.json(await engine.retryDlq(body.all === true ? { all: true } : {})),
  ),
  route(
    {
      method: 'post',
      path: '/api/dlq/:id/edit',
      summary: "Replace a dead letter's raw line and retry it at once",
      tags,
      scope: 'write',
      allEntities: true,
      params: dlqParams,
      body: z.strictObject({
        raw: z
          .string()
          .trim()
          .min(1)
          .refine((line) => !line.includes('\n'), 'must be one line (the corrected record)'),
      }),
      response: object,
    },
    async (c, { params, body }, { engine }) => {
      const report = await engine.editDlq(params.id, body.raw);
      const rejected = report.resolved === 0 && report.failed + report.permanently_failed > 0;
      return c.json(report, rejected ? 422 : 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/dlq/discard',
      summary: 'Discard dead letters (kept, marked discarded): one by id, or by filters',
      tags,
      scope: 'write',
      allEntities: true,
      body: discardBody,
      response: z.object({ discarded: z.number().int(), dlq_ids: z.array(z.string()) }),
    },
    async (c, { body }, { engine }) => {
      const chosen = await chosenDeadLetters(engine, body);
      for (const id of chosen) await engine.discardDlq(id);
      return c.json({ discarded: chosen.length, dlq_ids: chosen });
    },
  ),
  runRoute(
    '/api/search/index',
    { summary: 'Embed what the vector index lacks; answers the index report and status', tags },
    async (engine) => ({
      ...(await engine.indexEmbeddings()),
      status: await engine.searchStatus(),
    }),
  ),
  runRoute(
    '/api/search/reindex',
    { summary: 'Rebuild the search index from scratch (BM25 and vectors)', tags },
    async (engine) => ({ ...(await engine.reindex()), status: await engine.searchStatus() }),
  ),
  runRoute(
    '/api/snapshot',
    {
      summary: 'The whole state tracker (every entity), as verity state snapshot prints it',
      tags: ['state'],
      method: 'get',
      scope: 'read',
    },
    (engine) => engine.stateTracker(),
  ),
  route(
    {
      method: 'post',
      path: '/api/extract/labels',
      summary: "Record a message's true intent (feeds the confusion matrix)",
      tags: ['extraction'],
      scope: 'write',
      allEntities: true,
      body: labelBody,
      response: object,
    },
    async (c, { body }, { engine }) => {
      await engine.labelIntent(body.thread_id, body.message_id, body.intent);
      return c.json(body, 201);
    },
  ),
  runRoute(
    '/api/extract/metrics',
    {
      summary: 'Intent-classification precision and recall from the labels so far',
      tags: ['extraction'],
      method: 'get',
      scope: 'read',
    },
    (engine) => engine.intentMetrics(),
  ),
  route(
    {
      method: 'post',
      path: '/api/migrate',
      summary: 'Bootstrap state from markdown files (in the body) as low-reliability evidence',
      tags,
      scope: 'write',
      allEntities: true,
      body: migrateBody,
      response: object,
    },
    async (c, { body }, { engine }) =>
      c.json(
        await engine.migrate(
          body.files.map((f) => ({ path: f.path, content: f.content, updatedAt: f.updated_at })),
          {
            ...(body.dry_run === true ? { dryRun: true } : {}),
            ...present({ entityId: body.entity_id }),
          },
        ),
      ),
  ),
  route(
    {
      method: 'post',
      path: '/api/context/feedback',
      summary: "Count which recall-pack items the agent's output referenced (for the metrics)",
      tags: ['context'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({
        pack: z.string().min(1).describe('The recall pack markdown the agent was given'),
        output: z.string().describe("The agent's output"),
      }),
      response: object,
    },
    async (c, { body }, { engine }) =>
      c.json(await engine.recall.recallFeedback(body.pack, body.output)),
  ),
  runRoute(
    '/api/vault/index',
    { summary: "Index the notes vault's registered folders", tags: ['vault'] },
    (engine) => engine.vault.index(),
  ),
  route(
    {
      method: 'post',
      path: '/api/vault/search',
      summary: 'Search the note chunks (a query nothing is close to is recorded as low_overlap)',
      description: 'POST because a far query records a low_overlap drift row.',
      tags: ['vault'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({
        query: z.string().trim().min(1).max(1000),
        limit: z.number().int().min(1).max(100).optional(),
      }),
      response: z.object({ hits: z.array(object), low_overlap: object.nullable() }),
    },
    async (c, { body }, { engine }) =>
      c.json(await engine.vault.searchNotes(body.query, present({ limit: body.limit }))),
  ),
];
