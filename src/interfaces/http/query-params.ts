import type { Context } from 'hono';
import { EngineError } from '../../core/index.js';

/**
 * Refuses a request whose query string names a parameter outside `allowed`, so a misspelt or
 * renamed one (`?entity=` for `?entity_id=`) fails with 400 instead of being silently ignored.
 */
export function refuseUnknownQuery(c: Context, allowed: readonly string[]): void {
  const unknown = Object.keys(c.req.queries()).filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return;
  const expected = allowed.length === 0 ? 'none' : allowed.join(', ');
  throw new EngineError(
    'VALIDATION_FAILED',
    `unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (accepted: ${expected})`,
    { field: unknown[0] ?? '' },
  );
}
