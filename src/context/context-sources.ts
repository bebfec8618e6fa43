import type { BatchMessage, StateItem } from '../core/index.js';

/**
 * One field of canonical state, as the pipeline's `FieldView` reads it (that type fits this
 * shape). Only what the context shows is required.
 */
export interface ContextField {
  /** The committed value; null when nothing is committed. */
  readonly value: string | null;
  readonly status: 'committed' | 'pending_review' | 'tentative' | 'none';
  readonly confidence: number | null;
  /** The committed value has not been refreshed within its domain's TTL. */
  readonly stale: boolean;
  readonly low_confidence: boolean;
  /** When the committed value became true (RFC 3339). */
  readonly valid_from: string | null;
  /** A proposed value awaiting the user's review. */
  readonly pending: {
    readonly value: string | null;
    readonly confidence: number;
    readonly prompt_id: string;
  } | null;
}

/** A review prompt awaiting an answer, as the pipeline's `PromptView` reads it. */
export interface ContextPrompt {
  readonly prompt_id: string;
  readonly field: string;
  readonly proposed_value: string | null;
  readonly current_value: string | null;
  readonly confidence: number;
}

/**
 * Canonical state of one entity at the request's `now`, as the pipeline's `EntityView` reads it
 * (that type fits this shape): fields keyed by their full path (`travel.status`) and the prompts
 * awaiting review.
 */
export interface ContextEntity {
  readonly entity_id: string;
  readonly state: Readonly<Record<string, ContextField>>;
  readonly pending: readonly ContextPrompt[];
}

/** A retrieved memory: one ranked search hit. */
export interface MemoryHit {
  /** Unique among the hits; reported in `included.memoryIds`. */
  readonly id: string;
  /** What was found: `message`, `state_item`, `memory`, `note`, … */
  readonly kind: string;
  readonly text: string;
  /** Higher is more relevant. Ties are broken by `id`. */
  readonly score: number;
  /** RFC 3339. */
  readonly created_at: string;
  /** The message the hit shows, when it shows one; reported in `included.messageIds`. */
  readonly message_id?: string | null | undefined;
  /**
   * The thread of that message. Message ids are unique within a thread only, so a hit from
   * another thread is never taken for a tail message. Absent: the request's thread.
   */
  readonly thread_id?: string | null | undefined;
}

/**
 * A message of the thread's tail. `speaker` is who said it (an entity id): a shared thread's
 * context names each line's speaker, since several people write in it. Absent or null: the line
 * is shown with its role only.
 */
export interface TailMessage extends BatchMessage {
  readonly speaker?: string | null | undefined;
}

/** The stored summaries of a thread; either may be missing. */
export interface ThreadSummaries {
  /** A short paragraph: where the thread stands. */
  readonly short: string | null;
  /** A longer narrative; rendered only when the thread has no structured state. */
  readonly long: string | null;
}

/** The request as the sources see it, after defaults. */
export interface SourceRequest {
  readonly entity: string;
  readonly thread: string | null;
  readonly now: string;
}

/**
 * Where the context builder reads from. The engine wires it to the store and to search; tests pass
 * plain objects. The builder calls each method at most once per build, never writes, and never
 * calls the thread methods (`summaries`, `tail`) without a thread.
 *
 * Contract:
 * - Results reflect the state at `request.now`.
 * - Ordering given here is a hint only: the builder sorts everything itself, so equal inputs give
 *   byte-identical contexts whatever order they arrive in.
 * - Methods throw `EngineError` (`STORE_FAILED`, `PROVIDER_FAILED`) on I/O failure; the builder
 *   lets it propagate.
 */
export interface ContextSources {
  /**
   * Canonical state of the entities in play: the request's entity (it may have no fields), then
   * any others the engine deems relevant (the family or team it belongs to).
   */
  entities(request: SourceRequest): Promise<readonly ContextEntity[]>;
  /**
   * The structured state items in play: the thread's, or without a thread the entity's open items
   * across its threads. Superseded ones are ignored.
   */
  stateItems(request: SourceRequest): Promise<readonly StateItem[]>;
  /** The thread's short and long summaries. */
  summaries(threadId: string): Promise<ThreadSummaries>;
  /** Skills or instructions text for this agent and entity; null when there is none. */
  skills(request: SourceRequest): Promise<string | null>;
  /** At most `limit` memories relevant to `query`, best first. */
  memories(query: string, request: SourceRequest, limit: number): Promise<readonly MemoryHit[]>;
  /**
   * The thread's latest `limit` messages, most recent last, each with its speaker when the
   * context shows several people's lines.
   */
  tail(threadId: string, limit: number): Promise<readonly TailMessage[]>;
}

/** Sources with nothing in them: a base to spread real or fake sources over. */
export const EMPTY_CONTEXT_SOURCES: ContextSources = {
  entities: async () => [],
  stateItems: async () => [],
  summaries: async () => ({ short: null, long: null }),
  skills: async () => null,
  memories: async () => [],
  tail: async () => [],
};
