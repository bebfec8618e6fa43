import { DEFAULT_ENTITY, ENTITY_ID_PATTERN } from '../../core/index.js';

/**
 * Where one write lands: the entity id it resolves to once the engine's defaults are applied
 * (`user:primary` when nothing names one), or the raw value a caller sent that is no entity id.
 */
export interface WriteTarget {
  /** The value as resolved; a string matching `ENTITY_ID_PATTERN` is a canonical entity id. */
  readonly entity: unknown;
  /** Where it came from, for the refusal (`entity_id`, `messages[2].entity_id`, `line 3`). */
  readonly where: string;
}

const canonical = new RegExp(ENTITY_ID_PATTERN);

/** True when `value` is a canonical entity id (`user:alex`, `family:smith`). */
export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && canonical.test(value);
}

function member(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** `value` when given (even if malformed, so it is refused, never skipped), else `fallback`. */
function orDefault(value: unknown, fallback: unknown): unknown {
  return value === undefined || value === null ? fallback : value;
}

/** A body whose one `entity_id` (default `user:primary`) owns everything it writes. */
function ownEntity(body: unknown): WriteTarget[] {
  return [{ entity: orDefault(member(body, 'entity_id'), DEFAULT_ENTITY), where: 'entity_id' }];
}

/** `POST /api/messages`: each message's `entity_id`, else the call's, else `user:primary`. */
function messageTargets(body: unknown): WriteTarget[] {
  const call = orDefault(member(body, 'entity_id'), DEFAULT_ENTITY);
  const messages = member(body, 'messages');
  if (!Array.isArray(messages)) return [{ entity: call, where: 'entity_id' }];
  return messages.map((message, i) => ({
    entity: orDefault(member(message, 'entity_id'), call),
    where: `messages[${i}].entity_id`,
  }));
}

/**
 * The writes whose entity comes from the request body, by `METHOD path`: what each resolves to
 * after the engine's defaults. A token limited to some entities may call them only when every
 * target is on its allow-list; the check runs before the route, so nothing is written otherwise.
 * Writes that name their target in the path (a task, a review, an inbox item) are resolved by
 * `auth.ts`'s target lookups instead, and workspace-wide ones are marked `allEntities`.
 */
const BODY_TARGETS: ReadonlyMap<string, (body: unknown) => WriteTarget[]> = new Map([
  ['POST /api/messages', messageTargets],
  ['POST /api/sessions', ownEntity],
  ['POST /api/tasks', ownEntity],
  ['POST /api/memories', ownEntity],
]);

/**
 * `POST /api/ingest`: each JSONL line's `entity_id`, else `user:primary` (a message or note that
 * names none is stored as the primary user's). Blank and unparseable lines are left to the
 * route, which rejects them without writing.
 */
function ingestTargets(text: string): WriteTarget[] {
  const targets: WriteTarget[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return;
    }
    targets.push({
      entity: orDefault(member(record, 'entity_id'), DEFAULT_ENTITY),
      where: `line ${i + 1}`,
    });
  });
  return targets;
}

/**
 * The entities a REST write resolves to, or null when the route's entity does not come from its
 * body. `text` is the raw request body.
 */
export function writeTargets(method: string, path: string, text: string): WriteTarget[] | null {
  if (method === 'POST' && path === '/api/ingest') return ingestTargets(text);
  const resolve = BODY_TARGETS.get(`${method} ${path}`);
  if (resolve === undefined) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the route answers 400 before it writes anything.
    return [];
  }
  return resolve(body);
}
