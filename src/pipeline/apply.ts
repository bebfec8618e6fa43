import {
  applyAnswer,
  DEFAULT_POLICY,
  type Decision,
  type Domain,
  deriveUuid,
  domainOf,
  EngineError,
  emptySlot,
  forceConfirmations,
  type Intent,
  type JsonObject,
  type LearningStats,
  messageSourceType,
  type ObservationInput,
  type Outcome,
  type Policy,
  parseRfc3339,
  policyFromStored,
  type ResolveContext,
  type ResolveOutcome,
  recordOutcome,
  resolveBundle,
  type SlotState,
  type SourceType,
  slotKey,
  statsFromStored,
  toIso,
  unwrap,
} from '../core/index.js';
import { RULES_EXTRACTOR_VERSION } from '../extract/index.js';
import {
  EVENT_TYPES,
  type LedgerEvent,
  type NewLedgerEvent,
  parseProposedChange,
} from '../ledger/index.js';
import { foldObserverEvent } from '../observer/index.js';
import {
  closePrompt,
  expireDue,
  promoteQueued,
  raisePrompt,
  recordAnswered,
} from '../review/index.js';
import type {
  ConfirmationAnswer,
  ConfirmationPrompt,
  MessageInput,
  SignalEvent,
  StateObservation,
} from '../schemas/index.js';
import { messageFactKeys } from '../search/index.js';
import { readMeta, type WriteTx, writeMeta } from '../stores/index.js';
import { planAsOf } from './event-time.js';
import { foldExtensionEvent, noteObservation } from './fold-extensions.js';
import { foldExtractionCompleted, foldItemConflictResolved } from './fold-items.js';
import { foldKeptMasks } from './fold-masks.js';
import { foldTaskEvent, isTaskOrOpsEvent } from './fold-tasks.js';
import {
  DERIVED_BY,
  PENDING_BUNDLE,
  type PendingBundle,
  type SpeakerStatement,
  STATS,
  speakerStatements,
} from './meta-records.js';
import { NeedsGlobalScope, refreshMeta } from './scoped-tx.js';

const POLICY_KEY = 'policy';
/** Meta key of the learning counters, the one shared row entity-scoped writers update. */
export const STATS_KEY = STATS.key;

/**
 * The version of the rules this code folds events with, recorded in `DERIVED_BY` by every fold.
 * The rules version is bumped with every change to what the rules read and how the fold resolves
 * it, so a replay by another version may differ from live state without anything being corrupt.
 */
export const FOLD_VERSION = `rules@${RULES_EXTRACTOR_VERSION}`;
/** Extractor id of the claims a signal carries itself. */
const SIGNAL_CLAIMS_EXTRACTOR = 'signal-claims@1';

/**
 * State shared by every event folded inside one write transaction: the policy in force and the
 * learning counters, loaded once and flushed once.
 *
 * An entity-scoped (`parallel`) session runs beside writers of other entities. It treats the
 * counters as a log of outcomes: `joinSharedState` re-reads them in commit order and replays the
 * log onto what the others committed. That is the same result as folding the events one by one
 * (the counters commute), so live state still equals a replay. Decisions that read a counter
 * (stage-1 calibration, confirmations forced by a rollback) need the global scope instead.
 */
export interface ApplySession {
  policy: Policy;
  stats: LearningStats;
  dirty: boolean;
  readonly parallel: boolean;
  /** Outcomes counted since the counters were read, in order (parallel sessions only). */
  readonly outcomes: { readonly domain: Domain; readonly outcome: Outcome; readonly at: string }[];
  /** The counters were re-read in commit order; later outcomes apply directly. */
  joined: boolean;
}

/**
 * Loads the policy and counters in force from the store (defaults for an empty ledger). With
 * `parallel`, the session belongs to an entity-scoped transaction (see `ApplySession`).
 */
export async function openSession(
  tx: WriteTx,
  options: { readonly parallel?: boolean } = {},
): Promise<ApplySession> {
  const policy = unwrap(policyFromStored(await tx.getMeta(POLICY_KEY)));
  // Core checks the stored counters and gives a domain (or a counter) added since they were
  // written its fresh value; a malformed value fails naming its path.
  const stats = unwrap(statsFromStored(await tx.getMeta(STATS_KEY), policy));
  return {
    policy,
    stats,
    dirty: false,
    parallel: options.parallel ?? false,
    outcomes: [],
    joined: false,
  };
}

/**
 * Joins the global commit order and brings the counters up to date: re-reads them as the writers
 * before this one left them and replays this transaction's outcomes on top. A no-op for a serial
 * session or one that has joined already.
 */
export async function joinSharedState(tx: WriteTx, session: ApplySession): Promise<void> {
  if (!session.parallel || session.joined) return;
  await tx.joinCommitOrder();
  const stored = await refreshMeta(tx, STATS_KEY);
  let stats = unwrap(statsFromStored(stored, session.policy));
  for (const { domain, outcome, at } of session.outcomes) {
    stats = recordOutcome(stats, domain, outcome, at);
  }
  session.outcomes.length = 0;
  session.stats = stats;
  session.joined = true;
}

/** Writes the session's counters back if they changed. */
export async function flushSession(tx: WriteTx, session: ApplySession): Promise<void> {
  await joinSharedState(tx, session);
  const derivedBy = (await readMeta(tx, DERIVED_BY)) ?? [];
  if (!derivedBy.includes(FOLD_VERSION)) {
    await writeMeta(tx, DERIVED_BY, [...derivedBy, FOLD_VERSION].sort());
  }
  if (!session.dirty) return;
  await writeMeta(tx, STATS, session.stats);
  session.dirty = false;
}

function count(session: ApplySession, domain: Domain, outcome: Outcome, at: string): void {
  session.stats = recordOutcome(session.stats, domain, outcome, at);
  if (session.parallel && !session.joined) session.outcomes.push({ domain, outcome, at });
  session.dirty = true;
}

/** What folding one event did. */
export interface ApplyResult {
  readonly decisions: readonly Decision[];
  readonly promptIds: readonly string[];
  readonly reasons: readonly string[];
  readonly confidence: number | null;
  /** A confirmation that could not be applied (stale, closed or unknown prompt). */
  readonly refusal: EngineError | null;
}

/** The result of folding an event that changes no state. */
export const NOTHING_APPLIED: ApplyResult = {
  decisions: [],
  promptIds: [],
  reasons: [],
  confidence: null,
  refusal: null,
};

function iso(text: string): string {
  const ms = parseRfc3339(text);
  return ms === null ? text : toIso(ms);
}

function nowOf(event: LedgerEvent): number {
  return parseRfc3339(event.recordedAt) ?? 0;
}

/** Maps a validated observation payload to the resolver's input. */
function toObservationInput(o: StateObservation, recordedAt: string): ObservationInput {
  const domain = domainOf(o.field) ?? o.domain;
  const plan = planAsOf(
    o.source.type as SourceType,
    o.intent as Intent,
    iso(o.event_ts),
    recordedAt,
  );
  return {
    eventId: o.event_id.toLowerCase(),
    entityId: o.entity_id,
    field: o.field,
    domain,
    value: o.candidate_value,
    intent: plan.intent,
    sourceType: o.source.type as SourceType,
    sourceRef: o.source.ref,
    eventTs: plan.eventTs,
    recordedAt,
    corroborators: new Set((o.corroborators ?? []).map((c) => `${c.type}|${c.ref}`)).size,
    correction: o.correction ?? false,
    extractionConfidence: o.extraction_confidence ?? 1,
    extractor: o.extractor ?? null,
    retracts: o.retracts?.toLowerCase() ?? null,
  };
}

/** The observations a signal's claims make, with deterministic derived ids. */
function signalObservations(signal: SignalEvent, recordedAt: string): ObservationInput[] {
  const extractor = signal.extractor ?? SIGNAL_CLAIMS_EXTRACTOR;
  return (signal.claims ?? []).flatMap((claim) => {
    const domain = domainOf(claim.field);
    if (!domain) return [];
    const plan = planAsOf(
      signal.source.type as SourceType,
      (claim.intent ?? 'assertive') as Intent,
      iso(signal.occurred_at),
      recordedAt,
    );
    return [
      {
        eventId: deriveUuid(
          signal.event_id.toLowerCase(),
          extractor,
          signal.entity_id,
          claim.field,
        ),
        entityId: signal.entity_id,
        field: claim.field,
        domain,
        value: claim.candidate_value,
        intent: plan.intent,
        sourceType: signal.source.type as SourceType,
        sourceRef: `${signal.kind}:${signal.external_id}`,
        eventTs: plan.eventTs,
        recordedAt,
        corroborators: 0,
        correction: claim.correction ?? false,
        extractionConfidence: 1,
        extractor,
        retracts: null,
      },
    ];
  });
}

async function loadSlot(tx: WriteTx, entityId: string, field: string, domain: Domain) {
  return (await tx.getSlot(entityId, field)) ?? emptySlot(entityId, field, domain);
}

function contextFor(session: ApplySession, domain: Domain, now: number): ResolveContext {
  const stats = session.stats[domain];
  if (
    session.parallel &&
    ((session.policy.stage === '1' && stats.calibrationRemaining > 0) ||
      stats.forceConfirmRemaining > 0)
  ) {
    throw new NeedsGlobalScope(`${domain} decisions depend on a shared counter`);
  }
  return {
    policy: session.policy,
    now,
    calibrationRemaining: stats.calibrationRemaining,
    forceConfirmRemaining: stats.forceConfirmRemaining,
  };
}

/** Persists everything one resolution decided: prompts, the slot, history and counters. */
async function persistOutcome(
  tx: WriteTx,
  session: ApplySession,
  obs: ObservationInput,
  outcome: ResolveOutcome,
  now: number,
): Promise<ApplyResult> {
  const stats = session.stats[obs.domain];
  for (const promptId of outcome.supersededPromptIds) {
    await closePrompt(tx, promptId, 'superseded', obs.eventId, obs.recordedAt);
  }
  let next: SlotState = outcome.slot;
  const promptIds: string[] = [];
  if (outcome.prompt) {
    const existing = await tx.getPrompt(outcome.prompt.promptId);
    if (!existing) {
      await raisePrompt(tx, outcome.prompt, next, session.policy, obs.recordedAt, now);
      count(session, obs.domain, 'ask', obs.recordedAt);
    }
    promptIds.push(outcome.prompt.promptId);
  } else if (next.pending && outcome.decision === 'ask_user') {
    promptIds.push(next.pending.promptId);
  }
  // Superseded prompts were closed above against the old slot row; the new slot wins.
  if (next.pending && outcome.supersededPromptIds.includes(next.pending.promptId)) {
    next = { ...next, pending: null };
  }
  await tx.putSlot(next);
  await tx.appendHistory(outcome.history);
  if (outcome.autoCommitted) count(session, obs.domain, 'auto_commit', obs.recordedAt);
  if (outcome.correctedAutoCommit) count(session, obs.domain, 'correction', obs.recordedAt);
  if (outcome.mutated) count(session, obs.domain, 'mutation', obs.recordedAt);
  if (outcome.decision === 'tentative_reject' && !outcome.shadow) {
    count(session, obs.domain, 'tentative', obs.recordedAt);
  }
  if (stats.forceConfirmRemaining > 0) count(session, obs.domain, 'resolved_event', obs.recordedAt);
  return {
    decisions: [outcome.decision],
    promptIds,
    reasons: outcome.reasons,
    confidence: outcome.confidence,
    refusal: null,
  };
}

/**
 * Resolves one observation against its slot and persists everything it decided: a bundle of one,
 * so the timeline rules hold an impossible single change (a cancellation with no trip, back home
 * before leaving) for review as they do within a message of several.
 */
function resolveInto(
  tx: WriteTx,
  session: ApplySession,
  obs: ObservationInput,
  now: number,
): Promise<ApplyResult> {
  return resolveBundleInto(tx, session, [obs], now);
}

/**
 * Resolves the observations extracted from one message together (`resolveBundle`): related
 * fields stay coherent and impossible timelines go to review. Everything is persisted in one
 * write, in the order the bundle applied it.
 */
export async function resolveBundleInto(
  tx: WriteTx,
  session: ApplySession,
  observations: readonly ObservationInput[],
  now: number,
): Promise<ApplyResult> {
  const slots = new Map<string, SlotState>();
  for (const o of observations) {
    const key = slotKey(o.entityId, o.field);
    if (!slots.has(key)) slots.set(key, await loadSlot(tx, o.entityId, o.field, o.domain));
  }
  const steps = resolveBundle(
    slots,
    observations,
    (domain) => contextFor(session, domain, now),
    deriveUuid,
  );
  const results: ApplyResult[] = [];
  for (const step of steps) {
    results.push(await persistOutcome(tx, session, step.observation, step.outcome, now));
  }
  await noteStatement(tx, observations);
  for (const o of observations) await noteObservation(tx, o);
  return mergeApplyResults(results);
}

function isBundleMember(event: LedgerEvent, bundleId: string): boolean {
  if (event.type !== EVENT_TYPES.observation) return false;
  const bundle = (event.payload as unknown as StateObservation).bundle;
  return bundle?.id.toLowerCase() === bundleId;
}

/**
 * Resolves a bundle left incomplete when an event that is not one of its members arrives. Live
 * ingest appends a bundle's members back to back, so this only happens to a hand-made bundle;
 * replay takes the same decision at the same ledger position.
 */
async function settlePendingBundle(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
): Promise<ApplyResult | null> {
  const pending = await readMeta(tx, PENDING_BUNDLE);
  if (pending === null || isBundleMember(event, pending.id)) return null;
  await writeMeta(tx, PENDING_BUNDLE, null);
  return resolveBundleInto(tx, session, pending.members, pending.now);
}

async function collectBundleMember(
  tx: WriteTx,
  session: ApplySession,
  bundle: { readonly id: string; readonly size: number },
  obs: ObservationInput,
  now: number,
): Promise<ApplyResult> {
  const id = bundle.id.toLowerCase();
  const pending = await readMeta(tx, PENDING_BUNDLE);
  const previous = pending !== null && pending.id === id ? pending : null;
  const members = [...(previous?.members ?? []), obs];
  const startedAt = previous?.now ?? now;
  if (members.length >= bundle.size) {
    await writeMeta(tx, PENDING_BUNDLE, null);
    return resolveBundleInto(tx, session, members, startedAt);
  }
  const next: PendingBundle = { id, size: bundle.size, now: startedAt, members };
  await writeMeta(tx, PENDING_BUNDLE, next);
  return NOTHING_APPLIED;
}

/** The speaker's statement before the current one in a thread, or null. */
export async function previousStatement(
  tx: WriteTx,
  threadId: string,
  sourceType: SourceType,
): Promise<SpeakerStatement | null> {
  const value = await readMeta(tx, speakerStatements(threadId, sourceType));
  return value?.previous ?? null;
}

const MESSAGE_REF = /^thread:(.+):msg:(.+)$/;

/** Records which slots a message's extracted observations were about (derived in the fold). */
async function noteStatement(
  tx: WriteTx,
  observations: readonly ObservationInput[],
): Promise<void> {
  for (const o of observations) {
    if (o.extractor === null || o.intent === 'retract') continue;
    const match = MESSAGE_REF.exec(o.sourceRef);
    if (!match?.[1]) continue;
    const record = speakerStatements(match[1], o.sourceType);
    const value = await readMeta(tx, record);
    if (value === null || value.current.ref !== o.sourceRef) continue;
    if (value.current.fields.some((f) => f.entityId === o.entityId && f.field === o.field))
      continue;
    const current = {
      ref: value.current.ref,
      fields: [...value.current.fields, { entityId: o.entityId, field: o.field }],
    };
    await writeMeta(tx, record, { previous: value.previous, current });
  }
}

/**
 * One result for several folds: their decisions, prompts and reasons in order, and the first
 * confidence and refusal given.
 */
export function mergeApplyResults(results: readonly ApplyResult[]): ApplyResult {
  return {
    decisions: results.flatMap((r) => r.decisions),
    promptIds: results.flatMap((r) => r.promptIds),
    reasons: results.flatMap((r) => r.reasons),
    confidence: results.find((r) => r.confidence !== null)?.confidence ?? null,
    refusal: results.find((r) => r.refusal !== null)?.refusal ?? null,
  };
}

/** Checks an answer against its prompt and slot without writing anything. */
export async function checkAnswer(
  tx: WriteTx,
  answer: ConfirmationAnswer,
): Promise<EngineError | null> {
  const prompt = await tx.getPrompt(answer.prompt_id.toLowerCase());
  if (!prompt) {
    return new EngineError('NOT_FOUND', `no review prompt ${answer.prompt_id}`, {
      promptId: answer.prompt_id,
    });
  }
  const slot = await loadSlot(tx, prompt.entityId, prompt.field, prompt.domain);
  const result = applyAnswer(slot, prompt, toAnswerInput(answer, ''), DEFAULT_POLICY);
  return result.ok ? null : result.error;
}

function toAnswerInput(answer: ConfirmationAnswer, recordedAt: string) {
  return {
    answerId: answer.answer_id.toLowerCase(),
    promptId: answer.prompt_id.toLowerCase(),
    action: answer.action,
    editedValue: answer.edited_value ?? null,
    answeredAt: iso(answer.answered_at),
    recordedAt,
  };
}

async function applyAnswerEvent(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
  now: number,
): Promise<ApplyResult> {
  const answer = event.payload as unknown as ConfirmationAnswer;
  const prompt = await tx.getPrompt(answer.prompt_id.toLowerCase());
  if (!prompt) {
    return {
      ...NOTHING_APPLIED,
      refusal: new EngineError('NOT_FOUND', `no review prompt ${answer.prompt_id}`, {
        promptId: answer.prompt_id,
      }),
    };
  }
  const slot = await loadSlot(tx, prompt.entityId, prompt.field, prompt.domain);
  const result = applyAnswer(slot, prompt, toAnswerInput(answer, event.recordedAt), session.policy);
  if (!result.ok) {
    await tx.appendHistory({
      entityId: prompt.entityId,
      field: prompt.field,
      eventId: event.eventId,
      recordedAt: event.recordedAt,
      eventTs: event.eventTs,
      kind: 'observed',
      decision: null,
      value: answer.edited_value ?? null,
      confidence: 0,
      reasons: [`answer refused: ${result.error.message}`],
      committedAfter: slot.committed?.value ?? null,
      versionAfter: slot.version,
      details: { prompt_id: prompt.promptId, action: answer.action, refused: true },
    });
    return { ...NOTHING_APPLIED, refusal: result.error };
  }
  const { slot: next, prompt: closed, history, mutated } = result.value;
  await recordAnswered(tx, prompt, closed);
  await tx.putSlot(next);
  await tx.appendHistory(history);
  const outcome: Outcome =
    answer.action === 'confirm' ? 'confirmed' : answer.action === 'edit' ? 'edited' : 'rejected';
  count(session, prompt.domain, outcome, event.recordedAt);
  if (mutated) count(session, prompt.domain, 'mutation', event.recordedAt);
  await promoteQueued(tx, session.policy, now);
  return {
    decisions: [],
    promptIds: [prompt.promptId],
    reasons: history.reasons,
    confidence: history.confidence,
    refusal: null,
  };
}

async function applyExternalPrompt(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
  now: number,
): Promise<ApplyResult> {
  const payload = event.payload as unknown as ConfirmationPrompt;
  const change = parseProposedChange(payload.proposed_change);
  if (!change) return NOTHING_APPLIED;
  const field = payload.field ?? change.field;
  const domain = domainOf(field) ?? payload.domain;
  const slot = await loadSlot(tx, payload.entity_id, field, domain);
  const value = payload.proposed_value ?? change.to;
  const promptId = payload.prompt_id.toLowerCase();
  if (slot.pending)
    await closePrompt(tx, slot.pending.promptId, 'superseded', event.eventId, event.recordedAt);
  const fresh = await loadSlot(tx, payload.entity_id, field, domain);
  const prompt = await raisePrompt(
    tx,
    {
      promptId,
      value,
      currentValue: fresh.committed?.value ?? null,
      confidence: payload.confidence,
      reasons: payload.reason_summary,
      evidenceEventIds: [],
      slotVersion: fresh.version,
    },
    fresh,
    session.policy,
    event.recordedAt,
    now,
    'external',
  );
  await tx.putSlot({ ...fresh, pending: { promptId, value, confidence: payload.confidence } });
  await tx.appendHistory({
    entityId: payload.entity_id,
    field,
    eventId: event.eventId,
    recordedAt: event.recordedAt,
    eventTs: event.eventTs,
    kind: 'asked',
    decision: 'ask_user',
    value,
    confidence: payload.confidence,
    reasons: [...payload.reason_summary],
    committedAfter: fresh.committed?.value ?? null,
    versionAfter: fresh.version,
    details: { prompt_id: promptId, origin: 'external' },
  });
  count(session, domain, 'ask', event.recordedAt);
  return {
    decisions: ['ask_user'],
    promptIds: [prompt.promptId],
    reasons: [...payload.reason_summary],
    confidence: payload.confidence,
    refusal: null,
  };
}

/** Meta key: the day each domain last had its auto threshold raised by a rollback. */
export const LAST_RAISE_KEY = 'rollback:last_raise';
/** Meta key: the day of the last adaptive threshold update. */
export const LAST_ADAPTED_KEY = 'learning:last_adapted';

/** A `policy.changed` payload. */
export interface PolicyChange {
  /** What made the change: a person or config (`manual`), a rollback rule, or daily learning. */
  readonly kind: 'manual' | 'rollback' | 'adaptive';
  readonly policy: Policy;
  readonly reasons: readonly string[];
  readonly force_confirm?: Readonly<Partial<Record<Domain, number>>>;
}

/**
 * Folds one ledger event into derived state, with `now` = the event's `recorded_at`. The same
 * function serves live ingest and replay, so a rebuild reproduces live state exactly. Redacted
 * (forgotten) events fold to nothing.
 */
export async function applyEvent(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
): Promise<ApplyResult> {
  if (event.redacted) return NOTHING_APPLIED;
  // Item extraction touches only its thread's rows (never prompts), so it skips expiry and bundles.
  if (event.type === EVENT_TYPES.extractionCompleted) {
    await foldExtractionCompleted(tx, event);
    return NOTHING_APPLIED;
  }
  if (event.type === EVENT_TYPES.itemConflictResolved) {
    await foldItemConflictResolved(tx, event);
    return NOTHING_APPLIED;
  }
  // Task and ops events keep their own views only; like extraction they skip expiry and bundles.
  if (isTaskOrOpsEvent(event.type)) {
    await foldTaskEvent(tx, event);
    return NOTHING_APPLIED;
  }
  const now = nowOf(event);
  const settled = await settlePendingBundle(tx, session, event);
  await expireDue(tx, session.policy, now, event.eventId);
  const result = await foldEvent(tx, session, event, now);
  return settled === null ? result : mergeApplyResults([settled, result]);
}

/**
 * Appends `event` and, when the ledger took it (not a duplicate id or dedupe key), folds it at
 * its sequence. Returns whether it was new. The live path of every event Verity produces itself.
 */
export async function appendAndApply(
  tx: WriteTx,
  session: ApplySession,
  event: NewLedgerEvent,
): Promise<boolean> {
  const appended = await tx.appendEvent(event);
  if (appended.kind !== 'appended') return false;
  await applyEvent(tx, session, { ...event, seq: appended.seq, redacted: false });
  return true;
}

async function foldEvent(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
  now: number,
): Promise<ApplyResult> {
  switch (event.type) {
    case EVENT_TYPES.observation: {
      const payload = event.payload as unknown as StateObservation;
      const obs = toObservationInput(payload, event.recordedAt);
      if (payload.bundle !== undefined && payload.bundle.size > 1) {
        return collectBundleMember(tx, session, payload.bundle, obs, now);
      }
      return resolveInto(tx, session, obs, now);
    }
    case EVENT_TYPES.signal: {
      const signal = event.payload as unknown as SignalEvent;
      await tx.putMeta(`signal:last:${signal.entity_id}:${signal.kind}`, iso(signal.occurred_at));
      const results: ApplyResult[] = [];
      for (const obs of signalObservations(signal, event.recordedAt)) {
        results.push(await resolveInto(tx, session, obs, now));
      }
      return mergeApplyResults(results);
    }
    case EVENT_TYPES.message: {
      const m = event.payload as unknown as MessageInput & { entity_id: string; source: string };
      await tx.putMessage({
        threadId: m.thread_id,
        messageId: m.message_id,
        eventId: event.eventId,
        entityId: m.entity_id,
        role: m.role,
        content: m.content,
        createdAt: event.eventTs,
        source: m.source,
      });
      // Facts as retrieval keys (dates, names, places), derived from the text alone so replay
      // writes the same keys (ADR 2026-11-26-retrieval-across-datasets).
      await tx.putFactKeys(
        { threadId: m.thread_id, messageId: m.message_id },
        messageFactKeys(m.content, event.eventTs),
      );
      // The speaker's previous statement in the thread, for "scratch that" (derived here so that
      // replay rebuilds it).
      const record = speakerStatements(m.thread_id, messageSourceType(m.source, m.role));
      const before = await readMeta(tx, record);
      const ref = `thread:${m.thread_id}:msg:${m.message_id}`;
      if (before?.current.ref !== ref) {
        await writeMeta(tx, record, {
          previous: before?.current ?? null,
          current: { ref, fields: [] },
        });
      }
      return NOTHING_APPLIED;
    }
    case EVENT_TYPES.forgotten:
      // A tombstone's effect is the redaction plus the rebuild `forget` performs, and the masks it
      // keeps on replies it leaves in place.
      await foldKeptMasks(tx, event);
      return NOTHING_APPLIED;
    case EVENT_TYPES.answer:
      return applyAnswerEvent(tx, session, event, now);
    case EVENT_TYPES.prompt:
      return applyExternalPrompt(tx, session, event, now);
    case EVENT_TYPES.policy: {
      const change = event.payload as unknown as PolicyChange;
      session.policy = unwrap(policyFromStored(change.policy));
      await tx.putMeta(POLICY_KEY, change.policy as unknown as JsonObject);
      const day = event.recordedAt.slice(0, 10);
      const forced = Object.entries(change.force_confirm ?? {});
      if (forced.length > 0) {
        const raised = { ...((await tx.getMeta(LAST_RAISE_KEY)) as JsonObject | null) };
        for (const [domain, n] of forced) {
          session.stats = forceConfirmations(session.stats, domain as Domain, n ?? 0);
          raised[domain] = day;
        }
        session.dirty = true;
        await tx.putMeta(LAST_RAISE_KEY, raised);
      }
      if (change.kind === 'adaptive') await tx.putMeta(LAST_ADAPTED_KEY, day);
      await promoteQueued(tx, session.policy, now);
      return NOTHING_APPLIED;
    }
    default:
      // Notes and tombstones derive nothing here: a note's observations are recorded as their own
      // events at live ingest, and a tombstone's effect is the redaction plus the rebuild that
      // `forget` performs. Projection, label and alias events keep their memory in meta.
      if (await foldObserverEvent(tx, event)) return NOTHING_APPLIED;
      await foldExtensionEvent(tx, event);
      return NOTHING_APPLIED;
  }
}

export type { SpeakerStatement } from './meta-records.js';
export { PENDING_BUNDLE_KEY, speakerKey } from './meta-records.js';
