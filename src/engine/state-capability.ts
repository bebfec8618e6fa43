import {
  ENTITY_ID_PATTERN,
  EngineError,
  type HistoryEntry,
  type JsonObject,
  parseRfc3339,
  statsFromStored,
  toIso,
  toStateTracker,
  unwrap,
} from '../core/index.js';
import type { LedgerEvent } from '../ledger/index.js';
import {
  computeStats,
  type EntityView,
  type Explanation,
  explainField,
  type FieldView,
  readEntity,
  readField,
  type Stats,
} from '../pipeline/index.js';
import type { EngineContext } from './engine-context.js';

/** Which time a state read answers for (RFC 3339 instants; at most one of the two). */
export interface ReadOptions {
  /** Belief time: what Verity believed at this instant. */
  readonly at?: string | undefined;
  /** Valid time: what was true at this instant by event time, from everything known now. */
  readonly asOf?: string | undefined;
}

/** Reads of canonical state: fields, entities, explanations, history and counts. */
export interface StateCapability {
  /**
   * One field: as believed now, as believed at belief time `at`, or as it stood at valid time
   * `asOf` (by event time, from everything known now). Throws VALIDATION_FAILED for a bad time.
   */
  getField(entityId: string, field: string, options?: ReadOptions): Promise<FieldView>;
  /** A whole entity, read as `getField` reads one field. */
  getEntity(entityId: string, options?: ReadOptions): Promise<EntityView>;
  /** Ids of every entity that has state. */
  listEntities(): Promise<readonly string[]>;
  /** Why a field holds its value: the decision, its evidence and the alternatives. */
  explain(entityId: string, field: string): Promise<Explanation>;
  /** The entity's history (one field's, when given), oldest first. */
  history(entityId: string, field?: string): Promise<readonly HistoryEntry[]>;
  /** Counts over the store and the learning state (see `Stats`). */
  stats(): Promise<Stats>;
  /** Canonical state in the shape of seed 000's `memory/state-tracker.json`. */
  stateTracker(): Promise<JsonObject>;
  /** The ledger's newest sequence number (it grows with every recorded event). */
  lastSequence(): Promise<number>;
  /** Up to `limit` ledger events after sequence `after`, oldest first (live feeds page with it). */
  readLedger(after: number, limit: number): Promise<readonly LedgerEvent[]>;
}

/** Builds the state reads over the engine's store, policy and clock. */
export function createStateCapability(context: EngineContext): StateCapability {
  const { store, clock, currentPolicy } = context;
  return {
    async getField(entityId, field, readOptions) {
      checkEntityId(entityId);
      const [at, asOf] = readTimes(readOptions);
      return readField(store, await currentPolicy(), entityId, field, clock.now(), at, asOf);
    },

    async getEntity(entityId, readOptions) {
      checkEntityId(entityId);
      const [at, asOf] = readTimes(readOptions);
      return readEntity(store, await currentPolicy(), entityId, clock.now(), at, asOf);
    },

    async listEntities() {
      return [...new Set((await store.listSlots()).map((s) => s.entityId))];
    },

    async explain(entityId, field) {
      checkEntityId(entityId);
      return explainField(store, await currentPolicy(), entityId, field, clock.now());
    },

    async history(entityId, field) {
      checkEntityId(entityId);
      return store.listHistory(field === undefined ? { entityId } : { entityId, field });
    },

    async stats() {
      return computeStats(store, await currentPolicy(), clock.now());
    },

    stateTracker: () => stateTracker(context),

    lastSequence: () => store.lastSeq(),

    readLedger: (after, limit) => store.readEvents(after, limit),
  };
}

async function stateTracker(context: EngineContext): Promise<JsonObject> {
  const { store, clock } = context;
  const policy = await context.currentPolicy();
  const stats = unwrap(statsFromStored(await store.getMeta('learning'), policy));
  return toStateTracker({
    slots: await store.listSlots(),
    prompts: await store.listPrompts({ status: ['open', 'queued'] }),
    policy,
    stats,
    at: toIso(clock.now()),
  });
}

/**
 * The belief time and valid time a read asks for, checked: each RFC 3339, not both at once.
 * Throws VALIDATION_FAILED otherwise.
 */
function readTimes(options?: ReadOptions): [string | undefined, string | undefined] {
  const at = options?.at;
  const asOf = options?.asOf;
  for (const [name, value] of [
    ['at', at],
    ['as_of', asOf],
  ] as const) {
    if (value !== undefined && parseRfc3339(value) === null) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `${name} must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${value}")`,
        { field: name },
      );
    }
  }
  if (at !== undefined && asOf !== undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'ask for belief time (at) or valid time (as_of), not both',
      { field: 'as_of' },
    );
  }
  return [at, asOf];
}

const ENTITY_ID = new RegExp(ENTITY_ID_PATTERN);

/** Throws VALIDATION_FAILED for an id that is not `user:<slug>`, `family:<slug>` or `team:<slug>`. */
function checkEntityId(entityId: string): void {
  if (!ENTITY_ID.test(entityId)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `"${entityId}" is not an entity id: use user:<slug>, family:<slug> or team:<slug> (a-z 0-9 . _ -), e.g. user:alex`,
      { field: 'entity_id' },
    );
  }
}
