import { z } from 'zod';
import { EngineError, PREDICTION_ERROR_TYPES as ERROR_TYPES } from '../../core/index.js';
import type { PredictionErrorFilters } from '../../engine/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { idParams, anyObject as object, present } from './wire-schemas.js';

const text = z.string().refine((value) => value.trim() !== '', 'must be text');
const strings = z.array(z.string());

const recordBody = z
  .object({ text, tags: strings.optional(), cites: strings.optional(), entity_id: text.optional() })
  .strict();
const updateBody = z.object({ text, tags: strings.optional(), cites: strings.optional() }).strict();
const signalBody = z
  .object({ detail: text, note_path: text.optional(), source: text.optional() })
  .strict();

const tags = ['vault'];

/**
 * Mounts the memory and drift routes: `GET /api/memories?tag=`, `POST /api/memories`
 * (`{text, tags?, cites?, entity_id?}`), `GET /api/memories/:id` (drift-checked, with history),
 * `PUT /api/memories/:id` (`{text, tags?, cites?}`), `DELETE /api/memories/:id`,
 * `POST /api/memories/:id/signals` (`{detail, note_path?, source?}`) and
 * `GET /api/prediction-errors?type=&unresolved=true&memory_id=`. Each is validated and documented
 * through `defineRoute`.
 */
export const MEMORY_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      list: '.',
      path: '/api/memories',
      summary: 'Memories of the notes vault (optionally those with one tag)',
      tags,
      scope: 'read',
      query: z.object({ tag: z.string().optional() }),
      response: z.array(object),
    },
    async (c, { query }, { engine }) =>
      c.json(await engine.vault.listMemories(present({ tag: query.tag }))),
  ),
  route(
    {
      method: 'post',
      path: '/api/memories',
      summary: 'Record a memory note',
      tags,
      scope: 'write',
      body: recordBody,
      response: object,
    },
    async (c, { body }, { engine }) => {
      const result = await engine.vault.recordMemory({
        text: body.text,
        ...present({ tags: body.tags, cites: body.cites, entityId: body.entity_id }),
      });
      return c.json(result, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/memories/:id',
      summary: 'One memory, drift-checked, with its history',
      tags,
      scope: 'read',
      params: idParams,
      response: object,
    },
    async (c, { params }, { engine }) => c.json(await engine.vault.showMemory(params.id)),
  ),
  route(
    {
      method: 'put',
      path: '/api/memories/:id',
      summary: "Replace a memory's text (and tags or cites)",
      tags,
      scope: 'write',
      params: idParams,
      body: updateBody,
      response: object,
    },
    async (c, { params, body }, { engine }) =>
      c.json(
        await engine.vault.updateMemory(params.id, {
          text: body.text,
          ...present({ tags: body.tags, cites: body.cites }),
        }),
      ),
  ),
  route(
    {
      method: 'delete',
      path: '/api/memories/:id',
      summary: 'Forget a memory',
      tags,
      scope: 'write',
      params: idParams,
      response: object,
    },
    async (c, { params }, { engine }) => c.json(await engine.vault.forgetMemory(params.id)),
  ),
  route(
    {
      method: 'post',
      path: '/api/memories/:id/signals',
      summary: 'Record an external signal that a memory may be out of date',
      tags,
      scope: 'write',
      params: idParams,
      body: signalBody,
      response: object,
    },
    async (c, { params, body }, { engine }) => {
      const row = await engine.vault.recordSignal(params.id, {
        detail: body.detail,
        notePath: body.note_path ?? null,
        ...present({ source: body.source }),
      });
      return c.json(row, 201);
    },
  ),
  route(
    {
      method: 'get',
      list: '.',
      path: '/api/prediction-errors',
      summary: 'Drift rows (prediction errors); type may repeat',
      tags,
      scope: 'read',
      query: z.object({
        type: z.string().optional(),
        unresolved: z.enum(['true', 'false']).optional(),
        memory_id: z.string().optional(),
      }),
      response: z.array(object),
    },
    async (c, { query }, { engine }) => {
      const types = c.req.queries('type') ?? [];
      for (const type of types) {
        if (!(ERROR_TYPES as readonly string[]).includes(type)) {
          throw new EngineError('VALIDATION_FAILED', `unknown type ${type}`, { field: 'type' });
        }
      }
      const filters: PredictionErrorFilters = {
        ...(types.length === 0
          ? {}
          : { types: types as PredictionErrorFilters['types'] & string[] }),
        ...(query.unresolved === 'true' ? { unresolved: true } : {}),
        ...(query.memory_id === undefined ? {} : { memoryId: query.memory_id }),
      };
      return c.json(await engine.vault.listPredictionErrors(filters));
    },
  ),
];
