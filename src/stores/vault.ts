/**
 * The vault part of the `Store` contract: markdown notes and their chunks (an index of files the
 * user keeps, operational: rebuilt from the files, never from the ledger), memories with their
 * revisions and the `prediction_errors` table (both derived from ledger events, so a rebuild
 * reproduces them). Reached as `store.vault` (committed reads) and `tx.vault` (inside a write).
 * May import: core.
 */

import type { PredictionErrorType } from '../core/index.js';

/** The kinds of prediction error: one list, `PREDICTION_ERROR_TYPES` in core. */
export type { PredictionErrorType };

/** A folder of markdown notes registered with `verity vault add`. */
export interface VaultRoot {
  /** Absolute path of the folder. */
  readonly root: string;
  readonly addedAt: string;
}

/** One indexed note. Identity: `path`, relative to its vault root with `/` separators. */
export interface NoteRecord {
  readonly path: string;
  /** The vault root the note was read from. */
  readonly root: string;
  /** The first heading, else the file name without `.md`. */
  readonly title: string;
  /** SHA-256 of the file's exact text: an unchanged hash means re-indexing is free. */
  readonly contentHash: string;
  /** When the note was last (re)indexed (RFC 3339). */
  readonly indexedAt: string;
}

/** One chunk of a note: a heading section or a paragraph group. */
export interface NoteChunk {
  readonly path: string;
  /** Position in the note, from 0. */
  readonly ordinal: number;
  /** The heading path the chunk sits under (`A > B`), '' before the first heading. */
  readonly heading: string;
  readonly text: string;
  /** SHA-256 of the chunk's exact text. */
  readonly contentHash: string;
  /** SHA-256 of its normalised text (markdown syntax, list markers and whitespace removed). */
  readonly normalizedHash: string;
  /** Key of the chunk's vector in the vault vector cache (`embedder.contentHash`), or null. */
  readonly vectorKey: string | null;
}

/** Where a memory came from: recorded directly, or promoted from an observer proposal. */
type MemorySourceKind = 'direct' | 'promotion';

/** A passage of a cited note as it was when a memory was written or last confirmed. */
export interface CitedPassage {
  readonly notePath: string;
  readonly heading: string;
  readonly text: string;
  readonly normalizedHash: string;
}

/** A memory as stored (derived from `memory.*` events). */
export interface MemoryRecord {
  readonly memoryId: string;
  readonly entityId: string;
  readonly text: string;
  /** Sorted, unique. */
  readonly tags: readonly string[];
  /** Resolved note paths the memory cites, sorted and unique. */
  readonly cites: readonly string[];
  /** The cited passages as of `confirmedAt`, ordered by note path then heading. */
  readonly passages: readonly CitedPassage[];
  readonly sourceKind: MemorySourceKind;
  /** The promotion's proposal id or other reference; null for a direct memory. */
  readonly sourceRef: string | null;
  /** 1 for a new memory, +1 per update. */
  readonly revision: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When the cited passages were last snapshotted (written or updated). */
  readonly confirmedAt: string;
}

/** One revision of a memory: its text as of one `memory.recorded` or `memory.updated` event. */
export interface MemoryRevision {
  readonly memoryId: string;
  readonly revision: number;
  readonly text: string;
  readonly tags: readonly string[];
  readonly eventId: string;
  readonly recordedAt: string;
}

/**
 * One prediction error: evidence that something Verity holds no longer matches what it was drawn
 * from. Memory rows carry `memoryId`; note rows and zone edits carry `notePath` only.
 */
export interface PredictionError {
  readonly errorId: string;
  readonly errorType: PredictionErrorType;
  readonly memoryId: string | null;
  readonly notePath: string | null;
  /** What triggered the detection: `memory:<id>`, the search query, `zone:<id>`, or a source. */
  readonly query: string;
  /** Cosine distance behind the signal; null for deterministic signals. */
  readonly distance: number | null;
  readonly passageThen: string | null;
  readonly passageNow: string | null;
  /** Free text from the detector or the external source. */
  readonly detail: string | null;
  readonly detectedAt: string;
  readonly lastSeenAt: string;
  readonly resolvedAt: string | null;
}

/**
 * Which prediction errors to list; every given filter must hold. Ordered by `detectedAt`, then
 * `errorId`.
 */
export interface PredictionErrorQuery {
  readonly types?: readonly PredictionErrorType[];
  readonly memoryId?: string;
  readonly unresolved?: boolean;
  readonly limit?: number;
}

/** Which memories to list. Ordered by `createdAt`, then `memoryId`. */
export interface MemoryQuery {
  readonly entityId?: string;
  /** Only memories carrying this tag. */
  readonly tag?: string;
  readonly memoryIds?: readonly string[];
  readonly limit?: number;
}

/** The ledger-derived vault rows in canonical order, part of `Store.exportDerived`. */
export interface VaultSnapshot {
  /** Ordered by memoryId. */
  readonly memories: readonly MemoryRecord[];
  /** Ordered by memoryId, revision. */
  readonly revisions: readonly MemoryRevision[];
  /** Ordered by errorId. */
  readonly predictionErrors: readonly PredictionError[];
}

/** Read access to the vault tables. */
export interface VaultReader {
  listRoots(): Promise<readonly VaultRoot[]>;
  getNote(path: string): Promise<NoteRecord | null>;
  /** Every note, ordered by path. */
  listNotes(): Promise<readonly NoteRecord[]>;
  /** Chunks of the given notes, ordered by path then ordinal. */
  listChunks(paths: readonly string[]): Promise<readonly NoteChunk[]>;
  /** Cached vectors by key, for `model` (`id@version`); keys without a vector are absent. */
  getVectors(model: string, keys: readonly string[]): Promise<ReadonlyMap<string, Float32Array>>;
  getMemory(memoryId: string): Promise<MemoryRecord | null>;
  listMemories(query?: MemoryQuery): Promise<readonly MemoryRecord[]>;
  /** Revisions of one memory, oldest first. */
  listRevisions(memoryId: string): Promise<readonly MemoryRevision[]>;
  getPredictionError(errorId: string): Promise<PredictionError | null>;
  listPredictionErrors(query?: PredictionErrorQuery): Promise<readonly PredictionError[]>;
  /** The ledger-derived rows (memories, revisions, prediction errors) in canonical order. */
  exportSnapshot(): Promise<VaultSnapshot>;
}

/** Writes to the vault tables; only inside `withWriteLock`. */
export interface VaultWriter extends VaultReader {
  /** Registers a root; an existing root is left unchanged. */
  putRoot(root: VaultRoot): Promise<void>;
  /** Inserts or replaces a note and replaces all of its chunks. */
  putNote(note: NoteRecord, chunks: readonly NoteChunk[]): Promise<void>;
  /** Deletes a note and its chunks; unknown paths are ignored. */
  deleteNote(path: string): Promise<void>;
  /** Caches vectors under `model` and their keys; a key already cached keeps its first vector. */
  putVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
  /** Inserts or replaces a memory by `memoryId`. */
  putMemory(memory: MemoryRecord): Promise<void>;
  /** Inserts a revision; an existing `(memoryId, revision)` is left unchanged. */
  appendRevision(revision: MemoryRevision): Promise<void>;
  /** Deletes a memory with its revisions and its prediction errors (the cascade of forgetting). */
  deleteMemory(memoryId: string): Promise<void>;
  /** Inserts or replaces a prediction error by `errorId`. */
  putPredictionError(error: PredictionError): Promise<void>;
  /** Sets `resolvedAt` on the memory's open rows; returns how many were resolved. */
  resolvePredictionErrors(memoryId: string, resolvedAt: string): Promise<number>;
  /**
   * Deletes the ledger-derived rows (memories, revisions, prediction errors); notes, chunks, roots
   * and cached vectors stay. Called by `dangerouslyClearDerived`.
   */
  clearDerived(): Promise<void>;
}
