import type { Clock } from '../../core/index.js';
import type { Embedder } from '../../embeddings/index.js';
import type { JobQueue, JobWorker } from '../../jobs/index.js';
import type {
  AskAnswer,
  CaptureRecord,
  CaptureTrigger,
  FrictionFix,
  MemoryEntry,
  Proposal,
  RETENTION_POLICY,
  ReflectionAttempt,
  RejectedCandidate,
  ScorerModel,
  SkippedLine,
} from '../../observer/index.js';
import type { ForgetResult, ForgetTarget, PipelineDeps } from '../../pipeline/index.js';
import type { LanguageModel } from '../../providers/index.js';
import type { Store } from '../../stores/index.js';

/** The durable queue observer runs go through. */
export const OBSERVE_QUEUE = 'observer.observe';
/** The durable queue of the daily job: expiry, retention, reflection, friction. */
export const DAILY_QUEUE = 'observer.daily';

/** Observer settings of `createEngine`. */
export interface EngineObserverOptions {
  /** Where MEMORY.md, REVIEW.md and memory/YYYY-MM-DD.md are written. Default: the process's cwd. */
  readonly workspace?: string;
  /** Observes with this model instead of the offline rules (falls back to the rules on failure). */
  readonly languageModel?: LanguageModel | null;
  /**
   * The learned scorer the offline observer gates and admits with: default the shipped model,
   * `null` for the rules alone (benchmarks pass a model trained without the set they measure).
   */
  readonly scorer?: ScorerModel | null;
  /** MEMORY.md budget in tokens (default 8000). */
  readonly memoryBudgetTokens?: number;
  /** Proposals may hold at most this share of their input's tokens (default 1: strictly smaller, as seed 002 requires). */
  readonly maxCompressionRatio?: number;
  /** Days of history before friction analysis runs (default 14). */
  readonly frictionMinHistoryDays?: number;
  /** Days of observations the reflector reads (default 7). */
  readonly reflectWindowDays?: number;
}

/** A capture request. */
export interface CaptureRequest {
  /** The transcript's text (Verity JSONL, a Claude Code transcript or a pi session file). */
  readonly text: string;
  /** The session id; default: the id the transcript names (Claude Code, pi). */
  readonly sessionId?: string | undefined;
  readonly trigger: string;
  readonly entityId?: string | undefined;
  /** `sync` observes now; `queue` (default) enqueues a durable job; `none` only captures. */
  readonly observe?: 'sync' | 'queue' | 'none';
}

/** What a capture did. */
export interface CaptureResult {
  /** `duplicate`: a capture with this dedupe key exists already; nothing was written. */
  readonly status: 'captured' | 'duplicate';
  readonly capture_key: string;
  readonly session_id: string;
  readonly trigger: CaptureTrigger;
  readonly format: string;
  readonly entries: number;
  readonly job_id: string | null;
  readonly observed: ObserveReport | null;
  /** Lines of the transcript no entry was read from: not JSON, or JSON of no known shape. */
  readonly skipped_lines: number;
  /** The first `MAX_SKIPPED_REPORTED` of them, each with its line and why. */
  readonly skipped: readonly SkippedLine[];
}

/** Skipped lines a capture answer lists one by one; `skipped_lines` counts them all. */
export const MAX_SKIPPED_REPORTED = 20;

/** What one observer run did. */
export interface ObserveReport {
  readonly capture_key: string;
  readonly session_id: string;
  readonly observer: string;
  readonly status: 'observed' | 'already_observed';
  readonly segments: number;
  readonly observations: { readonly red: number; readonly yellow: number; readonly green: number };
  readonly daily_log: string | null;
}

/** What a reflection did. */
export interface ReflectReport {
  /** `over_budget`: MEMORY.md is full; `notice` says how many proposals were held back and why. */
  readonly status: 'proposed' | 'nothing_new' | 'compression_failed' | 'over_budget';
  readonly input_observations: number;
  readonly notice: string | null;
  readonly attempts: readonly ReflectionAttempt[];
  readonly proposals: readonly ProposalView[];
  readonly rejected: readonly RejectedCandidate[];
  readonly expired: readonly string[];
  readonly review_file: string;
}

/** A proposal as surfaces list it. */
export type ProposalView = Omit<Proposal, 'event_ids'> & {
  readonly expires_at: string | null;
  /** Who approved or rejected it (`decided_by` of its resolution, e.g. `telegram:123456`), or null. */
  readonly decided_by: string | null;
};

/** A promoted entry as surfaces list it. */
export type MemoryEntryView = Omit<MemoryEntry, 'event_ids'>;

/** What retention did. */
export interface RetentionReport {
  readonly policy: typeof RETENTION_POLICY;
  readonly pruned: readonly string[];
  readonly archived: readonly string[];
}

/** What friction analysis did. */
export interface FrictionReport {
  readonly status: 'analyzed' | 'gated';
  /** Days of history held (since the first capture). */
  readonly history_days: number;
  readonly min_history_days: number;
  readonly fixes: readonly FrictionFix[];
}

/** What one daily run did. */
export interface DailyReport {
  readonly expired: readonly string[];
  readonly retention: RetentionReport;
  readonly reflect: ReflectReport;
  readonly friction: FrictionReport;
  /** The id of the next daily job, queued for the next 06:00 UTC. */
  readonly next_job_id: string;
}

/** What resolving a held MEMORY.md zone edit did. */
export interface ZoneEditResolution {
  readonly zone_id: string;
  /** The `state_zone_edit` row it closed (`verity drift list`). */
  readonly error_id: string;
  readonly action: 'adopted' | 'overwritten';
  /** Entries retired because their line was removed or changed by hand. */
  readonly retired: readonly string[];
  /** Entries promoted from changed or hand-written lines. */
  readonly promoted: readonly string[];
}

/** The engine's observer capability (`engine.observer`). */
export interface ObserverCapability {
  /** The workspace folder projected files are written to. */
  readonly workspace: string;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Runs the observer on one capture (idempotent: a second run records nothing). */
  observe(captureKey: string): Promise<ObserveReport>;
  /** Observes every capture not observed yet, oldest first. */
  observePending(): Promise<readonly ObserveReport[]>;
  /** Starts workers on the durable observer and daily queues. */
  work(): Promise<readonly JobWorker[]>;
  /** Runs ready observer and daily jobs until none is ready, then stops. Returns how many ran. */
  drainQueue(): Promise<number>;
  /** Queues the daily job for the next 06:00 UTC (once per day: idempotent). */
  scheduleDaily(): Promise<string>;
  /** Runs the daily job now: expiry, retention, reflection, friction; then queues the next one. */
  runDaily(): Promise<DailyReport>;
  listCaptures(): Promise<readonly CaptureRecord[]>;
  /** Expires due proposals, reflects recent observations, stages proposals, writes REVIEW.md. */
  reflect(): Promise<ReflectReport>;
  listProposals(status?: Proposal['status'] | 'all'): Promise<readonly ProposalView[]>;
  /**
   * Approves, rejects or edits a pending proposal; `decidedBy` (e.g. `telegram:123456`) is kept in
   * the resolution event. Throws NOT_FOUND, or CONFLICT when it is no longer pending.
   */
  resolveProposal(
    proposalId: string,
    action: 'approve' | 'reject' | 'edit',
    edit?: {
      readonly text?: string;
      readonly section?: string;
      readonly reason?: string;
      readonly decidedBy?: string;
    },
  ): Promise<ProposalView>;
  /** Approves the proposals ticked in REVIEW.md, recording first any edit made to their line. */
  syncReview(): Promise<readonly string[]>;
  /** Records the expiry of proposals unreviewed for seven days. */
  expireProposals(): Promise<readonly string[]>;
  listMemory(all?: boolean): Promise<readonly MemoryEntryView[]>;
  retireMemory(memoryId: string, reason?: string): Promise<MemoryEntryView>;
  /**
   * Forgets the entry and the passages carrying it (as `verity forget` does: redacted) and
   * rewrites MEMORY.md; other entries drawn from a message that must go whole are taken only with
   * `also` (else CONFLICT naming them). The result names every entry and message it took.
   */
  forgetMemory(
    memoryId: string,
    reason?: string,
    options?: { readonly also?: boolean },
  ): Promise<MemoryForgetResult>;
  /**
   * Forgets one captured entry (`session:<id>`/`<entry id>`, as search cites it) in every capture
   * of the session holding it, with what was read from it; null when the session holds no such
   * entry. `verity forget --message` comes here for a captured message.
   */
  forgetMessage(sessionId: string, entryId: string, reason: string): Promise<ForgetResult | null>;
  /**
   * Resolves the held hand edit of a MEMORY.md zone (named by section or zone id): `adopt` makes
   * the edited lines memory entries, `overwrite` discards the edit; the zone is written again.
   */
  resolveZoneEdit(zone: string, action: 'adopt' | 'overwrite'): Promise<ZoneEditResolution>;
  applyRetention(): Promise<RetentionReport>;
  analyzeFriction(): Promise<FrictionReport>;
  /** Answers from memory; `entityId` limits the messages and items searched to that entity. */
  ask(
    question: string,
    options?: { readonly limit?: number; readonly entityId?: string },
  ): Promise<AskAnswer>;
  /** Rewrites REVIEW.md and MEMORY.md from state. */
  writeFiles(): Promise<void>;
}

/** What the capability needs from the engine. */
export interface ObserverCapabilityDeps {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  readonly jobs: () => Promise<JobQueue>;
  readonly forget: (target: ForgetTarget, reason: string) => Promise<ForgetResult>;
  /** Run once after a batch of `forget` calls: prunes search and reclaims what the store keeps. */
  readonly afterForget: () => Promise<void>;
  /** Keeps the vault's memories in step with promoted entries; absent, promotion stays file-only. */
  readonly memories?: PromotionLink;
  /** The search embedder: `ask` reads paraphrases with it; absent or null, `ask` is lexical. */
  readonly embedder?: Embedder | null;
}

/** What `memory forget` did: the forget's result, and every entry and message it took. */
export interface MemoryForgetResult extends ForgetResult {
  /** The entries forgotten: the one named, then any other drawn from a message that went whole. */
  readonly memories_forgotten: readonly string[];
  /** Captured messages that lost the passages carrying the fact, as `session:<id>/<entry>`. */
  readonly messages_redacted: readonly string[];
}

/**
 * How promotion reaches the one list of memories (`verity memories list`): an approved entry
 * becomes a memory with source kind `promotion` and the entry id as ref; retiring or forgetting
 * the entry does the same to that memory.
 */
export interface PromotionLink {
  /** Records the memory of a newly promoted entry (its wiki links become citations). */
  promoted(entry: { readonly memoryId: string; readonly text: string }): Promise<void>;
  /** Drops the entry's memory from derived state; the ledger keeps its history. */
  retired(memoryId: string, reason: string): Promise<void>;
  /** Forgets the entry's memory and redacts its text in the ledger. */
  forgotten(memoryId: string, reason: string): Promise<void>;
}
