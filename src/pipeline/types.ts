import type {
  Decision,
  DecisionRule,
  HistoryEntry,
  JsonValue,
  ReviewPrompt,
  ValidationIssue,
} from '../core/index.js';

/** Status of one slot as read by agents and people. */
export type SlotStatus = 'committed' | 'pending_review' | 'tentative' | 'none';

/** One field as `verity state get --json` prints it. */
export interface FieldView {
  readonly entity_id: string;
  readonly field: string;
  readonly value: string | null;
  readonly status: SlotStatus;
  readonly confidence: number | null;
  /** The committed value has not been refreshed within its domain's TTL. */
  readonly stale: boolean;
  readonly source: string | null;
  readonly event_id: string | null;
  readonly valid_from: string | null;
  readonly low_confidence: boolean;
  readonly rule: DecisionRule | null;
  readonly pending: {
    readonly value: string | null;
    readonly confidence: number;
    readonly prompt_id: string;
  } | null;
}

/** A whole entity as `verity state get ENTITY --json` prints it. */
export interface EntityView {
  readonly entity_id: string;
  readonly state: Readonly<Record<string, Omit<FieldView, 'entity_id' | 'field'>>>;
  readonly pending: readonly PromptView[];
}

/** A review prompt as shown to people and agents (seed 000 `UserConfirmation` + extensions). */
export interface PromptView {
  readonly prompt_id: string;
  readonly entity_id: string;
  readonly domain: string;
  readonly field: string;
  readonly proposed_change: string;
  readonly proposed_value: string | null;
  readonly current_value: string | null;
  readonly confidence: number;
  readonly reason_summary: readonly string[];
  readonly actions: readonly ('confirm' | 'reject' | 'edit')[];
  readonly status: ReviewPrompt['status'];
  readonly created_at: string;
  readonly expires_at: string;
  /** Who answered a closed prompt (its answer's `answered_by`); null when open or not recorded. */
  readonly answered_by: string | null;
  /** The surface the answer came through (its answer's `channel`), e.g. `telegram`; or null. */
  readonly channel: string | null;
}

/** Who answered a prompt and through which surface, as its answer event recorded them. */
export interface PromptAnswerer {
  readonly answered_by: string | null;
  readonly channel: string | null;
}

/** A dead-letter item raised for review after its retries ran out. */
export interface DeadLetterReview {
  readonly dlq_id: string;
  readonly schema_name: string;
  readonly errors: readonly ValidationIssue[];
  readonly first_seen_at: string;
  readonly alert: boolean;
}

/** Counts from one ingest run. */
export interface IngestReport {
  readonly applied: number;
  readonly duplicate: number;
  readonly rejected: number;
  /** Per rejected line: its 1-based line number, the DLQ id and the issues. */
  readonly rejections: readonly {
    readonly line: number;
    readonly dlq_id: string;
    readonly schema: string;
    readonly issues: readonly ValidationIssue[];
  }[];
  /** Decisions taken on observations in this run. */
  readonly decisions: Readonly<Record<Decision, number>>;
}

/** How a value came to be believed. */
export interface Explanation {
  readonly entity_id: string;
  readonly field: string;
  readonly current: FieldView;
  readonly rule: DecisionRule | null;
  readonly reasons: readonly string[];
  readonly thresholds: {
    readonly ask: number;
    readonly auto: number;
    readonly margin: number;
  } | null;
  readonly winning_event: {
    readonly event_id: string;
    readonly source_type: string;
    readonly source_ref: string;
    readonly event_ts: string;
  } | null;
  readonly evidence: readonly {
    readonly event_id: string;
    readonly value: string | null;
    readonly source_type: string;
    readonly source_ref: string;
    readonly intent: string;
    readonly event_ts: string;
    readonly state: string;
    readonly score: number;
    readonly factors: {
      readonly reliability: number;
      readonly recency: number;
      readonly intent: number;
      readonly extraction: number;
    };
  }[];
  readonly history: readonly HistoryEntry[];
  /** A short paragraph for people. */
  readonly text: string;
}

/** The outcome of a single observation recorded through the SDK or MCP. */
export interface RecordResult {
  readonly event_id: string;
  readonly status: 'applied' | 'duplicate' | 'rejected';
  readonly decision: Decision | null;
  readonly confidence: number | null;
  readonly reasons: readonly string[];
  readonly prompt_id: string | null;
  readonly issues: readonly ValidationIssue[];
}

/** The outcome of answering a review prompt. */
export interface AnswerResult {
  readonly prompt_id: string;
  readonly status: ReviewPrompt['status'];
  readonly field: FieldView;
}

/** Seed 000 success metrics computable from the ledger. */
export interface Stats {
  readonly events: number;
  readonly auto_commits: number;
  readonly auto_commit_corrections: number;
  /** 1 - corrections / auto commits; null before the first auto-commit. */
  readonly auto_commit_precision: number | null;
  readonly correction_rate: number | null;
  /** Share of state-changing decisions that needed the user. */
  readonly review_burden: number | null;
  readonly schema_validation_success: number | null;
  readonly dlq_unresolved: number;
  readonly dlq_alerts: number;
  readonly pending_reviews: number;
  /** Age in hours of the newest signal per entity and domain. */
  readonly signal_freshness_hours: Readonly<Record<string, number>>;
  /** Mean age in hours of committed values. */
  readonly staleness_index_hours: number | null;
  readonly stale_values: number;
  readonly per_domain: Readonly<Record<string, JsonValue>>;
  readonly stage: string;
}

/** The result of `rebuild`. */
export interface RebuildResult {
  readonly events: number;
  readonly hash: string;
  /** With `verify`: the live hash and whether the replay equals it. */
  readonly live_hash: string | null;
  readonly verified: boolean | null;
  /** The rules version this replay folded with (`rules@X.Y.Z`). */
  readonly version: string;
  /**
   * With `verify`: the rules versions that folded the live state since its last rebuild (empty:
   * it was folded before versions were recorded).
   */
  readonly live_versions: readonly string[] | null;
  /**
   * With `verify`, when the replay differs: `version_change` when other rules folded (some of)
   * the live state, so `verity rebuild` brings it to this version; `corruption` when these same
   * rules folded it all. Null otherwise.
   */
  readonly difference: 'version_change' | 'corruption' | null;
}

/** What `forget` erased. */
export interface ForgetResult {
  readonly tombstone_id: string;
  readonly covered_events: number;
  readonly redacted: number;
  /** Dead letters whose kept raw line named what was forgotten, erased with it. */
  readonly dead_letters: number;
  /**
   * Messages erased besides the one named, as `THREAD/MESSAGE`, sorted: a reply (often another
   * speaker's) that was nothing but a secret a forgotten message asked for, or the messages a
   * forgotten entity's evidence was read from.
   */
  readonly messages_erased?: readonly string[];
  /** State observations and item extraction runs read from the erased messages, erased with them. */
  readonly derived_erased?: number;
  /** Replies kept with the secret a forgotten question made masked in them, as `THREAD/MESSAGE`. */
  readonly masks_kept?: readonly string[];
}

/**
 * A forget target: one event, one message (by the thread and message ids that `search` and `ask`
 * show; it is forgotten as its event), one slot, or a whole entity.
 */
export type ForgetTarget =
  | {
      readonly kind: 'event';
      readonly eventId: string;
      /**
       * Captured entries this forget erases from within a capture (the capture event is redacted
       * and recorded again without them): what was read from them goes, and their thread gets its
       * shared mark, as for a forgotten message event.
       */
      readonly entries?: CapturedEntries;
    }
  | { readonly kind: 'message'; readonly threadId: string; readonly messageId: string }
  | { readonly kind: 'slot'; readonly entityId: string; readonly field: string }
  | { readonly kind: 'entity'; readonly entityId: string };

/** Entries of one captured session's thread (`session:<id>`) erased by a forget. */
export interface CapturedEntries {
  readonly threadId: string;
  /** The entity the capture was recorded under: the thread's one speaker. */
  readonly entityId: string;
  readonly messageIds: readonly string[];
}

/** Result of running due DLQ retries. */
export interface DlqRetryReport {
  readonly retried: number;
  readonly resolved: number;
  readonly failed: number;
  readonly permanently_failed: number;
}
