import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { MemoryHit } from '../context/index.js';
import {
  canonicalJson,
  contentHash,
  DEFAULT_ENTITY,
  deriveUuid,
  ENTITY_ID_PATTERN,
  EngineError,
  type JsonObject,
  toIso,
} from '../core/index.js';
import type { Embedder } from '../embeddings/index.js';
import {
  EVENT_TYPES,
  type MemoryRecordedPayload,
  type MemoryUpdatedPayload,
  type PredictionErrorPayload,
} from '../ledger/index.js';
import {
  applyEvent,
  flushSession,
  forget,
  openSession,
  type PipelineDeps,
  recordEvent,
  withPipelineTx,
} from '../pipeline/index.js';
import type {
  MemoryRecord,
  MemoryRevision,
  PredictionError,
  PredictionErrorType,
  Store,
} from '../stores/index.js';
import {
  type Citations,
  DEFAULT_DEBOUNCE_MS,
  type DriftSettings,
  detectDrift,
  driftThresholdFor,
  indexVault,
  type NoteHit,
  resolveCitations,
  SEED_DRIFT_THRESHOLD,
  searchNotes,
  snapshotPassages,
  type VaultDeps,
  type VaultIndexReport,
  type VaultWatching,
  watchVault,
} from '../vault/index.js';
import type { PromotionLink } from './observer-capability.js';

/** Drift settings of `createEngine` (config `vault.*`). */
export interface EngineVaultOptions {
  /** `memory_drift` threshold (cosine distance); default: the embedder's calibrated value. */
  readonly driftThreshold?: number;
  /** Debounce window of drift detection in hours; default 24. */
  readonly debounceHours?: number;
  /** `low_overlap` threshold of note search (cosine distance); default the seed's 0.62. */
  readonly lowOverlapThreshold?: number;
}

/** A memory as the interfaces show it (snake_case). */
export interface MemoryView {
  readonly memory_id: string;
  readonly entity_id: string;
  readonly text: string;
  readonly tags: readonly string[];
  readonly cites: readonly string[];
  readonly source: { readonly kind: string; readonly ref: string | null };
  readonly revision: number;
  readonly created_at: string;
  readonly updated_at: string;
  /** Open prediction errors of the memory: a drifted memory is never shown as current. */
  readonly drift: readonly string[];
}

/** A prediction error as the interfaces show it, with the memory's text when it has one. */
export interface PredictionErrorView {
  readonly error_id: string;
  readonly error_type: PredictionErrorType;
  readonly memory_id: string | null;
  readonly memory_text: string | null;
  readonly note_path: string | null;
  readonly query: string;
  readonly distance: number | null;
  readonly passage_then: string | null;
  readonly passage_now: string | null;
  readonly detail: string | null;
  readonly detected_at: string;
  readonly last_seen_at: string;
  readonly resolved_at: string | null;
}

/** What writing a memory reports besides the memory. */
export interface MemoryWriteResult {
  readonly memory: MemoryView;
  /** Links naming several notes (not cited; never guessed). */
  readonly ambiguous_links: Citations['ambiguous'];
  /** Links naming no indexed note. */
  readonly missing_links: readonly string[];
}

/** One memory with its history and open prediction errors. */
export interface MemoryDetail extends MemoryView {
  readonly passages: readonly {
    readonly note_path: string;
    readonly heading: string;
    readonly text: string;
  }[];
  readonly revisions: readonly {
    readonly revision: number;
    readonly text: string;
    readonly recorded_at: string;
  }[];
  readonly prediction_errors: readonly PredictionErrorView[];
}

/** Input of `recordMemory`. */
export interface RecordMemoryInput {
  readonly text: string;
  readonly tags?: readonly string[];
  readonly cites?: readonly string[];
  readonly entityId?: string;
  /** Where it came from; default direct. A promotion names its proposal in `ref`. */
  readonly source?: { readonly kind: 'direct' | 'promotion'; readonly ref?: string | null };
}

/** Input of `updateMemory`: tags and cites are kept unless given. */
export interface UpdateMemoryInput {
  readonly text: string;
  readonly tags?: readonly string[];
  readonly cites?: readonly string[];
}

/** Filters of `listPredictionErrors`. */
export interface PredictionErrorFilters {
  readonly types?: readonly PredictionErrorType[];
  readonly unresolved?: boolean;
  readonly memoryId?: string;
  readonly limit?: number;
}

/** The notes vault, memories and drift on the engine (`engine.vault`). */
export interface VaultCapability {
  /** The drift settings in force. */
  readonly settings: DriftSettings;
  /** Registers a folder of markdown notes. Throws NOT_FOUND when it is not a directory. */
  addRoot(directory: string): Promise<{ readonly root: string; readonly added_at: string }>;
  /** Indexes the registered folders; unchanged notes cost a read and a hash. */
  index(): Promise<VaultIndexReport>;
  /**
   * Keeps the index current until stopped (as `verity serve` does): re-indexes when markdown
   * under a registered folder changes, and every `pollMs` (default 60 s).
   */
  watch(options: {
    readonly onError: (error: unknown) => void;
    readonly pollMs?: number;
  }): Promise<VaultWatching>;
  /**
   * Searches the note chunks (vectors when configured, else shared words), best first; records a
   * `low_overlap` prediction error when even the best chunk is far from the query.
   */
  searchNotes(
    query: string,
    options?: { readonly limit?: number },
  ): Promise<{
    readonly hits: readonly NoteHit[];
    readonly low_overlap: PredictionErrorView | null;
  }>;
  /** Records a memory (`memory.recorded`), snapshotting the passages it cites. */
  recordMemory(input: RecordMemoryInput): Promise<MemoryWriteResult>;
  /** Records a new revision (`memory.updated`), resolving the memory's open prediction errors. */
  updateMemory(memoryId: string, input: UpdateMemoryInput): Promise<MemoryWriteResult>;
  /**
   * Forgets a memory (`memory.forgotten`) with its revisions and prediction errors, then redacts
   * the text of its `memory.recorded`/`memory.updated` events in the ledger (as `verity forget`
   * does for messages). `redact: false` only drops it from derived state (retiring a promoted
   * entry keeps its history).
   */
  forgetMemory(
    memoryId: string,
    options?: { readonly redact?: boolean; readonly reason?: string },
  ): Promise<{ readonly memory_id: string; readonly forgotten: true; readonly redacted: number }>;
  /** The memory recorded when MEMORY.md entry `entryId` (`m-YYYYMMDD-NNN`) was promoted, or null. */
  promotedMemory(entryId: string): Promise<MemoryView | null>;
  /** Memories, oldest first, each with its open prediction error types. */
  listMemories(options?: {
    readonly tag?: string;
    readonly entityId?: string;
  }): Promise<readonly MemoryView[]>;
  /** One memory with revisions and prediction errors; runs drift detection first. */
  showMemory(memoryId: string): Promise<MemoryDetail>;
  /**
   * Runs drift detection for retrieved memories (debounced) and records what it found; returns
   * the memory ids with an open prediction error afterwards.
   */
  checkDrift(memoryIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** Records an external signal against a memory (`memory_external_signal`). */
  recordSignal(
    memoryId: string,
    signal: {
      readonly notePath?: string | null;
      readonly detail: string;
      readonly source?: string;
    },
  ): Promise<PredictionErrorView>;
  listPredictionErrors(filters?: PredictionErrorFilters): Promise<readonly PredictionErrorView[]>;
  /**
   * Memories of `entityIds` sharing words with `query`, most shared words first (then newest), at
   * most `limit`, drift-checked: a drifted memory's text starts with `DRIFT_MARKER` and names what
   * drifted. For the context builder, which places them ahead of retrieved messages.
   */
  retrieve(
    query: string,
    entityIds: readonly string[],
    limit: number,
  ): Promise<readonly MemoryHit[]>;
}

/**
 * Links MEMORY.md promotion to the vault's memories: a promoted entry is recorded as a memory
 * (source kind `promotion`, ref = the entry id); retiring it drops that memory from derived
 * state, forgetting it also redacts the memory's text in the ledger.
 */
export function promotionLink(vault: VaultCapability): PromotionLink {
  return {
    async promoted(entry) {
      if ((await vault.promotedMemory(entry.memoryId)) !== null) return;
      await vault.recordMemory({
        text: entry.text,
        source: { kind: 'promotion', ref: entry.memoryId },
      });
    },
    async retired(entryId, reason) {
      const memory = await vault.promotedMemory(entryId);
      if (memory !== null) await vault.forgetMemory(memory.memory_id, { redact: false, reason });
    },
    async forgotten(entryId, reason) {
      const memory = await vault.promotedMemory(entryId);
      if (memory !== null) await vault.forgetMemory(memory.memory_id, { reason });
    },
  };
}

/** The one marker a drifted memory carries wherever an agent reads it. */
export const DRIFT_MARKER = '[DRIFTED]';

const WORD = /[\p{L}\p{N}]{3,}/gu;

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))].sort();
}

function toErrorView(row: PredictionError, memory: MemoryRecord | null): PredictionErrorView {
  return {
    error_id: row.errorId,
    error_type: row.errorType,
    memory_id: row.memoryId,
    memory_text: memory?.text ?? null,
    note_path: row.notePath,
    query: row.query,
    distance: row.distance,
    passage_then: row.passageThen,
    passage_now: row.passageNow,
    detail: row.detail,
    detected_at: row.detectedAt,
    last_seen_at: row.lastSeenAt,
    resolved_at: row.resolvedAt,
  };
}

function toRevisionView(revision: MemoryRevision) {
  return { revision: revision.revision, text: revision.text, recorded_at: revision.recordedAt };
}

/** Wires the vault services to the store, the embedder and the ledger. */
export function createVaultCapability(
  store: Store,
  deps: PipelineDeps,
  embedder: Embedder | null,
  options: EngineVaultOptions = {},
  redact: (eventId: string, reason: string) => Promise<void> = async (eventId, reason) => {
    await forget(deps, { kind: 'event', eventId }, reason);
  },
): VaultCapability {
  const vaultDeps: VaultDeps = { store, embedder, clock: deps.clock };
  const settings: DriftSettings = {
    threshold: options.driftThreshold ?? driftThresholdFor(embedder?.space.model ?? null),
    debounceMs: (options.debounceHours ?? DEFAULT_DEBOUNCE_MS / 3_600_000) * 3_600_000,
  };

  const openTypes = async (memoryId: string): Promise<string[]> =>
    sortedUnique(
      (await store.vault.listPredictionErrors({ memoryId, unresolved: true })).map(
        (row) => row.errorType,
      ),
    );

  const toView = async (memory: MemoryRecord): Promise<MemoryView> => ({
    memory_id: memory.memoryId,
    entity_id: memory.entityId,
    text: memory.text,
    tags: memory.tags,
    cites: memory.cites,
    source: { kind: memory.sourceKind, ref: memory.sourceRef },
    revision: memory.revision,
    created_at: memory.createdAt,
    updated_at: memory.updatedAt,
    drift: await openTypes(memory.memoryId),
  });

  const requireMemory = async (memoryId: string): Promise<MemoryRecord> => {
    const memory = await store.vault.getMemory(memoryId);
    if (memory === null) {
      throw new EngineError('NOT_FOUND', `No memory ${memoryId}`, { operation: 'memory' });
    }
    return memory;
  };

  const requireText = (text: string): string => {
    const trimmed = text.trim();
    if (trimmed === '') {
      throw new EngineError('VALIDATION_FAILED', 'a memory needs text', { operation: 'memory' });
    }
    return trimmed;
  };

  const cite = async (text: string, cites: readonly string[]) => {
    const citations = await resolveCitations(vaultDeps, text, cites);
    const passages = await snapshotPassages(vaultDeps, text, citations.resolved);
    return {
      citations,
      cites: sortedUnique(citations.resolved.map((c) => c.path)),
      passages,
    };
  };

  // All findings of one retrieval go in one write transaction: one commit instead of one each.
  const record = async (findings: readonly PredictionErrorPayload[]): Promise<void> => {
    if (findings.length === 0) return;
    const now = toIso(deps.clock.now());
    const type = EVENT_TYPES.predictionErrorDetected;
    await withPipelineTx(store, { entities: [], global: true }, async (tx) => {
      const session = await openSession(tx);
      for (const finding of findings) {
        const payload = finding as unknown as JsonObject;
        const event = {
          eventId: deriveUuid(type, canonicalJson(payload)),
          type,
          entityId: null,
          eventTs: now,
          recordedAt: now,
          payload,
          payloadHash: contentHash(payload),
          dedupeKey: null,
        };
        const appended = await tx.appendEvent(event);
        if (appended.kind !== 'appended') continue;
        await applyEvent(tx, session, { ...event, seq: appended.seq, redacted: false });
      }
      await flushSession(tx, session);
    });
  };

  const checkDrift = async (memoryIds: readonly string[]): Promise<ReadonlySet<string>> => {
    if (memoryIds.length === 0) return new Set();
    const memories = await store.vault.listMemories({ memoryIds });
    await record(await detectDrift(vaultDeps, memories, settings));
    const open = await store.vault.listPredictionErrors({ unresolved: true });
    const wanted = new Set(memoryIds);
    return new Set(
      open.flatMap((row) =>
        row.memoryId !== null && wanted.has(row.memoryId) ? [row.memoryId] : [],
      ),
    );
  };

  const withMemories = async (rows: readonly PredictionError[]): Promise<PredictionErrorView[]> => {
    const ids = sortedUnique(rows.flatMap((row) => (row.memoryId === null ? [] : [row.memoryId])));
    const memories = new Map(
      (await store.vault.listMemories({ memoryIds: ids })).map((m) => [m.memoryId, m]),
    );
    return rows.map((row) =>
      toErrorView(row, row.memoryId === null ? null : (memories.get(row.memoryId) ?? null)),
    );
  };

  return {
    settings,

    async addRoot(directory) {
      const root = resolve(directory);
      const info = await stat(root).catch(() => null);
      if (info === null || !info.isDirectory()) {
        throw new EngineError('NOT_FOUND', `${directory} is not a directory`, {
          operation: 'vaultAdd',
        });
      }
      const addedAt = toIso(deps.clock.now());
      await store.withWriteLock({ entities: [], global: true }, (tx) =>
        tx.vault.putRoot({ root, addedAt }),
      );
      const kept = (await store.vault.listRoots()).find((r) => r.root === root);
      return { root, added_at: kept?.addedAt ?? addedAt };
    },

    index: () => indexVault(vaultDeps),

    async watch(watchOptions) {
      const roots = (await store.vault.listRoots()).map((r) => r.root);
      return watchVault({
        roots,
        index: () => indexVault(vaultDeps),
        onError: watchOptions.onError,
        ...(watchOptions.pollMs === undefined ? {} : { pollMs: watchOptions.pollMs }),
      });
    },

    async searchNotes(query, searchOptions = {}) {
      const found = await searchNotes(vaultDeps, query, {
        limit: searchOptions.limit ?? 10,
        lowOverlapThreshold: options.lowOverlapThreshold ?? SEED_DRIFT_THRESHOLD,
      });
      if (found.lowOverlap === null) return { hits: found.hits, low_overlap: null };
      await record([found.lowOverlap]);
      const row = await store.vault.getPredictionError(found.lowOverlap.error_id);
      return { hits: found.hits, low_overlap: row === null ? null : toErrorView(row, null) };
    },

    async recordMemory(input) {
      const text = requireText(input.text);
      const entityId = input.entityId ?? DEFAULT_ENTITY;
      if (!new RegExp(ENTITY_ID_PATTERN).test(entityId)) {
        throw new EngineError('VALIDATION_FAILED', `bad entity id ${entityId}`, {
          operation: 'recordMemory',
        });
      }
      const { citations, cites, passages } = await cite(text, input.cites ?? []);
      const ref = input.source?.ref ?? null;
      // A promoted entry's memory id follows from the entry id, so equal ledgers give equal ids.
      const memoryId =
        input.source?.kind === 'promotion' && ref !== null
          ? `mem_${contentHash(`promotion:${ref}`).slice(0, 16)}`
          : `mem_${deps.ids.uuid().replaceAll('-', '').slice(-16)}`;
      const payload: MemoryRecordedPayload = {
        memory_id: memoryId,
        entity_id: entityId,
        text,
        tags: sortedUnique(input.tags ?? []),
        cites,
        passages,
        source_kind: input.source?.kind ?? 'direct',
        source_ref: input.source?.ref ?? null,
      };
      await recordEvent(
        deps,
        EVENT_TYPES.memoryRecorded,
        payload as unknown as JsonObject,
        entityId,
      );
      return {
        memory: await toView(await requireMemory(memoryId)),
        ambiguous_links: citations.ambiguous,
        missing_links: citations.missing,
      };
    },

    async updateMemory(memoryId, input) {
      const before = await requireMemory(memoryId);
      const text = requireText(input.text);
      const explicit = input.cites ?? before.cites;
      const { citations, cites, passages } = await cite(text, explicit);
      const payload: MemoryUpdatedPayload = {
        memory_id: memoryId,
        text,
        tags: sortedUnique(input.tags ?? before.tags),
        cites,
        passages,
      };
      await recordEvent(
        deps,
        EVENT_TYPES.memoryUpdated,
        { ...(payload as unknown as JsonObject), revision: before.revision + 1 },
        before.entityId,
      );
      return {
        memory: await toView(await requireMemory(memoryId)),
        ambiguous_links: citations.ambiguous,
        missing_links: citations.missing,
      };
    },

    async forgetMemory(memoryId, forgetOptions = {}) {
      const memory = await requireMemory(memoryId);
      // The revisions name every event that carried the text; read them before the cascade.
      const eventIds = (await store.vault.listRevisions(memoryId)).map((r) => r.eventId);
      await recordEvent(
        deps,
        EVENT_TYPES.memoryForgotten,
        { memory_id: memoryId },
        memory.entityId,
      );
      if (forgetOptions.redact === false)
        return { memory_id: memoryId, forgotten: true, redacted: 0 };
      const reason = forgetOptions.reason ?? `memory ${memoryId} forgotten`;
      for (const eventId of eventIds) await redact(eventId, reason);
      return { memory_id: memoryId, forgotten: true, redacted: eventIds.length };
    },

    async promotedMemory(entryId) {
      const found = (await store.vault.listMemories()).find(
        (m) => m.sourceKind === 'promotion' && m.sourceRef === entryId,
      );
      return found === undefined ? null : toView(found);
    },

    async listMemories(listOptions = {}) {
      const memories = await store.vault.listMemories({
        ...(listOptions.tag === undefined ? {} : { tag: listOptions.tag }),
        ...(listOptions.entityId === undefined ? {} : { entityId: listOptions.entityId }),
      });
      return Promise.all(memories.map(toView));
    },

    async showMemory(memoryId) {
      await requireMemory(memoryId);
      await checkDrift([memoryId]);
      const memory = await requireMemory(memoryId);
      const rows = await store.vault.listPredictionErrors({ memoryId });
      return {
        ...(await toView(memory)),
        passages: memory.passages.map((p) => ({
          note_path: p.notePath,
          heading: p.heading,
          text: p.text,
        })),
        revisions: (await store.vault.listRevisions(memoryId)).map(toRevisionView),
        prediction_errors: rows.map((row) => toErrorView(row, memory)),
      };
    },

    checkDrift,

    async recordSignal(memoryId, signal) {
      const memory = await requireMemory(memoryId);
      const detail = signal.detail.trim();
      if (detail === '') {
        throw new EngineError('VALIDATION_FAILED', 'a signal needs a detail', {
          operation: 'recordSignal',
        });
      }
      const open = (
        await store.vault.listPredictionErrors({
          memoryId,
          types: ['memory_external_signal'],
          unresolved: true,
        })
      )[0];
      const at = toIso(deps.clock.now());
      const errorId = open?.errorId ?? `pe-signal-${deps.ids.uuid()}`;
      const payload: PredictionErrorPayload = {
        error_id: errorId,
        error_type: 'memory_external_signal',
        memory_id: memoryId,
        note_path: signal.notePath ?? null,
        query: `signal:${signal.source ?? 'external'}`,
        distance: null,
        passage_then: null,
        passage_now: null,
        detail,
        at,
      };
      await record([payload]);
      const row = await store.vault.getPredictionError(errorId);
      if (row === null) {
        throw new EngineError('STORE_FAILED', 'the signal was not stored', {
          operation: 'recordSignal',
        });
      }
      return toErrorView(row, memory);
    },

    async retrieve(query, entityIds, limit) {
      const wanted = wordsOf(query);
      if (wanted.size === 0 || limit <= 0) return [];
      const scope = new Set(entityIds);
      const scored = (await store.vault.listMemories())
        .filter((memory) => scope.has(memory.entityId))
        .map((memory) => ({
          memory,
          shared: [...wordsOf(memory.text)].filter((word) => wanted.has(word)).length,
        }))
        .filter((entry) => entry.shared > 0)
        .sort(
          (a, b) =>
            b.shared - a.shared ||
            (a.memory.updatedAt < b.memory.updatedAt ? 1 : -1) ||
            (a.memory.memoryId < b.memory.memoryId ? -1 : 1),
        )
        .slice(0, limit);
      const drifted = await checkDrift(scored.map((entry) => entry.memory.memoryId));
      return Promise.all(
        scored.map(async ({ memory, shared }) => {
          const types = drifted.has(memory.memoryId) ? await openTypes(memory.memoryId) : [];
          const text =
            types.length === 0
              ? memory.text
              : `${DRIFT_MARKER} (${types.join(', ')}; its notes changed) ${memory.text}`;
          return {
            id: `memory:${memory.memoryId}`,
            kind: 'memory',
            text,
            // Recorded memories rank ahead of retrieved messages (search scores are below 1).
            score: 1 + shared,
            created_at: memory.updatedAt,
            message_id: null,
            thread_id: null,
          };
        }),
      );
    },

    async listPredictionErrors(filters = {}) {
      const rows = await store.vault.listPredictionErrors({
        ...(filters.types === undefined ? {} : { types: filters.types }),
        ...(filters.unresolved === undefined ? {} : { unresolved: filters.unresolved }),
        ...(filters.memoryId === undefined ? {} : { memoryId: filters.memoryId }),
        ...(filters.limit === undefined ? {} : { limit: filters.limit }),
      });
      return withMemories(rows);
    },
  };
}
