import {
  contentHash,
  deriveUuid,
  domainSpec,
  EngineError,
  escapeRegExp,
  HOUR_MS,
  isDomain,
  isTaskEventType,
  type JsonObject,
  type Policy,
  parseRfc3339,
  toIso,
} from '../core/index.js';
import { canBeName } from '../extract/index.js';
import {
  EVENT_TYPES,
  type LedgerEvent,
  messageEventId,
  type NewLedgerEvent,
  newLedgerEvent,
  parseLine,
} from '../ledger/index.js';
import {
  type DerivedSnapshot,
  type DlqItem,
  eachEvent,
  readMeta,
  type Store,
  type StoreReader,
  type WriteTx,
} from '../stores/index.js';
import { applyEvent, FOLD_VERSION, flushSession, openSession } from './apply.js';
import { withPipelineTx } from './cached-tx.js';
import { coverAnswersOf, forgetReach } from './forget-answers.js';
import {
  adjustPolicy,
  applyRecord,
  DLQ_BACKOFF_MS,
  isTruncatedDeadLetter,
  type PipelineDeps,
} from './ingest.js';
import { DERIVED_BY } from './meta-records.js';
import type {
  CapturedEntries,
  DeadLetterReview,
  DlqRetryReport,
  ForgetResult,
  ForgetTarget,
  RebuildResult,
  Stats,
} from './types.js';
import { isStale } from './views.js';

const PAGE = 2000;

/**
 * SHA-256 over the canonical serialisation of derived state: equal across stores for equal state.
 * The record of which rules versions folded it (`DERIVED_BY`) is about the state, not part of it.
 */
export function derivedHash(snapshot: DerivedSnapshot): string {
  return contentHash({
    ...snapshot,
    meta: snapshot.meta.filter((row) => row.key !== DERIVED_BY.key),
  });
}

/**
 * Why a replay by `FOLD_VERSION` differs from live state folded by `liveVersions`: other rules
 * (or rules from before versions were recorded) folded some of it, or the same rules did and the
 * live state was changed behind the fold's back.
 */
function differenceOf(liveVersions: readonly string[]): 'version_change' | 'corruption' {
  return liveVersions.length === 1 && liveVersions[0] === FOLD_VERSION
    ? 'corruption'
    : 'version_change';
}

/** Folds every ledger event of `source`, in sequence order, into `tx` (whose derived rows are empty). */
export async function replayInto(tx: WriteTx, source: StoreReader): Promise<number> {
  const session = await openSession(tx);
  let count = 0;
  for await (const event of eachEvent(source, PAGE)) {
    await applyEvent(tx, session, event);
    count += 1;
  }
  await flushSession(tx, session);
  return count;
}

/**
 * Rebuilds derived state from the ledger. With `verify`, the ledger is replayed into `scratch` (a
 * fresh, empty store) and its hash compared with the live one; live state is left untouched.
 * Without, live derived rows are cleared and replayed in one transaction.
 */
export async function rebuild(
  store: Store,
  options: { verify?: boolean; scratch?: () => Promise<Store> },
): Promise<RebuildResult> {
  if (options.verify) {
    if (!options.scratch) throw new EngineError('CONFIG_INVALID', 'verify needs a scratch store');
    const scratch = await options.scratch();
    try {
      // Copying inside the live write lock pins the ledger and the live state to one instant.
      return await store.withWriteLock({ entities: [], global: true }, async (live) => {
        const events = await withPipelineTx(scratch, { entities: [], global: true }, (tx) =>
          replayInto(tx, live),
        );
        const replayed = derivedHash(await scratch.exportDerived());
        // No writer can run while we hold the lock, so the committed snapshot is the live state.
        const liveHash = derivedHash(await store.exportDerived());
        const liveVersions = (await readMeta(live, DERIVED_BY)) ?? [];
        const verified = replayed === liveHash;
        return {
          events,
          hash: replayed,
          live_hash: liveHash,
          verified,
          version: FOLD_VERSION,
          live_versions: liveVersions,
          difference: verified ? null : differenceOf(liveVersions),
        };
      });
    } finally {
      await scratch.close();
    }
  }
  const events = await withPipelineTx(store, { entities: [], global: true }, async (tx) => {
    await tx.dangerouslyClearDerived();
    return replayInto(tx, tx);
  });
  return {
    events,
    hash: derivedHash(await store.exportDerived()),
    live_hash: null,
    verified: null,
    version: FOLD_VERSION,
    live_versions: null,
    difference: null,
  };
}

/** Redacted payload left in place of forgotten content. */
function tombstonePayload(tombstoneId: string, at: string): JsonObject {
  return { redacted: true, forgotten_by: tombstoneId, forgotten_at: at };
}

/** A forget target as the tombstone records it: a message is its event. */
type LedgerForgetTarget = Exclude<ForgetTarget, { readonly kind: 'message' }>;

function covers(event: LedgerEvent, target: LedgerForgetTarget): boolean {
  if (event.type === EVENT_TYPES.forgotten || event.type === EVENT_TYPES.policy) return false;
  switch (target.kind) {
    case 'event':
      return event.eventId === target.eventId.toLowerCase();
    case 'entity':
      return event.entityId === target.entityId;
    case 'slot': {
      if (event.entityId !== target.entityId) return false;
      const p = event.payload;
      if (p['field'] === target.field) return true;
      const claims = p['claims'];
      if (Array.isArray(claims) && claims.some((c) => (c as JsonObject)['field'] === target.field))
        return true;
      return false;
    }
  }
}

/**
 * Forgets an event, a slot or an entity for real: appends a tombstone naming what it covers,
 * redacts the covered payloads in place (the one permitted ledger mutation), then rebuilds derived
 * state so nothing derived from them survives. Answers to prompts about a forgotten slot go too,
 * and so do the messages a forgotten entity's or slot's observations were read from.
 */
export async function forget(
  deps: PipelineDeps,
  requested: ForgetTarget,
  reason: string,
): Promise<ForgetResult> {
  // A message is named by its ids, as search and ask show it, and forgotten as its event: the
  // tombstone records the event, so replay needs no notion of messages.
  const target: LedgerForgetTarget =
    requested.kind === 'message'
      ? { kind: 'event', eventId: messageEventId(requested.threadId, requested.messageId) }
      : requested;
  return withPipelineTx(deps.store, { entities: [], global: true }, async (tx) => {
    const covered: LedgerEvent[] = [];
    const promptIds = new Set<string>();
    for await (const event of eachEvent(tx, PAGE)) {
      if (event.redacted || !covers(event, target)) continue;
      // The mark holds no one's words, and forgetting it would widen the thread's view again.
      if (event.type === EVENT_TYPES.threadShared) {
        throw new EngineError(
          'VALIDATION_FAILED',
          "a thread's shared mark holds nothing to forget: it keeps the thread's context to the thread",
          { target: target.kind, event_id: event.eventId },
        );
      }
      covered.push(event);
      if (event.type === EVENT_TYPES.prompt) promptIds.add(event.eventId);
    }
    if (target.kind !== 'event') await coverSourceMessages(tx, covered);
    // Before what was derived from them: a reply covered here takes its observations with it.
    const keptMasks = await coverAnswersOf(tx, covered);
    const entries = target.kind === 'event' ? (target.entries ?? null) : null;
    await coverDerivedFromMessages(tx, covered, entries);
    if (target.kind !== 'event') {
      for (const prompt of await tx.listPrompts({
        entityId: target.kind === 'entity' ? target.entityId : target.entityId,
      })) {
        if (target.kind === 'entity' || prompt.field === target.field)
          promptIds.add(prompt.promptId);
      }
      for await (const event of eachEvent(tx, PAGE)) {
        const promptId = event.payload['prompt_id'];
        if (
          !event.redacted &&
          event.type === EVENT_TYPES.answer &&
          typeof promptId === 'string' &&
          promptIds.has(promptId)
        ) {
          if (!covered.some((c) => c.eventId === event.eventId)) covered.push(event);
        }
      }
    }
    const deadLetters = await coveredDeadLetters(tx, target, covered);
    if (covered.length === 0 && deadLetters.length === 0) {
      throw new EngineError('NOT_FOUND', 'nothing in the ledger matches what you asked to forget', {
        target: target.kind,
      });
    }
    const now = deps.clock.now();
    const at = toIso(now);
    // Before anything is redacted: which of the threads it touches had more than one speaker or
    // are left empty.
    for (const event of await sharedThreadEvents(tx, covered, entries, at))
      await tx.appendEvent(event);
    const tombstoneId = deps.ids.uuid();
    const payload: JsonObject = {
      target: target.kind,
      ...(target.kind === 'event' ? { event_id: target.eventId } : { entity_id: target.entityId }),
      ...(target.kind === 'slot' ? { field: target.field } : {}),
      // Ids only: which captured entries went with the capture's redaction, never their text.
      ...(entries === null
        ? {}
        : { entries: { thread_id: entries.threadId, message_ids: [...entries.messageIds] } }),
      reason,
      covered_event_ids: covered.map((e) => e.eventId),
      ...(keptMasks.length > 0 ? { kept_masks: keptMasks as unknown as JsonObject[] } : {}),
      ...(deadLetters.length > 0 ? { erased_dlq_ids: deadLetters.map((d) => d.dlqId) } : {}),
    };
    const entityId = target.kind === 'event' ? null : target.entityId;
    const type = EVENT_TYPES.forgotten;
    await tx.appendEvent(
      newLedgerEvent({ eventId: tombstoneId, type, entityId, recordedAt: at, payload }),
    );
    for (const event of covered)
      await tx.redactEvent(event.eventId, tombstonePayload(tombstoneId, at));
    for (const item of deadLetters) await tx.putDlq(erasedDeadLetter(item, tombstoneId, at));
    await tx.dangerouslyClearDerived();
    await replayInto(tx, tx);
    return {
      tombstone_id: tombstoneId,
      covered_events: covered.length,
      redacted: covered.length,
      dead_letters: deadLetters.length,
      ...forgetReach(
        target.kind === 'event' ? target.eventId.toLowerCase() : null,
        covered,
        keptMasks,
      ),
    };
  });
}

/**
 * A `thread.shared` event for each thread a covered message (or a forgotten captured entry)
 * belongs to that has messages of more than one entity, or that the forget empties: once the forget erases one speaker's messages, the
 * thread would otherwise look like the other's own, and once it erases them all, like a thread no
 * one has written in yet, which an install without groups gives to the default user; either way a
 * context call for it would show one person's private threads to whoever else reads it. The mark
 * says the thread is provably no one's own (ADR context-sources, session 17 amendments). The event
 * names the thread alone (never who spoke or what was said) and has one id per thread, so a thread
 * is recorded once however often its messages are forgotten.
 */
async function sharedThreadEvents(
  tx: WriteTx,
  covered: readonly LedgerEvent[],
  entries: CapturedEntries | null,
  at: string,
): Promise<NewLedgerEvent[]> {
  const threads = new Map<string, { speaker: string | null; messages: Set<string> }>();
  if (entries !== null) {
    threads.set(entries.threadId, {
      speaker: entries.entityId,
      messages: new Set(entries.messageIds),
    });
  }
  for (const event of covered) {
    const { thread_id: thread, entity_id: entity, message_id: message } = event.payload;
    if (event.type !== EVENT_TYPES.message || typeof thread !== 'string') continue;
    const seen = threads.get(thread) ?? { speaker: null, messages: new Set<string>() };
    if (seen.speaker === null && typeof entity === 'string') seen.speaker = entity;
    if (typeof message === 'string') seen.messages.add(message);
    threads.set(thread, seen);
  }
  const events: NewLedgerEvent[] = [];
  for (const [thread, { speaker, messages }] of [...threads].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const several = speaker !== null && (await tx.hasMessageOutside(thread, [speaker]));
    if (!several && !(await emptiedBy(tx, thread, messages))) continue;
    events.push(
      newLedgerEvent({
        eventId: deriveUuid('thread.shared', thread),
        type: EVENT_TYPES.threadShared,
        entityId: null,
        recordedAt: at,
        payload: { thread_id: thread },
      }),
    );
  }
  return events;
}

/** Whether forgetting `messages` leaves the thread without any message. */
async function emptiedBy(
  tx: WriteTx,
  thread: string,
  messages: ReadonlySet<string>,
): Promise<boolean> {
  // One more than the forgotten ones: if the thread has any other message, this page holds one.
  const left = await tx.listMessages({ threadId: thread, limit: messages.size + 1 });
  return left.every((record) => messages.has(record.messageId));
}

/**
 * The dead letters a forget erases with the events it covers. A dead letter is rejected input kept
 * verbatim, outside the ledger, so redacting events alone would leave the forgotten text readable
 * in `dlq list`. Covered: a line that carries a covered message's thread and message ids (a refused
 * rewrite of it) or names one as its source; for an entity, a line naming its id as a whole token,
 * or, for a name-like id, the name as a capitalised word that can be a name (`user:theo` →
 * "Theo"; never "May" or "Will": messages do not carry the entity they are about); for a slot, a
 * line naming both the entity id and the field as whole tokens (a rejected observation). The
 * erased letter is discarded and says which tombstone erased it.
 */
async function coveredDeadLetters(
  tx: WriteTx,
  target: LedgerForgetTarget,
  covered: readonly LedgerEvent[],
): Promise<DlqItem[]> {
  const messages = new Set<string>();
  for (const event of covered) {
    const ref = messageRefOf(event);
    if (ref !== null) messages.add(ref);
  }
  const names = namesTarget(target);
  return (await tx.listDlq()).filter((item) => {
    if (item.status === 'discarded' && isErased(item.raw)) return false;
    if (names(item.raw)) return true;
    return messageRefsOfRaw(item.raw).some((ref) => messages.has(ref));
  });
}

/** A whole-token pattern for an id or a field: not part of a longer id (`family:osei-sarpong`). */
function tokenPattern(token: string): RegExp {
  const escaped = escapeRegExp(token);
  return new RegExp(
    `(?<![\\p{L}\\p{N}_.:-])${escaped}(?![\\p{L}\\p{N}_:-]|\\.[\\p{L}\\p{N}])`,
    'iu',
  );
}

/** Whether a raw line names what `target` forgets (see `coveredDeadLetters`). */
function namesTarget(target: LedgerForgetTarget): (raw: string) => boolean {
  if (target.kind === 'event') return () => false;
  const id = tokenPattern(target.entityId);
  if (target.kind === 'slot') {
    const field = tokenPattern(target.field);
    return (raw) => id.test(raw) && field.test(raw);
  }
  const local =
    target.entityId
      .slice(target.entityId.indexOf(':') + 1)
      .split('.')
      .pop() ?? '';
  const name = `${local.charAt(0).toUpperCase()}${local.slice(1)}`;
  const word =
    /^[a-z][a-z'-]{2,}$/.test(local) && canBeName(name)
      ? new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}-])`, 'u')
      : null;
  return (raw) => id.test(raw) || (word?.test(raw) ?? false);
}

/**
 * The message refs (`thread:<t>:msg:<m>`) a dead letter's raw line names: its own thread and
 * message ids when it is a message, and its `source.ref` when it is an observation.
 */
function messageRefsOfRaw(raw: string): string[] {
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return [];
  }
  if (typeof record !== 'object' || record === null) return [];
  const { thread_id: thread, message_id: message, source } = record as Record<string, unknown>;
  const refs: string[] = [];
  if (typeof thread === 'string' && typeof message === 'string')
    refs.push(`thread:${thread}:msg:${message}`);
  const ref = (source as Record<string, unknown> | null | undefined)?.['ref'];
  if (typeof ref === 'string') refs.push(ref);
  return refs;
}

function isErased(raw: string): boolean {
  return raw.startsWith('{"redacted":true');
}

/** A dead letter with its text gone: the raw line and the errors (which may quote it) replaced. */
function erasedDeadLetter(item: DlqItem, tombstoneId: string, at: string): DlqItem {
  return {
    ...item,
    raw: JSON.stringify(tombstonePayload(tombstoneId, at)),
    errors: [{ path: '', rule: 'forgotten', message: `erased by forget ${tombstoneId}` }],
    lastTriedAt: at,
    nextRetryAt: null,
    status: 'discarded',
    needsReview: false,
  };
}

function refsOf(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    const refs = (entry as JsonObject | null)?.['refs'];
    return Array.isArray(refs) ? refs.filter((r): r is string => typeof r === 'string') : [];
  });
}

/** The source ref (`thread:<t>:msg:<m>`) of a message event, or null for another event. */
function messageRefOf(event: LedgerEvent): string | null {
  if (event.type !== EVENT_TYPES.message) return null;
  const thread = event.payload['thread_id'];
  const message = event.payload['message_id'];
  return typeof thread === 'string' && typeof message === 'string'
    ? `thread:${thread}:msg:${message}`
    : null;
}

/**
 * Adds to `covered` the messages the covered observations were read from: a message that named a
 * forgotten entity (or stated a forgotten field) is recorded under the speaker's entity, yet its
 * text would stay searchable, full text and vectors, after its observations went. The whole
 * message goes, with whatever else was read from it: forgetting errs on the side of erasing.
 */
async function coverSourceMessages(tx: WriteTx, covered: LedgerEvent[]): Promise<void> {
  const sources = new Set<string>();
  for (const event of covered) {
    if (event.type !== EVENT_TYPES.observation) continue;
    const ref = (event.payload['source'] as JsonObject | undefined)?.['ref'];
    if (typeof ref === 'string') sources.add(ref);
  }
  if (sources.size === 0) return;
  const already = new Set(covered.map((e) => e.eventId));
  for await (const event of eachEvent(tx, PAGE)) {
    if (event.redacted || already.has(event.eventId)) continue;
    const ref = messageRefOf(event);
    if (ref !== null && sources.has(ref)) covered.push(event);
  }
}

/**
 * Adds to `covered` what Verity derived from the forgotten messages and recorded as events of its
 * own (and from the captured `entries` erased with a capture): the observations extracted from
 * them (source `thread:<t>:msg:<m>`) and the state-item
 * extraction runs that cite them (a later run that merged into such an item cites it too). Replay
 * then rebuilds without them. Items those runs drew from other messages of their batch go as well,
 * and are not extracted again unless the dropped run was the thread's latest: forgetting errs on
 * the side of erasing.
 */
async function coverDerivedFromMessages(
  tx: WriteTx,
  covered: LedgerEvent[],
  entries: CapturedEntries | null,
): Promise<void> {
  const messages = new Set<string>();
  const threads = new Map<string, Set<string>>();
  if (entries !== null) {
    threads.set(entries.threadId, new Set(entries.messageIds));
    for (const id of entries.messageIds) messages.add(`thread:${entries.threadId}:msg:${id}`);
  }
  for (const event of covered) {
    const ref = messageRefOf(event);
    if (ref === null) continue;
    const thread = event.payload['thread_id'] as string;
    const message = event.payload['message_id'] as string;
    messages.add(ref);
    const ids = threads.get(thread) ?? new Set<string>();
    ids.add(message);
    threads.set(thread, ids);
  }
  if (messages.size === 0) return;
  const already = new Set(covered.map((e) => e.eventId));
  // Tasks and task proposals captured from a forgotten message quote it (and their titles are its
  // words): the task goes with every later event of it, which replay could no longer apply.
  const tasks = new Set<string>();
  for await (const event of eachEvent(tx, PAGE)) {
    if (event.redacted || already.has(event.eventId)) continue;
    let derived = false;
    if (event.type === EVENT_TYPES.taskCreated || event.type === EVENT_TYPES.taskProposed) {
      const ref = (event.payload['provenance'] as JsonObject | undefined)?.['ref'];
      derived = typeof ref === 'string' && messages.has(ref);
      if (derived && event.type === EVENT_TYPES.taskCreated) {
        tasks.add(String(event.payload['task_id']));
      }
    } else if (isTaskEventType(event.type) && tasks.has(String(event.payload['task_id']))) {
      derived = true;
    } else if (event.type === EVENT_TYPES.observation) {
      const source = event.payload['source'] as JsonObject | undefined;
      derived = typeof source?.['ref'] === 'string' && messages.has(source['ref']);
    } else if (event.type === EVENT_TYPES.extractionCompleted) {
      const ids = threads.get(String(event.payload['thread_id']));
      derived =
        ids !== undefined &&
        [...refsOf(event.payload['candidates']), ...refsOf(event.payload['upserts'])].some((ref) =>
          ids.has(ref),
        );
    }
    if (derived) {
      covered.push(event);
      already.add(event.eventId);
    }
  }
}

function backoff(retryCount: number): number | null {
  return DLQ_BACKOFF_MS[retryCount] ?? null;
}

/** Dead-letter statuses that are settled: neither retried nor edited again. */
const CLOSED_DLQ: readonly DlqItem['status'][] = ['resolved', 'discarded'];

/**
 * Runs dead-letter retries that are due at `now` (or every pending one with `all`): each raw input
 * is validated again under the current schemas; a success is applied, a failure is rescheduled
 * (1 m, 5 m, 30 m) and after the third retry becomes `permanently_failed` with a review item.
 */
export async function retryDeadLetters(
  deps: PipelineDeps,
  options: { all?: boolean; only?: string; raw?: string } = {},
): Promise<DlqRetryReport> {
  return withPipelineTx(deps.store, { entities: [], global: true }, async (tx) => {
    const now = deps.clock.now();
    const at = toIso(now);
    const session = await openSession(tx);
    let retried = 0;
    let resolved = 0;
    let failed = 0;
    let permanent = 0;
    const items = options.only
      ? [await tx.getDlq(options.only)].filter((d): d is DlqItem => d !== null)
      : (await tx.listDlq(['pending'])).filter(
          (d) => options.all || (d.nextRetryAt !== null && d.nextRetryAt <= at),
        );
    if (options.only && items.length === 0) {
      throw new EngineError('NOT_FOUND', `no dead letter ${options.only}`, { dlqId: options.only });
    }
    const closed = options.only ? items.find((d) => CLOSED_DLQ.includes(d.status)) : undefined;
    if (closed) {
      // Its record is in the ledger already (or was dropped on purpose): running a new line
      // through it would re-open a settled letter as an alert, or apply a second record.
      throw new EngineError('CONFLICT', `dead letter ${closed.dlqId} is already ${closed.status}`, {
        dlqId: closed.dlqId,
        status: closed.status,
      });
    }
    for (const original of items) {
      const item: DlqItem =
        options.raw !== undefined ? { ...original, raw: options.raw } : original;
      retried += 1;
      if (options.raw === undefined && isTruncatedDeadLetter(item.raw)) {
        // Re-reading a kept prefix would only replace the real errors with "not valid JSON".
        await tx.putDlq({
          ...item,
          lastTriedAt: at,
          nextRetryAt: null,
          status: 'permanently_failed',
        });
        permanent += 1;
        continue;
      }
      const parsed = parseLine(item.raw);
      if (parsed.ok) {
        const outcome = await applyRecord(
          tx,
          session,
          parsed.record,
          item.raw,
          now,
          deps.extraction,
          deps.maxFutureSkewMs,
        );
        if (outcome.status !== 'rejected') {
          // applyRecord may have re-dead-lettered under another id if the raw changed; the item
          // itself is now resolved.
          await tx.putDlq({
            ...item,
            status: 'resolved',
            lastTriedAt: at,
            nextRetryAt: null,
            needsReview: false,
          });
          resolved += 1;
          continue;
        }
        await recordFailure(tx, item, outcome.issues, now);
      } else {
        // A line that does not parse (not JSON, or against its schema) never will: like the first
        // refusal of such a line, it is never retried, only edited.
        await tx.putDlq({
          ...item,
          schemaName: parsed.rejection.schema,
          errors: parsed.rejection.issues,
          lastTriedAt: at,
          nextRetryAt: null,
          status: 'permanently_failed',
          needsReview: parsed.rejection.schema !== 'json',
        });
      }
      const after = await tx.getDlq(item.dlqId);
      if (after?.status === 'permanently_failed') permanent += 1;
      else failed += 1;
    }
    await adjustPolicy(tx, session, deps);
    await flushSession(tx, session);
    return { retried, resolved, failed, permanently_failed: permanent };
  });
}

async function recordFailure(
  tx: WriteTx,
  item: DlqItem,
  issues: DlqItem['errors'],
  now: number,
): Promise<void> {
  const retryCount = item.retryCount + 1;
  const delay = backoff(retryCount);
  await tx.putDlq({
    ...item,
    errors: issues,
    retryCount,
    lastTriedAt: toIso(now),
    nextRetryAt: delay === null ? null : toIso(now + delay),
    status: delay === null ? 'permanently_failed' : 'pending',
    needsReview: delay === null,
  });
}

/**
 * Dead letters that failed for good in a domain where a false state is P0 (travel, financial:
 * `DomainSpec.rollback`) are alerts (seed 000 DLQ SLO).
 */
function isAlert(item: DlqItem): boolean {
  const domain = item.domain;
  return (
    item.status === 'permanently_failed' &&
    domain !== null &&
    isDomain(domain) &&
    domainSpec(domain).rollback.falseStateIsP0
  );
}

/** Dead letters waiting for a person. */
export async function deadLetterReviews(reader: StoreReader): Promise<DeadLetterReview[]> {
  return (await reader.listDlq(['permanently_failed']))
    .filter((d) => d.needsReview)
    .map((d) => ({
      dlq_id: d.dlqId,
      schema_name: d.schemaName,
      errors: d.errors,
      first_seen_at: d.firstSeenAt,
      alert: isAlert(d),
    }));
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 1e4) / 1e4;
}

/** Seed 000's success metrics that the ledger and derived state can answer. */
export async function computeStats(
  reader: StoreReader,
  policy: Policy,
  now: number,
): Promise<Stats> {
  const learning = (await reader.getMeta('learning')) as Record<
    string,
    Record<string, number>
  > | null;
  const domains = learning ? Object.entries(learning) : [];
  const sum = (key: string) => domains.reduce((total, [, d]) => total + (d[key] ?? 0), 0);
  const autoCommits = sum('autoCommits');
  const corrections = sum('autoCommitCorrections');
  const asks = sum('asks');
  const answered = sum('confirmed') + sum('rejected') + sum('edited');
  const userCorrections = corrections + sum('rejected') + sum('edited');
  const events = await reader.countEventsSince('0000');
  const dlq = await reader.listDlq();
  const slots = await reader.listSlots();
  const committed = slots.filter((s) => s.committed && s.committed.value !== null);
  const ages = committed.map(
    (s) => (now - (parseRfc3339(s.committed?.lastEvidenceAt ?? '') ?? now)) / HOUR_MS,
  );
  const freshness: Record<string, number> = {};
  const entities = [...new Set(slots.map((s) => s.entityId))];
  for (const entity of entities) {
    for (const kind of ['calendar', 'email', 'transaction', 'location', 'webhook']) {
      const last = await reader.getMeta(`signal:last:${entity}:${kind}`);
      if (typeof last === 'string') {
        freshness[`${entity}:${kind}`] =
          Math.round(((now - (parseRfc3339(last) ?? now)) / HOUR_MS) * 100) / 100;
      }
    }
  }
  const pending = await reader.listPrompts({ status: ['open', 'queued'] });
  return {
    events,
    auto_commits: autoCommits,
    auto_commit_corrections: corrections,
    auto_commit_precision: autoCommits === 0 ? null : ratio(autoCommits - corrections, autoCommits),
    correction_rate: ratio(userCorrections, autoCommits + answered),
    review_burden: ratio(asks, autoCommits + asks),
    schema_validation_success: ratio(events, events + dlq.length),
    dlq_unresolved: dlq.filter((d) => d.status === 'pending' || d.status === 'permanently_failed')
      .length,
    dlq_alerts: dlq.filter(isAlert).length,
    pending_reviews: pending.filter((p) => p.status === 'queued' || p.expiresAt > toIso(now))
      .length,
    signal_freshness_hours: freshness,
    staleness_index_hours:
      ages.length === 0
        ? null
        : Math.round((ages.reduce((a, b) => a + b, 0) / ages.length) * 100) / 100,
    stale_values: committed.filter((s) => isStale(s, policy, now)).length,
    per_domain: Object.fromEntries(
      domains.map(([name, d]) => [
        name,
        {
          auto_commits: d['autoCommits'] ?? 0,
          corrections: d['autoCommitCorrections'] ?? 0,
          asks: d['asks'] ?? 0,
          confirmed: d['confirmed'] ?? 0,
          rejected: d['rejected'] ?? 0,
          edited: d['edited'] ?? 0,
          tentative: d['tentative'] ?? 0,
          mutations: d['mutations'] ?? 0,
          calibration_remaining: d['calibrationRemaining'] ?? 0,
          auto_threshold: policy.domains[name as keyof Policy['domains']]?.auto ?? null,
          ask_threshold: policy.domains[name as keyof Policy['domains']]?.ask ?? null,
          stage: policy.domains[name as keyof Policy['domains']]?.stage ?? policy.stage,
        },
      ]),
    ),
    stage: policy.stage,
  };
}
