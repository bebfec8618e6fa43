import { z } from 'zod';
import { EngineError } from '../../core/index.js';

/** Query parameters of a paginated list: `limit` (1–500, default 50) and an opaque `cursor`. */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(500).optional().describe('Items per page (default 50)'),
  cursor: z.string().max(100).optional().describe('next_cursor of the previous page'),
};

/** One page of a stably ordered list. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Pass as `cursor` for the next page; null on the last one. */
  readonly next_cursor: string | null;
}

/** Response schema of a page of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/**
 * Slices `items` (already in a stable order) at an offset cursor. The cursor is opaque to clients
 * (base64url of the offset) so the scheme can move to keyset cursors without breaking them.
 */
export function paginate<T>(
  items: readonly T[],
  options: { readonly limit?: number | undefined; readonly cursor?: string | undefined },
): Page<T> {
  const limit = options.limit ?? 50;
  let offset = 0;
  if (options.cursor !== undefined) {
    const decoded = Buffer.from(options.cursor, 'base64url').toString('utf8');
    if (!/^\d{1,9}$/.test(decoded)) {
      throw new EngineError('VALIDATION_FAILED', 'cursor is not one this server issued', {
        field: 'cursor',
      });
    }
    offset = Number(decoded);
  }
  const end = offset + limit;
  return {
    items: items.slice(offset, end),
    next_cursor: end < items.length ? Buffer.from(String(end), 'utf8').toString('base64url') : null,
  };
}
