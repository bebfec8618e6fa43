/**
 * The JSON `verity serve` answers with, as TypeScript types: snake_case, exactly as on the wire.
 * Each type names the fields a caller relies on; answers may carry more (index signatures keep
 * them reachable without a cast). Where the engine already returns a snake_case view, the wire
 * type is that view (a type-only import: nothing of the engine is loaded at run time).
 */

import type { ValidationIssue } from '../../core/index.js';
import type {
  AnswerResult,
  EntityView,
  Explanation,
  FieldView,
  IngestReport,
  MemoryView,
  MemoryWriteResult,
  PromptView,
  RecordedMessage,
  RecordMessagesResult,
} from '../../engine/index.js';

/** An engine view as it crosses the wire: the same fields, and room for ones added later. */
type Open<T> = T & { readonly [key: string]: unknown };

/** One slot of an entity's state, as `GET /api/state/{entity_id}?field=` answers it. */
export type WireFieldView = Open<FieldView>;

/** A slot inside `WireEntityState.state` (the field view without the entity and field names). */
export type WireSlot = Open<Omit<FieldView, 'entity_id' | 'field'>>;

/** A review prompt: a change Verity will not commit without the user's answer. */
export type WireReviewPrompt = Open<PromptView>;

/** `GET /api/state/{entity_id}`: every slot of an entity and its open review prompts. */
export type WireEntityState = Open<EntityView>;

/**
 * `GET /api/state/{entity_id}/explain?field=`: why a slot holds its value (`text` is the
 * explanation as readable text). History entries are the engine's, renamed to snake_case.
 */
export type WireExplanation = Open<
  Omit<Explanation, 'history'> & { readonly history: readonly Readonly<Record<string, unknown>>[] }
>;

/** One page of a listing with a cursor (`next_cursor` null on the last page). */
export interface WirePage<T> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
}

/** What happened to one message of `POST /api/messages`. */
export type WireMessageOutcome = Open<RecordedMessage>;

/** One problem found in a record. */
export type WireIssue = ValidationIssue;

/** How many records of one call were applied, were already known, or were rejected. */
export type WireCounts = Pick<IngestReport, 'applied' | 'duplicate' | 'rejected'>;

/** `POST /api/messages`: counts and each message's outcome. */
export type WireRecordMessagesResult = Open<RecordMessagesResult>;

/** `POST /api/ingest`: counts, the rejected lines (kept in the dead-letter queue) and decisions. */
export type WireIngestResult = Open<IngestReport>;

/** One section of a context pack. */
export interface WireContextSection {
  readonly name: string;
  readonly text: string;
  readonly tokens: number;
  readonly truncated: boolean;
  readonly included_ids: readonly string[];
  readonly [key: string]: unknown;
}

/** `GET /api/context`: a context pack within a token budget, as sections and as markdown. */
export interface WireContextPack {
  readonly entity: string | null;
  readonly thread: string | null;
  readonly query: string | null;
  readonly mode: 'full' | 'minimal';
  readonly now: string;
  readonly budget: number;
  /** Tokens used. */
  readonly total: number;
  readonly sections: readonly WireContextSection[];
  readonly included: Readonly<Record<string, readonly string[]>>;
  /** The pack to hand the model. */
  readonly markdown: string;
  readonly [key: string]: unknown;
}

/** One hit of `GET /api/search`. */
export interface WireSearchHit {
  readonly kind: string;
  readonly id: string;
  readonly score: number;
  readonly snippet: string;
  readonly text: string;
  readonly thread_id?: string | null;
  readonly message_id?: string | null;
  readonly entity_id?: string | null;
  readonly created_at?: string | null;
  readonly [key: string]: unknown;
}

/** `GET /api/search`: hits, best first, and how complete the vector index was. */
export interface WireSearchResult {
  readonly hits: readonly WireSearchHit[];
  /** Items still waiting for a vector (found by full text only meanwhile). */
  readonly pending_vectors: number;
  readonly vector_search: string;
  readonly [key: string]: unknown;
}

/** `POST /api/reviews/{prompt_id}`: the prompt's new status and the slot after the answer. */
export type WireReviewAnswer = Open<AnswerResult>;

/** A memory note of the vault (the engine's `MemoryView`). */
export type WireMemory = Open<MemoryView>;

/** `POST /api/memories`: the memory, and the cited links that were ambiguous or missing. */
export type WireMemoryRecorded = Open<Omit<MemoryWriteResult, 'memory'> & { memory: WireMemory }>;

/** `GET /health`. */
export interface WireHealth {
  readonly status: 'ok';
  readonly events: number;
  readonly pending_reviews: number;
  readonly [key: string]: unknown;
}

/** The error body of every non-2xx answer (RFC 9457 problem details plus Verity's `error`). */
export interface WireError {
  readonly code: string;
  readonly detail?: string;
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details: Readonly<Record<string, unknown>>;
  };
}
