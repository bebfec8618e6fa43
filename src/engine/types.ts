import type { HistoryEntry, JsonObject, ReviewPrompt } from '../core/index.js';
import type {
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
  Stats,
} from '../pipeline/index.js';
import type { DlqItem } from '../stores/index.js';

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

/** The Verity engine: the SDK surface every interface (CLI, MCP, HTTP) calls. */
export interface Engine {
  /** Where the embedded store lives. */
  readonly home: string;
  /** Current instant (epoch ms) from the injected clock. */
  now(): number;
  /** Ingests JSONL text or parsed records (DESIGN.md §5). Valid records apply even if others fail. */
  ingest(input: string | readonly unknown[]): Promise<IngestReport>;
  /** Records one `StateObservation` (as the MCP tool does) and reports its decision. */
  recordObservation(observation: unknown): Promise<RecordResult>;
  /** One field, as believed now or at belief time `at` (RFC 3339). */
  getField(entityId: string, field: string, options?: { at?: string }): Promise<FieldView>;
  /** A whole entity, as believed now or at belief time `at`. */
  getEntity(entityId: string, options?: { at?: string }): Promise<EntityView>;
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
  close(): Promise<void>;
}
