import { rowLimit } from '../index.js';

/** A contract limit as a SQLite `LIMIT` value: `LIMIT -1` reads all. */
export function toSqlLimit(limit: number | undefined): number {
  return rowLimit(limit) ?? -1;
}

/** A list filter as a JSON array for `json_each`, or null for no filter. */
export function toJsonList(values: readonly string[] | undefined): string | null {
  return values === undefined ? null : JSON.stringify(values);
}
