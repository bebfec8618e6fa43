import type { Context, Hono } from 'hono';
import { EngineError } from '../../core/index.js';
import type { BuildContextRequest, Engine } from '../../engine/index.js';
import { refuseUnknownQuery } from './query-params.js';

function invalid(message: string, field: string): EngineError {
  return new EngineError('VALIDATION_FAILED', message, { field });
}

function optional(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The request a `GET /api/context` query string asks for; entity and budget checked by the engine. */
function contextRequestOf(c: Context): BuildContextRequest {
  refuseUnknownQuery(c, ['entity_id', 'thread_id', 'query', 'budget', 'mode', 'entity', 'thread']);
  const budgetText = optional(c, 'budget');
  if (budgetText !== undefined && !/^\d{1,7}$/.test(budgetText)) {
    throw invalid('budget must be a whole number of tokens', 'budget');
  }
  const mode = optional(c, 'mode');
  if (mode !== undefined && mode !== 'full' && mode !== 'minimal') {
    throw invalid('mode must be full or minimal', 'mode');
  }
  return {
    entity: optional(c, 'entity_id') ?? optional(c, 'entity'),
    thread: optional(c, 'thread_id') ?? optional(c, 'thread'),
    query: optional(c, 'query'),
    budget: budgetText === undefined ? undefined : Number(budgetText),
    mode,
  };
}

/**
 * Mounts `GET /api/context?entity_id=&thread_id=&query=&budget=&mode=` (`entity` and `thread`
 * are accepted as older aliases): the engine's `buildContext`
 * result as JSON (sections with tokens, included ids, markdown).
 */
export function registerContextRoute(app: Hono, engine: Engine): void {
  app.get('/api/context', async (c) => c.json(await engine.buildContext(contextRequestOf(c))));
}
