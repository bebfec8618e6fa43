/** A camelCase identifier (`dlqId`, `schemaName`): the only key shape the wire converts. */
const CAMEL_CASE = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;

/**
 * `dlqId` → `dlq_id`. Only camelCase identifiers change: snake_case keys and keys that are data
 * (`WRONG_RECALL` as a map key, a place name, a field path) are returned as is.
 */
export function toSnakeCaseKey(key: string): string {
  if (!CAMEL_CASE.test(key)) return key;
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * A JSON value with every object key in snake_case, deeply: the one wire vocabulary of every
 * JSON surface (CLI `--json`, HTTP). Keys of maps whose keys are data (field paths, entity ids)
 * contain no capitals and pass unchanged. Arrays keep their order; scalars are returned as is.
 */
export function toWireJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWireJson);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return toWireJson((value as { toJSON: () => unknown }).toJSON());
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    out[toSnakeCaseKey(key)] = toWireJson(inner);
  }
  return out;
}

/** Whether no object key in `value` (deeply) is a camelCase identifier. */
export function isWireJson(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isWireJson);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, inner]) => !CAMEL_CASE.test(key) && isWireJson(inner));
}
