import type { BatchMessage, CandidateItem, Result, StateItem } from '../core/index.js';

/** Options of one `ItemExtractor.extract` call. */
export interface ExtractItemsOptions {
  /** Aborts the run (the caller's hard timeout); an extractor stops and returns an error. */
  readonly signal?: AbortSignal;
}

/**
 * Turns a batch of new messages into candidate state items. Two implementations sit behind it: the
 * offline rule-based extractor (the default) and an LLM extractor.
 *
 * Contract:
 * - Candidates cite only messages of `batch` in `refs`; reconciliation drops any other ref and any
 *   candidate left without one.
 * - Candidates are unreconciled proposals: the extractor never decides merges or supersessions
 *   itself, but may name the item a candidate replaces (`supersedes`, a uid from
 *   `existingItems`) or the replaced object (`replaces`).
 * - A batch with nothing to extract (including one with no user message) is `ok([])`, not an error.
 * - Expected failures (a model that times out or returns unusable output) are returned as an
 *   `EngineError` with code `PROVIDER_FAILED`; the extractor never throws for them.
 * - Deterministic for the rule-based extractor; an LLM extractor's output is recorded as an event
 *   so that replay never calls the model again.
 */
export interface ItemExtractor {
  /** Stable name, recorded as the `source` of the items it creates (`rules`, `llm`). */
  readonly id: string;
  /** Changes whenever the same input could give different candidates. */
  readonly version: string;
  /**
   * Candidates for `batch` (oldest message first), given the thread's active items so that
   * existing ones can be referenced by uid instead of repeated.
   */
  extract(
    batch: readonly BatchMessage[],
    existingItems: readonly StateItem[],
    options?: ExtractItemsOptions,
  ): Promise<Result<readonly CandidateItem[]>>;
}
