import type { EngineError } from '../core/index.js';
import type { JobQueue } from '../jobs/index.js';
import type { ContextCapability } from './context-capability.js';
import type { DeliveriesCapability } from './deliveries-capability.js';
import type { DlqCapability } from './dlq-capability.js';
import type { EngineEvents } from './engine-events.js';
import type { IngestCapability } from './ingest-capability.js';
import type { LearningCapability } from './learning-capability.js';
import type { MaintenanceCapability } from './maintenance-capability.js';
import type { ObserverCapability } from './observer-capability.js';
import type { RecallCapability } from './recall-pack.js';
import type { ReviewCapability } from './review-capability.js';
import type { SearchCapability } from './search-capability.js';
import type { StateCapability } from './state-capability.js';
import type { StateItemsCapability } from './state-items-capability.js';
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
export type { Delivery, DeliveryKey, SearchFilters, SearchKind } from '../stores/index.js';
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
export type { ReadOptions } from './state-capability.js';
export type {
  EngineItemOptions,
  ExpandedStateItem,
  ExtractionBacklogView,
  ExtractionRunView,
  ItemConflictResolutionView,
  ItemExtractionReport,
  ItemMessageView,
  ListStateItemsOptions,
  PendingExtractionView,
  ResolveItemConflictInput,
  StateItemList,
  StateItemView,
} from './state-items-capability.js';

/** What `Engine.attachBackgroundJobs` hands the engine. */
export interface BackgroundJobHooks {
  /** Runs instead of item extraction and vectors after an ingest (enqueues a durable job). */
  afterIngest(): Promise<void>;
  /** Receives a job worker's storage failure (a claim or an outcome that could not be stored). */
  onJobError(error: EngineError): void;
}

/** The engine's own members: where it lives, its clock, events, job queue and shutdown. */
export interface EngineLifecycle {
  /** Where the embedded store lives. */
  readonly home: string;
  /** Current instant (epoch ms) from the injected clock. */
  now(): number;
  /** Live notifications (commits, new review items; services publish their own kinds). */
  readonly events: EngineEvents;
  /**
   * The durable background job queue, opened on first use beside the store: tables in the
   * SQLite file, or pg-boss in the `<schema>_jobs` schema of the PostgreSQL database.
   */
  jobs(): Promise<JobQueue>;
  /**
   * Attaches the background jobs `verity serve` runs (`startBackgroundJobs`): until the returned
   * function is called, the work that follows an ingest or `recordMessages` (state-item
   * extraction, then vectors) is handed to `hooks.afterIngest` (awaited in its place), except for
   * a call that asks to wait for the index (`waitForIndex` / `wait_for_index` true), and the job
   * queue's failures that have no caller go to `hooks.onJobError`.
   */
  attachBackgroundJobs(hooks: BackgroundJobHooks): () => void;
  /** Stops background indexing, releases the embedding model and closes the store. */
  close(): Promise<void>;
}

/**
 * The Verity engine: the SDK surface every interface (CLI, MCP, HTTP) calls. It is composed of
 * one capability object per area, each defined (interface and factory) in its own file; the flat
 * members of the areas below are spread onto the engine, the newer areas hang off it by name.
 */
export interface Engine
  extends EngineLifecycle,
    IngestCapability,
    StateCapability,
    ReviewCapability,
    DlqCapability,
    MaintenanceCapability,
    LearningCapability,
    SearchCapability,
    StateItemsCapability,
    ContextCapability {
  /** Session capture, observer, reflector, MEMORY.md review and `ask` (seeds 002, 004). */
  readonly observer: ObserverCapability;
  /** The notes vault, memories that cite notes, and prediction errors (drift). */
  readonly vault: VaultCapability;
  /** Tasks, reconciler, escalation, incidents and metrics (seed 004). */
  readonly tasks: TasksCapability;
  /** The recall pack (seed 004 layer 4) and the feedback that counts what the agent used. */
  readonly recall: RecallCapability;
  /** What was pushed to people through outbound channels (Telegram), kept in the store. */
  readonly deliveries: DeliveriesCapability;
}
