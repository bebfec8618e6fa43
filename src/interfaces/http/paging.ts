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

/**
 * Where a list route's rows are in its answer: the name of the array member (`reviews`), or `.`
 * when the answer is the array itself.
 */
export type ListKey = string;

/** The paging parameters a request named, or undefined when it named neither. */
function pagingOf(query: Record<string, unknown>): { limit?: number; cursor?: string } | undefined {
  const limit = query['limit'] as number | undefined;
  const cursor = query['cursor'] as string | undefined;
  if (limit === undefined && cursor === undefined) return undefined;
  return { ...(limit === undefined ? {} : { limit }), ...(cursor === undefined ? {} : { cursor }) };
}

/**
 * Pages the answer of a list route that predates pagination (`RouteSpec.list`), additively:
 * an object answer keeps its members, its `key` array becomes the page, and `items` (the same
 * page) and `next_cursor` are added; without `limit` or `cursor` the page is the whole list, as
 * before. A bare-array answer stays a bare array unless `limit` or `cursor` is given, when it
 * becomes a `Page`. Rows keep the order the route answered in.
 */
export function pageAnswer(answer: unknown, key: ListKey, query: Record<string, unknown>): unknown {
  const paging = pagingOf(query);
  if (key === '.') {
    if (!Array.isArray(answer) || paging === undefined) return answer;
    return paginate(answer, paging);
  }
  if (typeof answer !== 'object' || answer === null) return answer;
  const rows = (answer as Record<string, unknown>)[key];
  if (!Array.isArray(rows)) return answer;
  const page = paging === undefined ? { items: rows, next_cursor: null } : paginate(rows, paging);
  return { ...answer, [key]: page.items, items: page.items, next_cursor: page.next_cursor };
}

/** The documented answer of a list route (`RouteSpec.list`): `response` with the page members. */
export function pagedResponseSchema(response: z.ZodType | undefined, key: ListKey): z.ZodType {
  if (key === '.') {
    const element = response instanceof z.ZodArray ? (response.element as z.ZodType) : z.unknown();
    return z.union([z.array(element), pageSchema(element)]);
  }
  const base = response instanceof z.ZodObject ? response : z.looseObject({});
  const member = (base.shape as Record<string, z.ZodType | undefined>)[key];
  const row = member instanceof z.ZodArray ? (member.element as z.ZodType) : z.unknown();
  return base.extend({
    [key]: z.array(row),
    items: z.array(row),
    next_cursor: z.string().nullable(),
  });
}
