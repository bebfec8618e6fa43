import {
  type Clock,
  compareForRendering,
  EngineError,
  type IdSource,
  type JsonObject,
  renderStateSection,
  STATE_ITEM_LIMITS,
  type StateItemStatus,
  toIso,
  toWireEvidence,
  type Watermark,
  type WireSupersessionEvidence,
} from '../core/index.js';
import type { Embedder } from '../embeddings/index.js';
import {
  createItemSimilarity,
  createRuleItemExtractor,
  type ItemConflictResolution,
  type ItemExtractor,
  type ReconcileThresholds,
  resolveItemConflict,
  runItemExtraction,
  thresholdsFor,
  toExtractionPayload,
} from '../items/index.js';
import {
  EVENT_TYPES,
  type EventType,
  type NewLedgerEvent,
  newLedgerEvent,
} from '../ledger/index.js';
import { appendAndApply, flushSession, openSession } from '../pipeline/index.js';
import { validateExtractionCompleted } from '../schemas/index.js';
import { maskedRecords } from '../search/index.js';
import type { MessageRecord, Store, StoredStateItem, WriteTx } from '../stores/index.js';
import type { IngestOptions } from './search-capability.js';

/** State-item settings of `createEngine` (seed 001's limits are the defaults). */
export interface EngineItemOptions {
  /**
   * Turns new messages into candidate items. Default: the offline rule-based extractor. `null`
   * turns extraction off (`extractItems` then does nothing).
   */
  readonly extractor?: ItemExtractor | null;
  /** Messages read after the watermark per run. Default 20. */
  readonly maxBatchMessages?: number;
  /** Items in a rendered state section. Default 40. */
  readonly maxRenderedItems?: number;
  /** Hard wall-clock limit of one run (extractor and similarity), in ms. Default 15 000. */
  readonly timeoutMs?: number;
  /**
   * Overrides of the reconciliation bands. Default: the calibration of the embedding model in use
   * (`thresholdsFor`), seed 001's bands for a model without one.
   */
  readonly thresholds?: Partial<ReconcileThresholds>;
}

/** Which items `listStateItems` returns. */
export interface ListStateItemsOptions {
  readonly threadId?: string;
  readonly entityId?: string;
  /**
   * `open` (default): items still in force (not superseded, not done, not answered); `all`:
   * every item; or the given statuses.
   */
  readonly status?: 'open' | 'all' | readonly StateItemStatus[];
  readonly limit?: number;
}

/** A state item as the SDK, the CLI (`--json`) and MCP return it. */
export interface StateItemView {
  readonly uid: string;
  readonly thread_id: string;
  readonly entity_id: string;
  readonly type: StoredStateItem['typeTag'];
  readonly status: StateItemStatus;
  readonly text: string;
  readonly topic_tags: readonly string[];
  /** Ids of the messages of `thread_id` the item rests on. */
  readonly refs: readonly string[];
  readonly confidence: StoredStateItem['confidence'];
  readonly conflict: boolean;
  readonly pinned: boolean;
  readonly replaced_by: string | null;
  readonly supersession_evidence: WireSupersessionEvidence | null;
  readonly source: string;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly updated_at: string;
}

/** One source message of an expanded item. */
export interface ItemMessageView {
  readonly message_id: string;
  readonly role: MessageRecord['role'];
  readonly content: string;
  readonly created_at: string;
  readonly entity_id: string;
  readonly source: string;
}

/** A state item with the messages it rests on (EXPAND). */
export interface ExpandedStateItem {
  readonly item: StateItemView;
  /** The item's refs that are stored, in ref order. */
  readonly messages: readonly ItemMessageView[];
  /** Refs with no stored message (forgotten since). */
  readonly missing: readonly string[];
}

/** The state items of a query, with the compact section they render to. */
export interface StateItemList {
  /** In render order: pinned, type priority, confidence, most recently seen. */
  readonly items: readonly StateItemView[];
  /** seed 001's compact section of the items (at most `maxRenderedItems` lines), or ''. */
  readonly rendered: string;
}

/** One recorded extraction run. */
export interface ExtractionRunView {
  readonly event_id: string;
  readonly thread_id: string;
  readonly entity_id: string;
  /** `id@version` of the extractor. */
  readonly extractor: string;
  readonly skipped_reason: string | null;
  readonly items_extracted: number;
  readonly items_inserted: number;
  readonly items_merged: number;
  readonly items_superseded: number;
  readonly items_conflicted: number;
  readonly items_dropped: number;
  readonly duration_ms: number;
  readonly similarity: string;
  /** Where the watermark moved to; null when it stayed (the batch is read again next time). */
  readonly watermark: { readonly created_at: string; readonly message_id: string } | null;
}

/** What one `extractItems` call did. */
export interface ItemExtractionReport {
  /** Threads that had messages after their watermark. */
  readonly threads: number;
  /** Every run recorded, in order. */
  readonly runs: readonly ExtractionRunView[];
  /**
   * Runs dropped because another writer moved the thread's watermark meanwhile (they are retried
   * by the next call, never recorded twice).
   */
  readonly stale: number;
}

/** What `resolveItemConflict` takes: the flagged items and which to keep. */
export interface ResolveItemConflictInput {
  /** One flagged item (to clear a wrong flag) or two of the same type. */
  readonly uids: readonly string[];
  /** The uid to keep (the other is superseded by it), or `both`: they do not conflict. */
  readonly keep: string;
  /** The items' thread; needed only when the first uid exists in several threads. */
  readonly threadId?: string;
  /** Only items of this entity are found (a scoped caller cannot reach another entity's). */
  readonly entityId?: string;
  /** Why, in the person's words (at most 500 characters). */
  readonly note?: string;
}

/** A recorded conflict resolution and the items as they are now. */
export interface ItemConflictResolutionView {
  readonly event_id: string;
  readonly thread_id: string;
  readonly entity_id: string;
  readonly keep: string;
  readonly note: string | null;
  /** The named items after the answer, in the order named. */
  readonly items: readonly StateItemView[];
}

/** One thread whose messages wait for item extraction. */
export interface PendingExtractionView {
  readonly thread_id: string;
  readonly entity_id: string;
  /** Messages after the thread's watermark. */
  readonly pending: number;
  /** When the first unread message (in watermark order) was ingested (its `recorded_at`). */
  readonly waiting_since: string | null;
  /** Whole minutes from `waiting_since` to now. */
  readonly waiting_minutes: number | null;
}

/** The extraction backlog as the store holds it: what waits, and for how long. */
export interface ExtractionBacklogView {
  /** False when extraction is off (`state_items.extractor: none`): nothing will drain it. */
  readonly enabled: boolean;
  /** A thread waiting longer than this is stalled. */
  readonly stall_after_minutes: number;
  readonly threads_pending: number;
  readonly messages_pending: number;
  /** Threads waiting longer than `stall_after_minutes`. */
  readonly threads_stalled: number;
  /** The longest wait, in whole minutes (null when nothing waits). */
  readonly oldest_waiting_minutes: number | null;
  /** At most 20 waiting threads, longest wait first (then by thread id). */
  readonly longest_waiting: readonly PendingExtractionView[];
  /** The scan stopped at this many threads (counts are then lower bounds); null when complete. */
  readonly truncated_at: number | null;
}

/** The engine's state-item members (seed 001): extraction runs, lists and expansion. */
export interface StateItemsCapability {
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
   * A person's answer to a conflict between state items: keep one (the other becomes superseded
   * by it), or both (they do not conflict), with an optional note; recorded as an
   * `item_conflict.resolved` event and folded, so a rebuild reproduces it. Throws NOT_FOUND for
   * an unknown uid, CONFLICT when an item is not (or no longer) flagged, VALIDATION_FAILED for a
   * malformed answer or a uid found in several threads without `threadId`.
   */
  resolveItemConflict(input: ResolveItemConflictInput): Promise<ItemConflictResolutionView>;
  /**
   * Threads whose messages wait for item extraction and how long they have waited (from the
   * ingest time of each thread's first unread message to the engine's clock); a thread waiting
   * longer than `stallAfterMinutes` (default 15: three missed sweeps of `verity serve`) is stalled.
   * A read: nothing is recorded.
   */
  extractionBacklog(options?: {
    readonly stallAfterMinutes?: number;
  }): Promise<ExtractionBacklogView>;
}

/** What `createEngine` gets from the state-items service: the capability plus its ingest hook. */
export interface StateItemsService {
  /** The members the engine offers. */
  readonly capability: StateItemsCapability;
  /** Runs after `ingest` committed: extracts when the ingest waits for indexing. */
  afterIngest(options: IngestOptions | undefined, waitByDefault: boolean): Promise<void>;
}

/** Dependencies of `createStateItemsService`. */
export interface StateItemsDependencies {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: IdSource;
  /** The embedder of the search index, or null when vectors are off. */
  readonly embedder: Embedder | null;
  readonly options?: EngineItemOptions;
}

const OPEN_STATUSES: readonly StateItemStatus[] = ['active', 'open', 'blocked'];
const BACKLOG_PAGE = 500;

function positive(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1) {
    throw new EngineError('CONFIG_INVALID', `${name} must be a positive integer`, {
      setting: name,
    });
  }
  return chosen;
}

/** The snake_case view of a stored item. */
export function toStateItemView(item: StoredStateItem): StateItemView {
  const evidence = item.supersessionEvidence;
  return {
    uid: item.uid,
    thread_id: item.threadId,
    entity_id: item.entityId,
    type: item.typeTag,
    status: item.status,
    text: item.text,
    topic_tags: item.topicTags,
    refs: item.refs,
    confidence: item.confidence,
    conflict: item.conflict,
    pinned: item.pinned,
    replaced_by: item.replacedBy,
    supersession_evidence: evidence === null ? null : toWireEvidence(evidence),
    source: item.source,
    created_at: item.createdAt,
    last_seen_at: item.lastSeenAt,
    updated_at: item.updatedAt,
  };
}

function toMessageView(message: MessageRecord): ItemMessageView {
  return {
    message_id: message.messageId,
    role: message.role,
    content: message.content,
    created_at: message.createdAt,
    entity_id: message.entityId,
    source: message.source,
  };
}

function sameWatermark(a: Watermark | null, b: Watermark | null): boolean {
  if (a === null || b === null) return a === b;
  return a.createdAt === b.createdAt && a.messageId === b.messageId;
}

function statusesOf(status: ListStateItemsOptions['status']): readonly StateItemStatus[] | null {
  if (status === undefined || status === 'open') return OPEN_STATUSES;
  if (status === 'all') return null;
  return status;
}

/** The state-item settings, resolved once, and the dependencies every step reads. */
interface ItemsRuntime {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly embedder: Embedder | null;
  /** The extractor; null turns extraction off. */
  readonly extractor: ItemExtractor | null;
  readonly maxBatchMessages: number;
  readonly maxRenderedItems: number;
  readonly timeoutMs: number;
  readonly thresholds: ReconcileThresholds;
}

function itemsRuntime(deps: StateItemsDependencies): ItemsRuntime {
  const options = deps.options ?? {};
  return {
    store: deps.store,
    clock: deps.clock,
    ids: deps.ids,
    embedder: deps.embedder,
    extractor: options.extractor === undefined ? createRuleItemExtractor() : options.extractor,
    maxBatchMessages: positive(
      options.maxBatchMessages,
      STATE_ITEM_LIMITS.maxBatchMessages,
      'maxBatchMessages',
    ),
    maxRenderedItems: positive(
      options.maxRenderedItems,
      STATE_ITEM_LIMITS.maxRenderedItems,
      'maxRenderedItems',
    ),
    timeoutMs: positive(options.timeoutMs, STATE_ITEM_LIMITS.extractionTimeoutMs, 'timeoutMs'),
    thresholds: {
      ...thresholdsFor(deps.embedder?.space.model ?? null),
      ...options.thresholds,
    },
  };
}

/** One run over a thread: its recorded view, or why nothing was recorded. */
async function runOnce(
  rt: ItemsRuntime,
  active: ItemExtractor,
  threadId: string,
): Promise<ExtractionRunView | 'idle' | 'stale'> {
  const { store, embedder } = rt;
  const before = await store.getWatermark(threadId);
  // Read as every surface shows them: an item must not carry what the message's masking hides
  // ("What's the door code?" | "7713" | "no wait 7731" gives no "No wait 7731").
  const messages = await maskedRecords(
    store,
    await store.listMessages({ threadId, after: before, limit: rt.maxBatchMessages }),
  );
  const newest = messages.at(-1);
  if (newest === undefined) return 'idle';
  const existing = await store.listStateItems({ threadId });
  const signal = AbortSignal.timeout(rt.timeoutMs);
  const similarity = createItemSimilarity(
    embedder === null
      ? null
      : (texts) =>
          embedder.embedDocuments(
            texts.map((text) => embedder.documentInput(text)),
            signal,
          ),
  );
  const run = await runItemExtraction({
    messages,
    watermark: before,
    existing,
    extractor: active,
    similarity,
    clock: rt.clock,
    maxMessages: rt.maxBatchMessages,
    signal,
    thresholds: rt.thresholds,
  });
  if (run.result.skippedReason === 'no_new_messages') return 'idle';
  const payload = toExtractionPayload({
    threadId,
    entityId: newest.entityId,
    watermarkBefore: before,
    run,
    existing,
    similarity: similarity.mode(),
  });
  const checked = validateExtractionCompleted(payload);
  if (!checked.ok) {
    throw new EngineError('VALIDATION_FAILED', 'an extraction run produced an invalid event', {
      operation: 'extractItems',
      threadId,
      issue: checked.issues.map((i) => `${i.path} ${i.rule}`).join('; '),
    });
  }
  return recordRun(rt, threadId, newest.entityId, before, payload);
}

/**
 * Appends one event the state-items service produces (at the clock's instant, or `now`) and folds
 * it, in the caller's transaction; a taken event id is a bug and throws CONFLICT.
 */
async function appendAndFold(
  rt: ItemsRuntime,
  tx: WriteTx,
  type: EventType,
  entityId: string,
  payload: JsonObject,
  operation: string,
  now: string = toIso(rt.clock.now()),
): Promise<NewLedgerEvent> {
  const event = newLedgerEvent({
    eventId: rt.ids.uuid(),
    type,
    entityId,
    recordedAt: now,
    payload,
  });
  const session = await openSession(tx);
  if (!(await appendAndApply(tx, session, event))) {
    throw new EngineError('CONFLICT', `a ${type} event id was already taken`, {
      operation,
      eventId: event.eventId,
    });
  }
  await flushSession(tx, session);
  return event;
}

/**
 * Records a run as an `extraction.completed` event and folds it, in one transaction that
 * re-checks the watermark: 'stale' when another writer extracted the thread meanwhile.
 */
async function recordRun(
  rt: ItemsRuntime,
  threadId: string,
  entityId: string,
  before: Watermark | null,
  payload: ReturnType<typeof toExtractionPayload>,
): Promise<ExtractionRunView | 'stale'> {
  const scope = { entities: [entityId, `thread:${threadId}`] };
  return rt.store.withWriteLock(scope, async (tx) => {
    // Another writer extracted this thread since we read it: its items are what we would have
    // reconciled against, so this run is dropped rather than recorded on stale input.
    if (!sameWatermark(await tx.getWatermark(threadId), before)) return 'stale';
    const event = await appendAndFold(
      rt,
      tx,
      EVENT_TYPES.extractionCompleted,
      entityId,
      payload as unknown as JsonObject,
      'extractItems',
    );
    return {
      event_id: event.eventId,
      thread_id: threadId,
      entity_id: entityId,
      extractor: payload.result.extractor,
      skipped_reason: payload.result.skipped_reason,
      items_extracted: payload.result.items_extracted,
      items_inserted: payload.result.items_inserted,
      items_merged: payload.result.items_merged,
      items_superseded: payload.result.items_superseded,
      items_conflicted: payload.result.items_conflicted,
      items_dropped: payload.result.items_dropped,
      duration_ms: payload.result.duration_ms,
      similarity: payload.similarity,
      watermark: payload.watermark,
    };
  });
}

/** Runs over one thread until it is caught up, a run fails, or a run goes stale. */
async function catchUp(
  rt: ItemsRuntime,
  active: ItemExtractor,
  threadId: string,
  runs: ExtractionRunView[],
): Promise<number> {
  for (;;) {
    const outcome = await runOnce(rt, active, threadId);
    if (outcome === 'idle') return 0;
    if (outcome === 'stale') return 1;
    runs.push(outcome);
    if (outcome.watermark === null) return 0;
  }
}

async function extractItems(
  rt: ItemsRuntime,
  extractOptions: { readonly threadId?: string } = {},
): Promise<ItemExtractionReport> {
  const runs: ExtractionRunView[] = [];
  const extractor = rt.extractor;
  if (extractor === null) return { threads: 0, runs, stale: 0 };
  let stale = 0;
  if (extractOptions.threadId !== undefined) {
    stale += await catchUp(rt, extractor, extractOptions.threadId, runs);
    return { threads: runs.length > 0 ? 1 : 0, runs, stale };
  }
  // Threads whose run failed stay in the backlog: page past them instead of retrying them.
  const visited = new Set<string>();
  for (;;) {
    const backlog = await rt.store.listExtractionBacklog(visited.size + BACKLOG_PAGE);
    const fresh = backlog.filter((entry) => !visited.has(entry.threadId));
    if (fresh.length === 0) break;
    for (const entry of fresh) {
      visited.add(entry.threadId);
      stale += await catchUp(rt, extractor, entry.threadId, runs);
    }
  }
  return { threads: visited.size, runs, stale };
}

async function listStateItems(
  rt: ItemsRuntime,
  listOptions: ListStateItemsOptions = {},
): Promise<StateItemList> {
  const statuses = statusesOf(listOptions.status);
  const stored = await rt.store.listStateItems({
    ...(listOptions.threadId === undefined ? {} : { threadId: listOptions.threadId }),
    ...(listOptions.entityId === undefined ? {} : { entityId: listOptions.entityId }),
    ...(statuses === null ? {} : { statuses }),
  });
  const sorted = [...stored].sort(compareForRendering);
  const limited =
    listOptions.limit === undefined ? sorted : sorted.slice(0, Math.max(0, listOptions.limit));
  return {
    items: limited.map(toStateItemView),
    rendered: renderStateSection(limited, { maxItems: rt.maxRenderedItems }),
  };
}

async function expandStateItem(
  rt: ItemsRuntime,
  uid: string,
  threadId: string | undefined,
): Promise<ExpandedStateItem> {
  const { store } = rt;
  const found =
    threadId === undefined
      ? await store.listStateItems({ uid })
      : [await store.getStateItem(threadId, uid)].filter((item) => item !== null);
  const [item, other] = found;
  if (item === undefined) {
    throw new EngineError('NOT_FOUND', `no state item ${uid}`, {
      uid,
      ...(threadId === undefined ? {} : { threadId }),
    });
  }
  if (other !== undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `state item ${uid} exists in ${found.length} threads; name the thread`,
      { uid, threads: found.length },
    );
  }
  const messages: ItemMessageView[] = [];
  const missing: string[] = [];
  for (const ref of item.refs) {
    const message = await store.getMessage(item.threadId, ref);
    if (message === null) missing.push(ref);
    else messages.push(toMessageView(message));
  }
  return { item: toStateItemView(item), messages, missing };
}

const MAX_NOTE = 500;
/** Default wait before a thread counts as stalled: three sweeps of `verity serve` (5 min each). */
export const DEFAULT_STALL_MINUTES = 15;
const BACKLOG_SCAN = 1000;
const LONGEST_SHOWN = 20;

async function pendingView(
  rt: ItemsRuntime,
  entry: { threadId: string; entityId: string; pending: number; watermark: Watermark | null },
  now: number,
): Promise<PendingExtractionView> {
  const [first] = await rt.store.listMessages({
    threadId: entry.threadId,
    after: entry.watermark,
    limit: 1,
  });
  const event = first === undefined ? null : await rt.store.getEvent(first.eventId);
  const since = event?.recordedAt ?? null;
  return {
    thread_id: entry.threadId,
    entity_id: entry.entityId,
    pending: entry.pending,
    waiting_since: since,
    waiting_minutes:
      since === null ? null : Math.max(0, Math.floor((now - Date.parse(since)) / 60_000)),
  };
}

async function extractionBacklog(
  rt: ItemsRuntime,
  stallAfterMinutes: number = DEFAULT_STALL_MINUTES,
): Promise<ExtractionBacklogView> {
  if (!Number.isFinite(stallAfterMinutes) || stallAfterMinutes < 0) {
    throw new EngineError('VALIDATION_FAILED', 'stall minutes must be a number ≥ 0', {
      field: 'stall_minutes',
    });
  }
  const backlog = await rt.store.listExtractionBacklog(BACKLOG_SCAN + 1);
  const scanned = backlog.slice(0, BACKLOG_SCAN);
  const now = rt.clock.now();
  const views: PendingExtractionView[] = [];
  for (const entry of scanned) views.push(await pendingView(rt, entry, now));
  const waits = views.map((view) => view.waiting_minutes ?? 0);
  const longest = [...views].sort(
    (a, b) =>
      (b.waiting_minutes ?? 0) - (a.waiting_minutes ?? 0) || a.thread_id.localeCompare(b.thread_id),
  );
  return {
    enabled: rt.extractor !== null,
    stall_after_minutes: stallAfterMinutes,
    threads_pending: views.length,
    messages_pending: views.reduce((sum, view) => sum + view.pending, 0),
    threads_stalled: waits.filter((minutes) => minutes > stallAfterMinutes).length,
    oldest_waiting_minutes: views.length === 0 ? null : Math.max(...waits),
    longest_waiting: longest.slice(0, LONGEST_SHOWN),
    truncated_at: backlog.length > BACKLOG_SCAN ? BACKLOG_SCAN : null,
  };
}

/**
 * The thread and entity of the first named item, within `entityId` when given. A uid found in
 * several threads (the same text extracted in each) is narrowed to the threads holding every
 * named uid.
 */
async function locateConflict(
  rt: ItemsRuntime,
  input: ResolveItemConflictInput,
): Promise<{ readonly threadId: string; readonly entityId: string }> {
  const [first] = input.uids;
  if (first === undefined) {
    throw new EngineError('VALIDATION_FAILED', 'name one flagged item, or two', { field: 'uids' });
  }
  let found = (
    await rt.store.listStateItems({
      uid: first,
      ...(input.threadId === undefined ? {} : { threadId: input.threadId }),
    })
  ).filter((item) => input.entityId === undefined || item.entityId === input.entityId);
  if (found.length > 1 && input.uids.length > 1) {
    const holding: StoredStateItem[] = [];
    for (const item of found) {
      const rest = await rt.store.listStateItems({ threadId: item.threadId });
      if (input.uids.every((uid) => rest.some((other) => other.uid === uid))) holding.push(item);
    }
    if (holding.length > 0) found = holding;
  }
  const [item, other] = found;
  if (item === undefined)
    throw new EngineError('NOT_FOUND', `no state item ${first}`, { uid: first });
  if (other !== undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `state item ${first} exists in ${found.length} threads; name the thread`,
      { uid: first, threads: found.length },
    );
  }
  return { threadId: item.threadId, entityId: item.entityId };
}

function noteOf(note: string | undefined): string | null {
  const trimmed = note?.trim() ?? '';
  if (trimmed.length > MAX_NOTE) {
    throw new EngineError('VALIDATION_FAILED', `note: at most ${MAX_NOTE} characters`, {
      field: 'note',
    });
  }
  return trimmed === '' ? null : trimmed;
}

async function resolveConflict(
  rt: ItemsRuntime,
  input: ResolveItemConflictInput,
): Promise<ItemConflictResolutionView> {
  const { threadId, entityId } = await locateConflict(rt, input);
  const resolution: ItemConflictResolution = {
    thread_id: threadId,
    entity_id: entityId,
    uids: [...input.uids],
    keep: input.keep,
    note: noteOf(input.note),
  };
  const scope = { entities: [entityId, `thread:${threadId}`] };
  return rt.store.withWriteLock(scope, async (tx) => {
    const found: StoredStateItem[] = [];
    for (const uid of resolution.uids) {
      const item = await tx.getStateItem(threadId, uid);
      if (item !== null && (input.entityId === undefined || item.entityId === input.entityId)) {
        found.push(item);
      }
    }
    const now = toIso(rt.clock.now());
    // Checked here, under the lock, against the rows the fold will read.
    const changed = resolveItemConflict(found, resolution, now);
    if (!changed.ok) throw changed.error;
    const event = await appendAndFold(
      rt,
      tx,
      EVENT_TYPES.itemConflictResolved,
      entityId,
      resolution as unknown as JsonObject,
      'resolveItemConflict',
      now,
    );
    return {
      event_id: event.eventId,
      thread_id: threadId,
      entity_id: entityId,
      keep: resolution.keep,
      note: resolution.note,
      items: changed.value.map(toStateItemView),
    };
  });
}

/**
 * Wires structured state items to the store: extraction runs per thread (read outside the write
 * lock, extracted with a hard timeout, then recorded as an `extraction.completed` event and folded
 * in one transaction that re-checks the watermark), listing, the entity-level view and EXPAND.
 */
export function createStateItemsService(deps: StateItemsDependencies): StateItemsService {
  const rt = itemsRuntime(deps);
  return {
    capability: {
      extractItems: (extractOptions) => extractItems(rt, extractOptions),
      listStateItems: (listOptions) => listStateItems(rt, listOptions),
      expandStateItem: (uid, threadId) => expandStateItem(rt, uid, threadId),
      resolveItemConflict: (input) => resolveConflict(rt, input),
      extractionBacklog: (backlogOptions) =>
        extractionBacklog(rt, backlogOptions?.stallAfterMinutes),
    },
    async afterIngest(ingestOptions, waitByDefault) {
      if (rt.extractor === null || !(ingestOptions?.waitForIndex ?? waitByDefault)) return;
      try {
        await extractItems(rt);
      } catch (error: unknown) {
        if (ingestOptions?.onIndexError === undefined) throw error;
        ingestOptions.onIndexError(error);
      }
    },
  };
}
