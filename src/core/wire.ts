/** `dlqId` → `dlq_id`; keys already in snake_case (or without capitals) are returned as is. */
export function toSnakeCaseKey(key: string): string {
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

/** Whether every object key in `value` (deeply) is snake_case or otherwise capital-free. */
export function isWireJson(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isWireJson);
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(([key, inner]) => !/[A-Z]/.test(key) && isWireJson(inner));
}
