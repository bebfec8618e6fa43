import {
  type BatchMessage,
  type CandidateItem,
  type Clock,
  type EngineError,
  type ExtractionSkipReason,
  isActiveItem,
  planExtraction,
  STATE_ITEM_LIMITS,
  type StateItem,
  toIso,
  type Watermark,
} from '../core/index.js';
import type { ItemExtractor } from './item-extractor.js';
import {
  type ExtractCounts,
  type ReconcileAction,
  type ReconcileThresholds,
  reconcileCandidates,
  type SimilaritySource,
} from './reconcile-candidates.js';

/** Why a run changed nothing: nothing new, no user message, out of time, or the extractor failed. */
type ExtractSkipReason = ExtractionSkipReason | 'timeout' | 'extractor_failed';

/** The report of one extraction run, the payload of its `extraction.completed` event. */
interface ExtractResult extends ExtractCounts {
  /** `id@version` of the extractor. */
  readonly extractor: string;
  readonly durationMs: number;
  readonly skippedReason: ExtractSkipReason | null;
}

const NO_COUNTS: ExtractCounts = {
  itemsExtracted: 0,
  itemsInserted: 0,
  itemsMerged: 0,
  itemsSuperseded: 0,
  itemsConflicted: 0,
  itemsDropped: 0,
};

/** Builds an `ExtractResult`; without `counts`, all counts are zero. */
function toExtractResult(
  extractor: Pick<ItemExtractor, 'id' | 'version'>,
  durationMs: number,
  skippedReason: ExtractSkipReason | null,
  counts: ExtractCounts = NO_COUNTS,
): ExtractResult {
  return {
    ...counts,
    extractor: `${extractor.id}@${extractor.version}`,
    durationMs,
    skippedReason,
  };
}

/** Options of `runItemExtraction`. */
export interface RunItemExtractionOptions {
  /** The thread's messages after `watermark` (more are harmless: they are filtered and capped). */
  readonly messages: readonly BatchMessage[];
  readonly watermark: Watermark | null;
  /** The thread's items, superseded ones included. */
  readonly existing: readonly StateItem[];
  readonly extractor: ItemExtractor;
  readonly similarity: SimilaritySource;
  /** Gives `now` for the items and measures `durationMs`. */
  readonly clock: Clock;
  readonly thresholds?: Partial<ReconcileThresholds>;
  /** Batch cap (default 20). */
  readonly maxMessages?: number;
  /** Candidate cap (default 25). */
  readonly maxCandidates?: number;
  /** The caller's hard timeout around the whole run; when it fires, the run changes nothing. */
  readonly signal?: AbortSignal;
}

/** What a run decided; the caller persists `changed` and `watermark` in one transaction. */
export interface ItemExtractionRun {
  readonly result: ExtractResult;
  /** Where to move the watermark, or null to leave it (so the batch is read again next time). */
  readonly watermark: Watermark | null;
  /** Items to upsert (new and changed). */
  readonly changed: readonly StateItem[];
  readonly actions: readonly ReconcileAction[];
  /** The extractor's output, to record as an event so that replay never re-extracts. */
  readonly candidates: readonly CandidateItem[];
  /** The extractor's error when `skippedReason` is `extractor_failed`. */
  readonly error: EngineError | null;
}

type Raced<T> = { readonly aborted: true } | { readonly aborted: false; readonly value: T };

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<Raced<T>> {
  if (signal === undefined) return promise.then((value) => ({ aborted: false, value }));
  if (signal.aborted) return Promise.resolve({ aborted: true });
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * One extraction run over a thread, storage-free: plans the batch from the watermark (skipping when
 * nothing is new or no user spoke), extracts candidates, reconciles them, and reports. Nothing is
 * written here; on a timeout or extractor failure the watermark is left so the batch is retried.
 */
export async function runItemExtraction(
  options: RunItemExtractionOptions,
): Promise<ItemExtractionRun> {
  const started = options.clock.now();
  const { extractor, signal } = options;
  const finish = (
    skippedReason: ExtractSkipReason | null,
    rest: Partial<Omit<ItemExtractionRun, 'result'>> & { counts?: ExtractCounts } = {},
  ): ItemExtractionRun => ({
    result: toExtractResult(
      extractor,
      Math.max(0, options.clock.now() - started),
      skippedReason,
      rest.counts,
    ),
    watermark: rest.watermark ?? null,
    changed: rest.changed ?? [],
    actions: rest.actions ?? [],
    candidates: rest.candidates ?? [],
    error: rest.error ?? null,
  });

  const plan = planExtraction(
    options.messages,
    options.watermark,
    options.maxMessages ?? STATE_ITEM_LIMITS.maxBatchMessages,
  );
  if (plan.kind === 'skip') return finish(plan.reason, { watermark: plan.advanceTo });
  const active = options.existing.filter(isActiveItem);
  const extracted = await untilAborted(
    extractor.extract(plan.batch, active, signal === undefined ? {} : { signal }),
    signal,
  );
  if (extracted.aborted) return finish('timeout');
  if (!extracted.value.ok) return finish('extractor_failed', { error: extracted.value.error });
  const candidates = extracted.value.value;
  const reconciled = await untilAborted(
    reconcileCandidates({
      existing: options.existing,
      candidates,
      batch: plan.batch,
      similarity: options.similarity,
      ...(options.thresholds === undefined ? {} : { thresholds: options.thresholds }),
      now: toIso(started),
      source: extractor.id,
      ...(options.maxCandidates === undefined ? {} : { maxCandidates: options.maxCandidates }),
    }),
    signal,
  );
  if (reconciled.aborted) return finish('timeout', { candidates });
  const outcome = reconciled.value;
  return finish(null, {
    watermark: plan.advanceTo,
    changed: outcome.changed,
    actions: outcome.actions,
    candidates,
    counts: outcome.counts,
  });
}
