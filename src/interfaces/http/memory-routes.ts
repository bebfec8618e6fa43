import type { Context, Hono } from 'hono';
import { EngineError } from '../../core/index.js';
import type { Engine, PredictionErrorFilters } from '../../engine/index.js';

const ERROR_TYPES = new Set([
  'memory_drift',
  'memory_source_changed',
  'memory_external_signal',
  'low_overlap',
  'state_zone_edit',
]);

function bad(message: string, field: string): EngineError {
  return new EngineError('VALIDATION_FAILED', message, { field });
}

async function jsonBody(c: Context, allowed: readonly string[]): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw bad('the body must be a JSON object', 'body');
  }
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw bad(`unknown parameter ${unknown.join(', ')}`, unknown[0] ?? '');
  return body as Record<string, unknown>;
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') throw bad(`${key} must be text`, key);
  return value;
}

function list(body: Record<string, unknown>, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw bad(`${key} must be a list of strings`, key);
  }
  return value as string[];
}

function optionalText(body: Record<string, unknown>, key: string): string | undefined {
  return body[key] === undefined ? undefined : text(body, key);
}

/**
 * Mounts the memory and drift routes: `GET /api/memories`, `POST /api/memories`
 * (`{text, tags?, cites?, entity_id?}`), `GET /api/memories/:id` (drift-checked, with history),
 * `PUT /api/memories/:id` (`{text, tags?, cites?}`), `DELETE /api/memories/:id`,
 * `POST /api/memories/:id/signals` (`{detail, note_path?, source?}`) and
 * `GET /api/prediction-errors?type=&unresolved=true&memory_id=`.
 */
export function registerMemoryRoutes(app: Hono, engine: Engine): void {
  app.get('/api/memories', async (c) => {
    const tag = c.req.query('tag');
    return c.json(await engine.vault.listMemories(tag === undefined ? {} : { tag }));
  });

  app.post('/api/memories', async (c) => {
    const body = await jsonBody(c, ['text', 'tags', 'cites', 'entity_id']);
    const tags = list(body, 'tags');
    const cites = list(body, 'cites');
    const entityId = optionalText(body, 'entity_id');
    const result = await engine.vault.recordMemory({
      text: text(body, 'text'),
      ...(tags === undefined ? {} : { tags }),
      ...(cites === undefined ? {} : { cites }),
      ...(entityId === undefined ? {} : { entityId }),
    });
    return c.json(result, 201);
  });

  app.get('/api/memories/:id', async (c) =>
    c.json(await engine.vault.showMemory(c.req.param('id'))),
  );

  app.put('/api/memories/:id', async (c) => {
    const body = await jsonBody(c, ['text', 'tags', 'cites']);
    const tags = list(body, 'tags');
    const cites = list(body, 'cites');
    return c.json(
      await engine.vault.updateMemory(c.req.param('id'), {
        text: text(body, 'text'),
        ...(tags === undefined ? {} : { tags }),
        ...(cites === undefined ? {} : { cites }),
      }),
    );
  });

  app.delete('/api/memories/:id', async (c) =>
    c.json(await engine.vault.forgetMemory(c.req.param('id'))),
  );

  app.post('/api/memories/:id/signals', async (c) => {
    const body = await jsonBody(c, ['detail', 'note_path', 'source']);
    const source = optionalText(body, 'source');
    const row = await engine.vault.recordSignal(c.req.param('id'), {
      detail: text(body, 'detail'),
      notePath: optionalText(body, 'note_path') ?? null,
      ...(source === undefined ? {} : { source }),
    });
    return c.json(row, 201);
  });

  app.get('/api/prediction-errors', async (c) => {
    const types = c.req.queries('type') ?? [];
    for (const type of types) {
      if (!ERROR_TYPES.has(type)) throw bad(`unknown type ${type}`, 'type');
    }
    const memoryId = c.req.query('memory_id');
    const filters: PredictionErrorFilters = {
      ...(types.length === 0 ? {} : { types: types as PredictionErrorFilters['types'] & string[] }),
      ...(c.req.query('unresolved') === 'true' ? { unresolved: true } : {}),
      ...(memoryId === undefined ? {} : { memoryId }),
    };
    return c.json(await engine.vault.listPredictionErrors(filters));
  });
}
