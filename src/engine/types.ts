import type { ContextResult } from '../context/index.js';
import type { EngineError, HistoryEntry, JsonObject, ReviewPrompt } from '../core/index.js';
import type { BackgroundIndexing, IndexOptions, IndexReport } from '../embeddings/index.js';
import type { IntentMetrics } from '../extract/index.js';
import type { JobQueue } from '../jobs/index.js';
import type {
  AnswerResult,
  CalendarSource,
  DeadLetterReview,
  DlqRetryReport,
  DriftItem,
  EntityView,
  Explanation,
  FieldView,
  ForgetResult,
  ForgetTarget,
  IngestReport,
  PromptView,
  RebuildResult,
  RecordResult,
  Stats,
} from '../pipeline/index.js';
import type { SearchOptions, SearchResult } from '../search/index.js';
import type { DlqItem } from '../stores/index.js';
import type {
  MigrationFile,
  MigrationReport,
  PollReport,
  ProjectionReport,
  ProjectOptions,
} from './capabilities.js';
import type { BuildContextRequest } from './context-capability.js';
import type {
  MessageToRecord,
  RecordMessagesOptions,
  RecordMessagesResult,
} from './messages-capability.js';
import type { ObserverCapability } from './observer-capability.js';
import type { RecallCapability } from './recall-pack.js';
import type {
  BackgroundIndexingOptions,
  IngestOptions,
  SearchStatus,
} from './search-capability.js';
import type {
  ExpandedStateItem,
  ItemExtractionReport,
  ListStateItemsOptions,
  StateItemList,
} from './state-items-capability.js';
import type { TasksCapability } from './tasks-capability.js';
import type { VaultCapability } from './vault-capability.js';

export type {
  ContextIncluded,
  ContextMode,
  ContextResult,
  ContextSection,
  ContextSectionName,
} from '../context/index.js';
export type {
  BackgroundIndexing,
  IndexOptions,
  IndexProgress,
  IndexReport,
} from '../embeddings/index.js';
export type {
  AnswerResult,
  DeadLetterReview,
  DlqRetryReport,
  EntityView,
  Explanation,
  FieldView,
  ForgetResult,
  ForgetTarget,
  IngestReport,
  PromptView,
  RebuildResult,
  RecordResult,
  SlotStatus,
  Stats,
} from '../pipeline/index.js';
export type {
  FusionSettings,
  SearchHit,
  SearchOptions,
  SearchResult,
  VectorSearchState,
} from '../search/index.js';
export type { SearchFilters, SearchKind } from '../stores/index.js';
export type { BuildContextRequest, EngineContextOptions } from './context-capability.js';
export type {
  MessageToRecord,
  RecordedMessage,
  RecordMessagesOptions,
  RecordMessagesResult,
} from './messages-capability.js';
export type {
  BackgroundIndexingOptions,
  EngineEmbeddingOptions,
  IngestOptions,
  SearchStatus,
} from './search-capability.js';
export type {
  EngineItemOptions,
  ExpandedStateItem,
  ExtractionRunView,
  ItemExtractionReport,
  ItemMessageView,
  ListStateItemsOptions,
  StateItemList,
  StateItemView,
} from './state-items-capability.js';

/** Which time a state read answers for (RFC 3339 instants; at most one of the two). */
export interface ReadOptions {
  /** Belief time: what Verity believed at this instant. */
  readonly at?: string | undefined;
  /** Valid time: what was true at this instant by event time, from everything known now. */
  readonly asOf?: string | undefined;
}

import type { EngineEvents } from './engine-events.js';

/** What `Engine.attachBackgroundJobs` hands the engine. */
export interface BackgroundJobHooks {
  /** Runs instead of item extraction and vectors after an ingest (enqueues a durable job). */
  afterIngest(): Promise<void>;
  /** Receives a job worker's storage failure (a claim or an outcome that could not be stored). */
  onJobError(error: EngineError): void;
}

/** The Verity engine: the SDK surface every interface (CLI, MCP, HTTP) calls. */
export interface Engine {
  /** Session capture, observer, reflector, MEMORY.md review and `ask` (seeds 002, 004). */
  readonly observer: ObserverCapability;
  /** Where the embedded store lives. */
  readonly home: string;
  /** Current instant (epoch ms) from the injected clock. */
  now(): number;
  /** Live notifications (commits, new review items; services publish their own kinds). */
  readonly events: EngineEvents;
  /**
   * Ingests JSONL text or parsed records (docs/FORMATS.md). Valid records apply even if others fail.
   * Records (and their full-text index entries) are durable before any model runs; then, unless
   * `waitForIndex` is false or background indexing runs, new items get their vectors before this
   * resolves.
   */
  ingest(input: string | readonly unknown[], options?: IngestOptions): Promise<IngestReport>;
  /**
   * Records conversation messages (one or many) as `message` records, as `ingest` would, and
   * reports each one's outcome. Idempotent by (thread_id, message_id); `thread_id` and
   * `entity_id` may be given once for all, `created_at` defaults to now. Invalid messages go to
   * the dead-letter queue; valid ones apply regardless.
   */
  recordMessages(
    messages: readonly (MessageToRecord | Record<string, unknown>)[],
    options?: RecordMessagesOptions,
  ): Promise<RecordMessagesResult>;
  /** Records one `StateObservation` (as the MCP tool does) and reports its decision. */
  recordObservation(observation: unknown): Promise<RecordResult>;
  /**
   * One field: as believed now, as believed at belief time `at`, or as it stood at valid time
   * `asOf` (by event time, from everything known now). Throws VALIDATION_FAILED for a bad time.
   */
  getField(entityId: string, field: string, options?: ReadOptions): Promise<FieldView>;
  /** A whole entity, read as `getField` reads one field. */
  getEntity(entityId: string, options?: ReadOptions): Promise<EntityView>;
  /** Ids of every entity that has state. */
  listEntities(): Promise<readonly string[]>;
  explain(entityId: string, field: string): Promise<Explanation>;
  history(entityId: string, field?: string): Promise<readonly HistoryEntry[]>;
  /** Open prompts (default) or those with the given statuses, oldest first. */
  listReviews(options?: {
    status?: readonly ReviewPrompt['status'][];
    entityId?: string;
  }): Promise<readonly PromptView[]>;
  /** Dead letters that ran out of retries and wait for a person. */
  listDeadLetterReviews(): Promise<readonly DeadLetterReview[]>;
  /** Answers a prompt. Throws CONFLICT for a stale or closed prompt, NOT_FOUND for an unknown one. */
  answerReview(
    promptId: string,
    action: 'confirm' | 'reject' | 'edit',
    editedValue?: string,
  ): Promise<AnswerResult>;
  listDlq(): Promise<readonly DlqItem[]>;
  /** Runs the retries that are due (or all pending ones with `all`). */
  retryDlq(options?: { all?: boolean }): Promise<DlqRetryReport>;
  /** Replaces a dead letter's raw input and retries it at once. */
  editDlq(dlqId: string, raw: string): Promise<DlqRetryReport>;
  /** Discards a dead letter (kept, marked discarded). */
  discardDlq(dlqId: string): Promise<void>;
  rebuild(options?: { verify?: boolean }): Promise<RebuildResult>;
  forget(target: ForgetTarget, reason?: string): Promise<ForgetResult>;
  stats(): Promise<Stats>;
  /** Canonical state in the shape of seed 000's `memory/state-tracker.json`. */
  stateTracker(): Promise<JsonObject>;
  /**
   * Projects state into files (seed 000 §8): each file's `STATE-INPUT` edits are ingested first,
   * then its `STATE` zones (or legacy sections, with a backup) are rendered and written only when
   * the bytes change. A manual edit inside a `STATE` zone is reverted and recorded as drift.
   * Throws `STORE_FAILED` when a file cannot be read or written.
   */
  project(options: ProjectOptions): Promise<ProjectionReport>;
  /**
   * Bootstraps state from existing markdown files as `static_markdown` evidence (low
   * reliability: a later chat message outranks it). `dryRun` reports without writing anything.
   */
  migrate(
    files: readonly MigrationFile[],
    options?: { readonly dryRun?: boolean; readonly entityId?: string },
  ): Promise<MigrationReport>;
  /** Reads each calendar once and ingests its events as signals; idempotent. */
  poll(sources: readonly CalendarSource[]): Promise<PollReport>;
  /** Records the user's label for a message's intent. Throws VALIDATION_FAILED for a bad label. */
  labelIntent(threadId: string, messageId: string, intent: string): Promise<void>;
  /** The intent confusion matrix with per-class precision and recall. */
  intentMetrics(): Promise<IntentMetrics>;
  /** Records that a name stands for a slot (`<domain>.<item>`) in future extractions. */
  confirmAlias(alias: string, target: string): Promise<void>;
  /** Manual edits found and reverted inside `STATE` zones, oldest first. */
  listDrift(): Promise<readonly DriftItem[]>;
  /** The ledger's newest sequence number (it grows with every recorded event). */
  lastSequence(): Promise<number>;
  /**
   * Hybrid search over indexed items (messages now): BM25 and vector nearest neighbours fused by
   * weighted reciprocal rank, with filters, time-aware boosting and optional recency weighting.
   * Loads the embedding model on first use; reports how many items still lack vectors.
   */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Fills vectors for indexed items that lack one (cache first, then the model). */
  indexEmbeddings(options?: IndexOptions): Promise<IndexReport>;
  /**
   * Makes the configured model's space the store's vector space and embeds every item in it
   * (reusing cached vectors), then drops cached vectors nothing uses. Throws CONFIG_INVALID when
   * vectors are off.
   */
  reindex(options?: Pick<IndexOptions, 'onProgress' | 'signal'>): Promise<IndexReport>;
  /** Sizes of the search index and which models are configured and indexed. */
  searchStatus(): Promise<SearchStatus>;
  /**
   * Fills vectors in the background (as `verity serve` does) until stopped or the engine closes;
   * meanwhile `ingest` returns without waiting for vectors.
   */
  startBackgroundIndexing(options: BackgroundIndexingOptions): BackgroundIndexing;
  /**
   * Attaches the background jobs `verity serve` runs (`startBackgroundJobs`): until the returned
   * function is called, the work that follows an ingest or `recordMessages` (state-item
   * extraction, then vectors) is handed to `hooks.afterIngest` (awaited in its place), except for
   * a call that asks to wait for the index (`waitForIndex` / `wait_for_index` true), and the job
   * queue's failures that have no caller go to `hooks.onJobError`.
   */
  attachBackgroundJobs(hooks: BackgroundJobHooks): () => void;
  /**
   * Extracts structured state items (decisions, constraints, actions, questions, risks) from the
   * messages after each thread's watermark, in batches, each run recorded as an
   * `extraction.completed` event. `ingest` does this itself unless it does not wait for indexing.
   * A failed or timed-out run is recorded without moving the watermark and retried next time.
   */
  extractItems(options?: { readonly threadId?: string }): Promise<ItemExtractionReport>;
  /**
   * State items in render order with their compact section: a thread's, or an entity's across its
   * threads. Only open items (not superseded, done or answered) unless `status` says otherwise.
   */
  listStateItems(options?: ListStateItemsOptions): Promise<StateItemList>;
  /**
   * One state item with the messages it rests on. Throws NOT_FOUND for an unknown uid and
   * VALIDATION_FAILED when the uid exists in several threads and `threadId` is absent.
   */
  expandStateItem(uid: string, threadId?: string): Promise<ExpandedStateItem>;
  /**
   * The context for one agent turn, within a token budget (default 2,000, counted with
   * `o200k_base`): system text, skills, the thread's short summary, canonical state of the entities
   * in play (freshness, stale, review and conflict markers), the thread's state items (or its long
   * summary; without a thread, the entity's open items), memories retrieved for `query` (default:
   * the thread's latest user message) and the thread's recent messages. Reports tokens per section
   * and the ids it shows. Shows only the entity's records and its "we" group's. Throws
   * VALIDATION_FAILED for a bad entity, budget, mode or `now`.
   */
  buildContext(request?: BuildContextRequest): Promise<ContextResult>;
  /** The notes vault, memories that cite notes, and prediction errors (drift). */
  readonly vault: VaultCapability;
  /** Stops background indexing, releases the embedding model and closes the store. */
  /**
   * The durable background job queue, opened on first use beside the store: tables in the
   * SQLite file, or pg-boss in the `<schema>_jobs` schema of the PostgreSQL database.
   */
  jobs(): Promise<JobQueue>;
  /** Tasks, reconciler, escalation, incidents and metrics (seed 004). */
  readonly tasks: TasksCapability;
  /** The recall pack (seed 004 layer 4) and the feedback that counts what the agent used. */
  readonly recall: RecallCapability;
  close(): Promise<void>;
}
