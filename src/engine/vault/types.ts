import type { MemoryHit } from '../../context/index.js';
import type { PredictionErrorPayload } from '../../ledger/index.js';
import type { PredictionErrorType } from '../../stores/index.js';
import type {
  Citations,
  DriftSettings,
  NoteHit,
  VaultIndexReport,
  VaultWatching,
} from '../../vault/index.js';

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

/**
 * A prediction error as the interfaces show it: what the detector recorded (without its run
 * instant `at`), the memory's text when it has one, and when it was first and last seen and
 * resolved.
 */
export interface PredictionErrorView extends Omit<PredictionErrorPayload, 'at' | 'error_type'> {
  readonly error_type: PredictionErrorType;
  readonly memory_text: string | null;
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
  /**
   * Indexes the registered folders; unchanged notes cost a read and a hash. Memories citing a
   * note whose chunks changed are checked for drift at once (their prediction errors recorded).
   */
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

/** Marks a drifted memory's text in retrieval. */
export const DRIFT_MARKER = '[DRIFTED]';
