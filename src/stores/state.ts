/**
 * The derived-state part of the `Store` contract: slots, their history and review prompts, all
 * derived from the ledger by the fold. Composed into `Store`/`WriteTx` (`stores/store.ts`).
 * May import: core.
 */
import type { HistoryEntry, PromptStatus, ReviewPrompt, SlotState } from '../core/index.js';

/** Filters for listing prompts. Results are ordered by `createdAt`, `sequence`, then `promptId`. */
export interface PromptQuery {
  readonly status?: readonly PromptStatus[];
  readonly entityId?: string;
  readonly limit?: number;
}

/** Filters for history. Results are ordered by insertion (ledger order). */
export interface HistoryQuery {
  readonly entityId: string;
  readonly field?: string;
  /** Only entries with `recordedAt <= upTo`. */
  readonly upTo?: string;
  readonly limit?: number;
}

/** Reads of slots, history and prompts. */
export interface StateReader {
  /** One slot, or null when the entity has no state for the field. */
  getSlot(entityId: string, field: string): Promise<SlotState | null>;
  /** Slots of one entity (or all), ordered by entityId then field. */
  listSlots(entityId?: string): Promise<readonly SlotState[]>;
  /**
   * The slots of one entity in one state domain (fields `<domain>.…`), ordered by field: a read
   * bounded by the domain, for a caller that needs one domain of an entity other than its own.
   */
  listDomainSlots(entityId: string, domain: string): Promise<readonly SlotState[]>;
  /** History entries matching `query` (see `HistoryQuery`). */
  listHistory(query: HistoryQuery): Promise<readonly HistoryEntry[]>;
  /** One review prompt, or null. */
  getPrompt(promptId: string): Promise<ReviewPrompt | null>;
  /** Prompts matching `query` (see `PromptQuery`). */
  listPrompts(query: PromptQuery): Promise<readonly ReviewPrompt[]>;
}

/** Writes of slots, history and prompts (inside a write transaction). */
export interface StateWriter {
  /** Inserts or replaces a slot. */
  putSlot(slot: SlotState): Promise<void>;
  /** Appends one history entry (history is never rewritten). */
  appendHistory(entry: HistoryEntry): Promise<void>;
  /** Inserts or replaces a prompt. */
  putPrompt(prompt: ReviewPrompt): Promise<void>;
}
