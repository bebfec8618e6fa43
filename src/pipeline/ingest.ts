import {
  adaptThresholds,
  type Clock,
  type Decision,
  DOMAINS,
  type Domain,
  deriveUuid,
  type EngineError,
  type IdSource,
  type JsonObject,
  MINUTE_MS,
  type Policy,
  parseRfc3339,
  rollbackRules,
  sha256Hex,
  toIso,
  type ValidationIssue,
} from '../core/index.js';
import {
  EVENT_TYPES,
  type IngestRecord,
  newLedgerEvent,
  type ParseOutcome,
  parseLine,
  parseRecord,
  toLedgerEvent,
} from '../ledger/index.js';
import type { DlqItem, Store, WriteTx } from '../stores/index.js';
import {
  type ApplyResult,
  type ApplySession,
  appendAndApply,
  applyEvent,
  checkAnswer,
  flushSession,
  joinSharedState,
  LAST_ADAPTED_KEY,
  LAST_RAISE_KEY,
  openSession,
  type PolicyChange,
  STATS_KEY,
} from './apply.js';
import { withPipelineTx } from './cached-tx.js';
import { deriveObservations, type ExtractionStep } from './derive.js';
import { DEFAULT_MAX_FUTURE_SKEW_MS, eventTimeOf, futureDateIssue } from './event-time.js';
import { type LocalScope, NeedsGlobalScope, scopeKeys } from './scoped-tx.js';
import type { IngestReport } from './types.js';

/** The I/O a pipeline operation needs. */
export interface PipelineDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: IdSource;
  /** Turns messages and notes into observations at live ingest; absent, they are only stored. */
  readonly extraction?: ExtractionStep;
  /**
   * `parallel`: each ingest batch first runs entity-scoped, so writers of disjoint entities
   * overlap, and falls back to the global scope when it touches shared state. `serial`: every
   * batch takes the global scope. Default: parallel on PostgreSQL, serial elsewhere.
   */
  readonly writeMode?: 'serial' | 'parallel';
  /**
   * How far after the clock an event may be dated (default 5 minutes); later ones are refused
   * to the dead-letter queue, except plans from a calendar source.
   */
  readonly maxFutureSkewMs?: number;
}

const SCHEMA_OF: Readonly<Record<IngestRecord['kind'], string>> = {
  observation: 'state_observation',
  signal: 'signal_event',
  message: 'message_record',
  note: 'note_record',
  answer: 'user_confirmation',
  prompt: 'user_confirmation',
};

/** Retry delays of a dead letter: 1 m, 5 m, 30 m, then it is permanently failed. */
export const DLQ_BACKOFF_MS: readonly number[] = [1 * MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS];

const BATCH = 2000;

/**
 * Lines per transaction when batches run entity-scoped. Smaller than `BATCH`: one line that needs
 * the global scope (a review prompt, a dead letter) sends its whole transaction to the global
 * path, so a shorter one keeps more of the input parallel. Commits cost more on a server, not a
 * throughput cliff: a few milliseconds per 250 lines.
 */
const PARALLEL_BATCH = 250;

interface Parsed {
  readonly index: number;
  readonly line: number;
  readonly raw: string;
  readonly outcome: ParseOutcome;
}

/** One input that was (or was not) applied. */
interface ItemOutcome {
  readonly status: 'applied' | 'duplicate' | 'rejected';
  readonly eventId: string | null;
  readonly result: ApplyResult | null;
  readonly dlqId: string | null;
  readonly schema: string | null;
  readonly issues: readonly ValidationIssue[];
}

function splitLines(text: string): { line: number; raw: string }[] {
  const out: { line: number; raw: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    out.push({ line: index + 1, raw });
  }
  return out;
}

function entityOf(outcome: ParseOutcome): string | null {
  if (!outcome.ok) return null;
  const r = outcome.record;
  switch (r.kind) {
    case 'observation':
      return r.observation.entity_id;
    case 'signal':
      return r.signal.entity_id;
    case 'message':
      return r.message.entity_id ?? null;
    case 'note':
      return r.note.entity_id ?? null;
    case 'answer':
      return r.answer.entity_id ?? null;
    case 'prompt':
      return r.prompt.entity_id;
  }
}

/** Dead-letter payloads beyond this many characters keep a prefix and the hash of the whole. */
export const MAX_DEAD_LETTER_CHARS = 64 * 1024;

/** `raw`, or its first `MAX_DEAD_LETTER_CHARS` characters with the length and hash of the whole. */
export function capDeadLetterRaw(raw: string): string {
  if (raw.length <= MAX_DEAD_LETTER_CHARS) return raw;
  return `${raw.slice(0, MAX_DEAD_LETTER_CHARS)}…[truncated: ${raw.length} characters, sha256 ${sha256Hex(raw)}]`;
}

const TRUNCATED_TAIL = /…\[truncated: \d+ characters, sha256 [0-9a-f]{64}\]$/;

/**
 * Whether a stored dead letter kept only a prefix of its input: such a letter can never be
 * replayed as it stands (the prefix is not the record), so it is not retried; `dlq edit` with the
 * whole corrected record is the way out.
 */
export function isTruncatedDeadLetter(raw: string): boolean {
  return raw.length > MAX_DEAD_LETTER_CHARS && TRUNCATED_TAIL.test(raw);
}

/**
 * Recognises a whole JSON document given where JSONL was expected: a JSON array is read as its
 * elements (one record each), and one pretty-printed object spread over several lines as one
 * record. Null for anything else (JSONL, or text that is not JSON at all).
 */
export function recogniseJsonDocument(text: string): unknown[] | null {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('[') || (trimmed.startsWith('{') && trimmed.includes('\n'))))
    return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed)) return parsed;
    return typeof parsed === 'object' && parsed !== null ? [parsed] : null;
  } catch {
    return null;
  }
}

/** Puts a rejected input in the dead-letter queue; the same raw input is kept once. */
export async function deadLetter(
  tx: WriteTx,
  raw: string,
  schema: string,
  issues: readonly ValidationIssue[],
  inputId: string | null,
  domain: string | null,
  now: number,
): Promise<DlqItem> {
  const dlqId = deriveUuid('dlq', sha256Hex(raw));
  const existing = await tx.getDlq(dlqId);
  const at = toIso(now);
  // A retry parses the same line again, and parsing is a pure function of the line: one that is not
  // JSON, or breaks its schema (blank content, a date such as "yesterday", a field outside its
  // domain), cannot become valid by waiting, nor can one kept only in part. It is never retried,
  // only edited. What depends on the store or the clock (an unknown prompt, a future date) is.
  // Nor can an id the ledger already holds with other content: the ledger never forgets an id.
  const parsed = parseLine(raw);
  const idTaken = issues.some((issue) => issue.rule === 'idempotency');
  const unrecoverable =
    schema === 'json' || raw.length > MAX_DEAD_LETTER_CHARS || !parsed.ok || idTaken;
  // A record that breaks its schema or reuses an id waits for a person at once, as it would have
  // once its retries ran out; text that is not JSON at all stays out of the review queue.
  const needsReview = (!parsed.ok && parsed.rejection.schema !== 'json') || idTaken;
  const item: DlqItem = existing
    ? {
        ...existing,
        errors: issues,
        schemaName: schema,
        lastTriedAt: at,
        needsReview: existing.needsReview || idTaken,
        status: idTaken
          ? 'permanently_failed'
          : existing.status === 'resolved' || existing.status === 'discarded'
            ? 'pending'
            : existing.status,
        nextRetryAt:
          idTaken || existing.status === 'permanently_failed'
            ? null
            : (existing.nextRetryAt ?? toIso(now + (DLQ_BACKOFF_MS[0] ?? MINUTE_MS))),
      }
    : {
        dlqId,
        raw: capDeadLetterRaw(raw),
        schemaName: schema,
        errors: issues,
        inputId,
        domain,
        firstSeenAt: at,
        lastTriedAt: at,
        retryCount: 0,
        nextRetryAt: unrecoverable ? null : toIso(now + (DLQ_BACKOFF_MS[0] ?? MINUTE_MS)),
        status: unrecoverable ? 'permanently_failed' : 'pending',
        needsReview,
      };
  await tx.putDlq(item);
  return item;
}

/**
 * Appends and folds one validated record inside the caller's transaction. Duplicates are no-ops;
 * an id reused with other content, or an answer to a stale or unknown prompt, is dead-lettered.
 */
export async function applyRecord(
  tx: WriteTx,
  session: ApplySession,
  record: IngestRecord,
  raw: string,
  now: number,
  extraction?: ExtractionStep,
  maxFutureSkewMs: number = DEFAULT_MAX_FUTURE_SKEW_MS,
): Promise<ItemOutcome> {
  const future = futureDateIssue(record, now, maxFutureSkewMs);
  if (future !== null) return refuseFutureDated(tx, record, raw, future, now);
  let promptEntity: string | null = null;
  if (record.kind === 'answer') {
    const checked = await checkAnswerRecord(tx, record.answer, raw, now);
    if (checked.refused !== null) return checked.refused;
    promptEntity = checked.promptEntity;
  }
  const event = toLedgerEvent(record, { recordedAt: toIso(now), promptEntity });
  const appended = await tx.appendEvent(event);
  if (appended.kind === 'duplicate') return duplicateOutcome(appended.eventId);
  if (appended.kind === 'conflict') {
    // Name the record as its sender knows it: a message by its thread and id, not by the event id
    // Verity derived from them.
    const what =
      record.kind === 'message'
        ? `message ${record.message.thread_id}/${record.message.message_id} (event ${appended.existing.eventId})`
        : `event ${appended.existing.eventId}`;
    const issue: ValidationIssue = {
      path: record.kind === 'message' ? '/message_id' : '/event_id',
      rule: 'idempotency',
      message: `${what} was already recorded (ledger seq ${appended.existing.seq}) with different content; refusing to overwrite it`,
    };
    const item = await deadLetter(tx, raw, event.type, [issue], event.eventId, null, now);
    return rejectedOutcome(item.dlqId, event.type, issue);
  }
  const folded = { ...event, seq: appended.seq, redacted: false };
  const result = await foldRecord(tx, session, record, folded, now, extraction);
  return {
    status: 'applied',
    eventId: event.eventId,
    result,
    dlqId: null,
    schema: null,
    issues: [],
  };
}

function duplicateOutcome(eventId: string): ItemOutcome {
  return { status: 'duplicate', eventId, result: null, dlqId: null, schema: null, issues: [] };
}

function rejectedOutcome(dlqId: string, schema: string, issue: ValidationIssue): ItemOutcome {
  return { status: 'rejected', eventId: null, result: null, dlqId, schema, issues: [issue] };
}

/**
 * A record dated too far ahead of the clock is dead-lettered, unless it is a redelivery of what
 * is already recorded: that stays a duplicate, whatever its date says. Answers are never probed.
 */
async function refuseFutureDated(
  tx: WriteTx,
  record: IngestRecord,
  raw: string,
  future: ValidationIssue,
  now: number,
): Promise<ItemOutcome> {
  if (record.kind !== 'answer') {
    const probe = toLedgerEvent(record, { recordedAt: toIso(now) });
    const existing = await tx.getEvent(probe.eventId);
    if (existing !== null && existing.payloadHash === probe.payloadHash) {
      return duplicateOutcome(existing.eventId);
    }
  }
  const schema = SCHEMA_OF[record.kind];
  const domain = record.kind === 'observation' ? record.observation.domain : null;
  const item = await deadLetter(tx, raw, schema, [future], null, domain, now);
  return rejectedOutcome(item.dlqId, schema, future);
}

/**
 * Checks an answer against its prompt: a new answer to a stale or unknown prompt is
 * dead-lettered (`refused`); otherwise the prompt's entity (if any) is returned for the event.
 */
async function checkAnswerRecord(
  tx: WriteTx,
  answer: Extract<IngestRecord, { kind: 'answer' }>['answer'],
  raw: string,
  now: number,
): Promise<{ readonly refused: ItemOutcome | null; readonly promptEntity: string | null }> {
  const refusal: EngineError | null = await checkAnswer(tx, answer);
  const prompt = await tx.getPrompt(answer.prompt_id.toLowerCase());
  const promptEntity = prompt?.entityId ?? null;
  const already = await tx.getEvent(answer.answer_id.toLowerCase());
  if (!refusal || already) return { refused: null, promptEntity };
  const issue: ValidationIssue = {
    path: '/prompt_id',
    rule: refusal.code === 'NOT_FOUND' ? 'prompt_exists' : 'prompt_current',
    message: refusal.message,
  };
  const item = await deadLetter(
    tx,
    raw,
    'user_confirmation',
    [issue],
    answer.answer_id,
    prompt?.domain ?? null,
    now,
  );
  return { refused: rejectedOutcome(item.dlqId, 'user_confirmation', issue), promptEntity };
}

/**
 * Folds an appended event; messages and notes then go through extraction (when configured), whose
 * invalid observations are dead-lettered and whose failure is added to the reasons.
 */
async function foldRecord(
  tx: WriteTx,
  session: ApplySession,
  record: IngestRecord,
  folded: Parameters<typeof applyEvent>[2],
  now: number,
  extraction: ExtractionStep | undefined,
): Promise<ApplyResult> {
  const result = await applyEvent(tx, session, folded);
  if (extraction === undefined || (record.kind !== 'message' && record.kind !== 'note')) {
    return result;
  }
  const derived = await deriveObservations(tx, session, folded, extraction);
  for (const bad of derived.invalid) {
    await deadLetter(tx, bad.raw, 'state_observation', bad.issues, null, null, now);
  }
  return {
    ...derived.result,
    reasons: [
      ...result.reasons,
      ...derived.result.reasons,
      ...(derived.failure === null ? [] : [`extraction failed: ${derived.failure}`]),
    ],
  };
}

/** What happened to one input of an `ingest` run, reported to `IngestRunOptions.onRecord`. */
interface RecordOutcome {
  /** 0-based position of the input (a line or an array element) among the non-blank inputs. */
  readonly index: number;
  readonly status: 'applied' | 'duplicate' | 'rejected';
  /** The ledger event id, or null when the input was rejected. */
  readonly eventId: string | null;
  readonly issues: readonly ValidationIssue[];
}

/** Per-run options of the pipeline's `ingest`. */
export interface IngestRunOptions {
  /** Receives each input's outcome, in the order they were applied (input order unless `import`). */
  readonly onRecord?: (outcome: RecordOutcome) => void;
  /**
   * Import mode, for history: records are applied in event-time order, each resolved as if it had
   * arrived live at its own event time (never later than the clock): its ledger `recorded_at` is
   * that time, so the fold (and any replay of it) gives the state, confidences and explanations a
   * live feed would have given. Records dated after the clock are still refused.
   */
  readonly import?: boolean;
}

function eventMsOf(item: Parsed): number {
  if (!item.outcome.ok) return Number.NEGATIVE_INFINITY;
  return parseRfc3339(eventTimeOf(item.outcome.record).at) ?? Number.NEGATIVE_INFINITY;
}

/** Items in event-time order (stable; invalid ones first, where they fail at once). */
function inEventOrder(items: readonly Parsed[]): Parsed[] {
  return items
    .map((item) => ({ item, at: eventMsOf(item) }))
    .sort((a, b) => a.at - b.at || a.item.index - b.item.index)
    .map(({ item }) => item);
}

const EMPTY_DECISIONS: Record<Decision, number> = {
  auto_commit: 0,
  ask_user: 0,
  tentative_reject: 0,
};

/**
 * Ingests JSONL text or parsed records: validate → append → resolve → persist, in batches that
 * each commit durably before the next starts. Invalid inputs go to the DLQ with every error; valid
 * neighbours are applied regardless.
 */
export async function ingest(
  deps: PipelineDeps,
  input: string | readonly unknown[],
  options: IngestRunOptions = {},
): Promise<IngestReport> {
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : null;
  const document = text === null ? null : recogniseJsonDocument(text);
  if (document !== null) return ingest(deps, document, options);
  const parsed: Parsed[] =
    text !== null
      ? splitLines(text).map(({ line, raw }, index) => ({
          index,
          line,
          raw,
          outcome: parseLine(raw),
        }))
      : (input as readonly unknown[]).map((value, index) => ({
          index,
          line: index + 1,
          raw: typeof value === 'string' ? value : JSON.stringify(value),
          outcome: typeof value === 'string' ? parseLine(value) : parseRecord(value),
        }));
  const items = options.import === true ? inEventOrder(parsed) : parsed;
  const decisions = { ...EMPTY_DECISIONS };
  const rejections: IngestReport['rejections'][number][] = [];
  let applied = 0;
  let duplicate = 0;
  const parallel = (deps.writeMode ?? defaultWriteMode(deps.store)) === 'parallel';
  const size = parallel ? PARALLEL_BATCH : BATCH;
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    const local = parallel ? localScopeOf(batch) : null;
    let report: BatchReport | null = null;
    if (local !== null) {
      try {
        report = await runBatch(deps, batch, local, options.import === true);
      } catch (error) {
        if (!(error instanceof NeedsGlobalScope)) throw error;
      }
    }
    report ??= await runBatch(deps, batch, null, options.import === true);
    for (const outcome of report.outcomes) options.onRecord?.(outcome);
    applied += report.applied;
    duplicate += report.duplicate;
    rejections.push(...report.rejections);
    for (const d of DECISIONS) decisions[d] += report.decisions[d];
  }
  rejections.sort((a, b) => a.line - b.line);
  return { applied, duplicate, rejected: rejections.length, rejections, decisions };
}

const DECISIONS = Object.keys(EMPTY_DECISIONS) as Decision[];

interface BatchReport {
  readonly outcomes: RecordOutcome[];
  applied: number;
  duplicate: number;
  readonly rejections: IngestReport['rejections'][number][];
  readonly decisions: Record<Decision, number>;
}

/** The store's natural write mode: parallel where writers of disjoint entities can overlap. */
function defaultWriteMode(store: Store): 'serial' | 'parallel' {
  return store.capabilities.concurrentWriters ? 'parallel' : 'serial';
}

/**
 * The entities and threads a batch writes, when it can run entity-scoped: every line valid, and
 * none of them an answer or a prompt (those move the shared review queue). Null otherwise.
 */
function localScopeOf(batch: readonly Parsed[]): LocalScope | null {
  const entities = new Set<string>();
  const threads = new Set<string>();
  for (const item of batch) {
    if (!item.outcome.ok) return null;
    const record = item.outcome.record;
    if (record.kind === 'answer' || record.kind === 'prompt') return null;
    const entity = entityOf(item.outcome);
    if (entity === null) return null;
    entities.add(entity);
    if (record.kind === 'message') threads.add(record.message.thread_id);
  }
  return { entities, threads };
}

/**
 * Applies one batch in one transaction: entity-scoped when `local` is given (it then throws
 * `NeedsGlobalScope`, having written nothing, as soon as it would touch shared state), global
 * otherwise.
 */
function runBatch(
  deps: PipelineDeps,
  batch: readonly Parsed[],
  local: LocalScope | null,
  importing: boolean,
): Promise<BatchReport> {
  const entities = [...new Set(batch.map((p) => entityOf(p.outcome)).filter((e) => e !== null))];
  const scope = local === null ? { entities, global: true } : { entities: scopeKeys(local) };
  const report: BatchReport = {
    outcomes: [],
    applied: 0,
    duplicate: 0,
    rejections: [],
    decisions: { ...EMPTY_DECISIONS },
  };
  return withPipelineTx(
    deps.store,
    scope,
    async (tx) => {
      const session = await openSession(tx, { parallel: local !== null });
      let last = deps.clock.now();
      for (const item of batch) {
        // Live: now. Import: the record's own event time, never later than now (a record dated
        // after now keeps now and is refused by the future-date check).
        const wall = deps.clock.now();
        const eventMs = importing ? eventMsOf(item) : Number.NaN;
        const now = Number.isFinite(eventMs) ? Math.min(wall, eventMs) : wall;
        last = now;
        if (!item.outcome.ok) {
          const { rejection } = item.outcome;
          const dlq = await deadLetter(
            tx,
            item.raw,
            rejection.schema,
            rejection.issues,
            rejection.inputId,
            rejection.domain,
            now,
          );
          report.rejections.push({
            line: item.line,
            dlq_id: dlq.dlqId,
            schema: rejection.schema,
            issues: rejection.issues,
          });
          report.outcomes.push({
            index: item.index,
            status: 'rejected',
            eventId: null,
            issues: rejection.issues,
          });
          continue;
        }
        const outcome = await applyRecord(
          tx,
          session,
          item.outcome.record,
          item.raw,
          now,
          deps.extraction,
          deps.maxFutureSkewMs,
        );
        report.outcomes.push({
          index: item.index,
          status: outcome.status,
          eventId: outcome.eventId,
          issues: outcome.issues,
        });
        if (outcome.status === 'duplicate') report.duplicate += 1;
        else if (outcome.status === 'rejected') {
          report.rejections.push({
            line: item.line,
            dlq_id: outcome.dlqId ?? '',
            schema: outcome.schema ?? '',
            issues: outcome.issues,
          });
        } else {
          report.applied += 1;
          for (const d of outcome.result?.decisions ?? []) report.decisions[d] += 1;
        }
      }
      await joinSharedState(tx, session);
      await adjustPolicy(tx, session, importing ? { ...deps, clock: { now: () => last } } : deps);
      await flushSession(tx, session);
      return report;
    },
    local === null ? undefined : { scope: local, sharedKeys: [STATS_KEY] },
  );
}

/** Appends a `policy.changed` event and folds it. */
export async function changePolicy(
  tx: WriteTx,
  session: ApplySession,
  deps: PipelineDeps,
  change: PolicyChange,
): Promise<void> {
  const recordedAt = toIso(deps.clock.now());
  const event = newLedgerEvent({
    eventId: deps.ids.uuid(),
    type: EVENT_TYPES.policy,
    entityId: null,
    recordedAt,
    payload: change as unknown as JsonObject,
    // Policy events hash their plain JSON text, as they always have (not the canonical form).
    payloadHash: sha256Hex(JSON.stringify(change)),
  });
  await appendAndApply(tx, session, event);
}

/**
 * Live-only policy automation: the daily adaptive-threshold step (when enabled) and seed 000's
 * rollback rules. Each change is recorded as a `policy.changed` event, so replay never recomputes it.
 */
export async function adjustPolicy(
  tx: WriteTx,
  session: ApplySession,
  deps: PipelineDeps,
): Promise<void> {
  const now = deps.clock.now();
  const lastRaise = ((await tx.getMeta(LAST_RAISE_KEY)) ?? {}) as Partial<Record<Domain, string>>;
  const weekAgo = toIso(now - 6 * 86_400_000).slice(0, 10);
  const recent: Partial<Record<Domain, string>> = {};
  for (const domain of DOMAINS) {
    const day = lastRaise[domain];
    if (day !== undefined && day >= weekAgo) recent[domain] = day;
  }
  // The schema-success rule can only fire outside stage M or with learning on; skip its count.
  const canFallBack = session.policy.stage !== 'M' || session.policy.adaptiveLearning.enabled;
  const rollback = rollbackRules(session.policy, session.stats, now, {
    schemaSuccess24h: canFallBack ? await schemaSuccess(tx, now) : null,
    lastRaise: recent,
  });
  if (rollback) {
    await changePolicy(tx, session, deps, {
      kind: 'rollback',
      policy: rollback.policy,
      reasons: rollback.reasons,
      force_confirm: rollback.forceConfirm,
    });
  }
  const today = toIso(now).slice(0, 10);
  if (session.policy.adaptiveLearning.enabled && (await tx.getMeta(LAST_ADAPTED_KEY)) !== today) {
    const adapted: Policy | null = adaptThresholds(session.policy, session.stats, now);
    if (adapted) {
      await changePolicy(tx, session, deps, {
        kind: 'adaptive',
        policy: adapted,
        reasons: ['daily adaptive threshold update (EMA)'],
      });
    }
  }
}

/**
 * Share of inputs that passed validation in the last 24 h: ledger events recorded since then
 * against dead letters first seen since then. Null when there were no inputs.
 */
async function schemaSuccess(tx: WriteTx, now: number): Promise<number | null> {
  const since = toIso(now - 86_400_000);
  const valid = await tx.countEventsSince(since);
  const invalid = (await tx.listDlq()).filter((d) => d.firstSeenAt >= since).length;
  const total = valid + invalid;
  return total === 0 ? null : valid / total;
}
