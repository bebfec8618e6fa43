import { roundScore, type ScoreBreakdown, scoreEvidence } from './confidence.js';
import { misspeltFieldOf } from './domains/index.js';
import { authorityTier, type Policy, type RolloutStage, stageFor, tierWeight } from './policy.js';
import type {
  CommittedValue,
  Decision,
  DecisionRule,
  Evidence,
  HistoryEntry,
  PendingProposal,
  SlotState,
} from './slot.js';
import { parseRfc3339 } from './time.js';
import { canonicalSource, type Domain, isUserSource, type SourceType } from './vocabulary.js';

/**
 * Whether evidence may take the bootstrap route (commit below the review band because nothing
 * contests it): a reading whose words state it plainly (extraction confidence 1), or anything
 * from a document the user keeps (notes, migrated files). A moderate or weak reading from
 * conversation never does (issue #10 §1): it raises a review prompt or stays tentative.
 */
function mayBootstrap(evidence: {
  readonly extractionConfidence: number;
  readonly sourceType: SourceType;
}): boolean {
  const source = canonicalSource(evidence.sourceType);
  return (
    evidence.extractionConfidence >= 1 ||
    source === 'static_markdown' ||
    source === 'manual_markdown'
  );
}

/**
 * An observation after validation and normalisation, as the resolver sees it: the evidence it
 * carries (`value` is null for a retraction without a replacement) plus the slot it is about.
 */
export interface ObservationInput extends Omit<Evidence, 'state' | 'stateBy'> {
  readonly entityId: string;
  readonly field: string;
  readonly domain: Domain;
  /** For `retract`: the event whose evidence is withdrawn. */
  readonly retracts: string | null;
}

/** One RFC 6902 operation against the state-tracker document. */
export interface JsonPatchOperation {
  readonly op: 'add' | 'replace' | 'remove';
  readonly path: string;
  readonly value?: string | null;
}

/** A prompt the resolver wants raised; the review service assigns order and expiry. */
export interface PromptRequest {
  readonly promptId: string;
  readonly value: string | null;
  readonly currentValue: string | null;
  readonly confidence: number;
  readonly reasons: readonly string[];
  readonly evidenceEventIds: readonly string[];
  readonly slotVersion: number;
}

/** Inputs besides the slot and the observation. */
export interface ResolveContext {
  readonly policy: Policy;
  /** Epoch ms; the event's `recorded_at` in live ingest and in replay alike. */
  readonly now: number;
  /** Mutations left in the stage-1 calibration period for this domain (0 once calibrated). */
  readonly calibrationRemaining: number;
  /** Events in this domain that must still be confirmed after a correction-rate rollback. */
  readonly forceConfirmRemaining: number;
  /**
   * A bundle-level hold (see `resolveBundle`): `ask` turns what would be committed into a review
   * prompt, `tentative` keeps the evidence without committing or asking. `reason` is recorded.
   * Agreeing with the committed value and retractions are never held.
   */
  readonly hold?: { readonly kind: 'ask' | 'tentative'; readonly reason: string };
}

/** Everything one resolution decided (the seed's `ResolveState` result plus the new slot). */
export interface ResolveOutcome {
  readonly decision: Decision;
  readonly confidence: number;
  readonly margin: number;
  readonly reasons: readonly string[];
  readonly proposedPatch: readonly JsonPatchOperation[];
  readonly slot: SlotState;
  readonly history: HistoryEntry;
  /** A prompt to raise, or null. */
  readonly prompt: PromptRequest | null;
  /** Prompts made obsolete by this resolution. */
  readonly supersededPromptIds: readonly string[];
  /** The committed value changed (version bumped). */
  readonly mutated: boolean;
  /** The change was committed without asking (counts toward auto-commit precision). */
  readonly autoCommitted: boolean;
  /** The evidence that was auto-committed before and is now withdrawn or corrected by the user. */
  readonly correctedAutoCommit: boolean;
  /** Stage 0: the decision that would have been applied. */
  readonly shadow: boolean;
}

interface Candidate {
  readonly value: string | null;
  /** Unweighted: reliability × recency × intent × extraction × corroboration, capped at 1. */
  readonly confidence: number;
  /** Confidence × the authority-tier weight of its best evidence: what contests compare. */
  readonly weighted: number;
  readonly best: Evidence;
  readonly supporting: readonly Evidence[];
  readonly corroboration: number;
  /** The best evidence's score without recency, times corroboration (uncapped). */
  readonly standing: number;
}

const NON_STATE_INTENTS = new Set(['hypothetical', 'question', 'historical']);

/** Deterministic prompt id for the proposal raised by one event on one slot. */
export function promptIdFor(
  derive: (...parts: string[]) => string,
  eventId: string,
  entityId: string,
  field: string,
): string {
  return derive('prompt', eventId, entityId, field);
}

function toEvidence(obs: ObservationInput): Evidence {
  return {
    eventId: obs.eventId,
    value: obs.value,
    sourceType: canonicalSource(obs.sourceType),
    sourceRef: obs.sourceRef,
    intent: obs.intent,
    eventTs: obs.eventTs,
    recordedAt: obs.recordedAt,
    corroborators: obs.corroborators,
    correction: obs.correction,
    extractionConfidence: obs.extractionConfidence,
    extractor: obs.extractor,
    state: 'live',
    stateBy: null,
  };
}

/**
 * Whether the engine committed the value without asking (a correction of it counts against
 * auto-commit precision). A user undoing their own statement is not an engine error: callers also
 * check that the committed evidence did not come from the user.
 */
function wasAutomatic(committed: CommittedValue): boolean {
  return (
    committed.rule === 'auto_commit' ||
    committed.rule === 'bootstrap' ||
    committed.rule === 're_resolved'
  );
}

function ts(value: string): number {
  return parseRfc3339(value) ?? 0;
}

function sameUtcDay(a: string, b: string): boolean {
  return a.slice(0, 10) === b.slice(0, 10);
}

/**
 * Whether `newer` replaces `older` (a different value, not later in time) under the domain's
 * authority matrix: a source at least as authoritative, the user's explicit correction, or a
 * same-day user statement against the calendar where the domain allows it.
 */
export function supersedes(
  policy: Policy,
  domain: Domain,
  newer: Evidence,
  older: Evidence,
): boolean {
  if (ts(newer.eventTs) < ts(older.eventTs)) return false;
  const rules = policy.domains[domain];
  if (newer.correction && isUserSource(newer.sourceType)) return true;
  if (
    rules.sameDayUserOverride &&
    isUserSource(newer.sourceType) &&
    older.sourceType === 'calendar' &&
    sameUtcDay(newer.eventTs, older.eventTs)
  ) {
    return true;
  }
  return (
    authorityTier(policy, domain, newer.sourceType) <=
    authorityTier(policy, domain, older.sourceType)
  );
}

function candidates(slot: SlotState, policy: Policy, now: number): Candidate[] {
  const byValue = new Map<string, Evidence[]>();
  for (const evidence of slot.evidence) {
    if (evidence.state !== 'live') continue;
    const key = JSON.stringify(evidence.value);
    const list = byValue.get(key);
    if (list) list.push(evidence);
    else byValue.set(key, [evidence]);
  }
  const result: Candidate[] = [];
  for (const supporting of byValue.values()) {
    let best: Evidence | null = null;
    let bestWeighted = -1;
    let bestScore = 0;
    let bestStanding = 0;
    for (const evidence of supporting) {
      const { score, reliability, intent, extraction } = scoreEvidence(
        policy,
        slot.domain,
        evidence,
        now,
      );
      const weighted = score * tierWeight(policy, slot.domain, evidence.sourceType);
      if (
        best === null ||
        weighted > bestWeighted ||
        (weighted === bestWeighted && ts(evidence.eventTs) > ts(best.eventTs))
      ) {
        best = evidence;
        bestWeighted = weighted;
        bestScore = score;
        bestStanding = reliability * intent * extraction;
      }
    }
    if (best === null) continue;
    const chosen = best;
    const others = new Set(
      supporting.filter((e) => e.sourceType !== chosen.sourceType).map((e) => e.sourceType),
    );
    const corroboration = 1 + policy.corroborationStep * (chosen.corroborators + others.size);
    const confidence = roundScore(Math.min(1, bestScore * corroboration));
    result.push({
      value: chosen.value,
      confidence,
      weighted: roundScore(Math.min(1, bestWeighted * corroboration)),
      best: chosen,
      supporting,
      corroboration,
      standing: bestStanding * corroboration,
    });
  }
  result.sort(
    (a, b) =>
      b.weighted - a.weighted ||
      b.confidence - a.confidence ||
      ts(b.best.eventTs) - ts(a.best.eventTs) ||
      String(a.value).localeCompare(String(b.value)),
  );
  return result;
}

/** A candidate's confidence before recency: reliability × intent × extraction × corroboration. */
function standingScore(candidate: Candidate): number {
  return roundScore(Math.min(1, candidate.standing));
}

function pointerFor(entityId: string, field: string): string {
  const escapeSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
  return `/entities/${escapeSegment(entityId)}/state/${field.split('.').map(escapeSegment).join('/')}`;
}

function patchFor(slot: SlotState, value: string | null): JsonPatchOperation[] {
  const path = pointerFor(slot.entityId, slot.field);
  if (value === null) return slot.committed ? [{ op: 'remove', path }] : [];
  return [{ op: slot.committed ? 'replace' : 'add', path, value }];
}

function describe(value: string | null): string {
  return value === null ? '(none)' : value;
}

function boundEvidence(evidence: Evidence[], keep: ReadonlySet<string>, max: number): Evidence[] {
  if (evidence.length <= max) return evidence;
  const removable = evidence
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => !keep.has(e.eventId))
    .sort(
      (a, b) =>
        Number(a.e.state === 'live') - Number(b.e.state === 'live') ||
        ts(a.e.recordedAt) - ts(b.e.recordedAt) ||
        a.index - b.index,
    );
  const drop = new Set<number>();
  for (const { index } of removable) {
    if (evidence.length - drop.size <= max) break;
    drop.add(index);
  }
  return evidence.filter((_, index) => !drop.has(index));
}

interface Draft {
  evidence: Evidence[];
  committed: CommittedValue | null;
  version: number;
  pending: PendingProposal | null;
}

function commit(
  draft: Draft,
  winner: Candidate,
  rule: DecisionRule,
  margin: number,
  reasons: string[],
  policy: Policy,
  slot: SlotState,
  decidedAt: string,
  lowConfidence: boolean,
): void {
  const { ask, auto } = policy.domains[slot.domain];
  const marginThreshold = policy.domains[slot.domain].margin;
  const lastEvidenceAt = winner.supporting.reduce(
    (latest, e) => (ts(e.eventTs) > ts(latest) ? e.eventTs : latest),
    winner.best.eventTs,
  );
  draft.committed = {
    value: winner.value,
    confidence: winner.confidence,
    margin: roundScore(margin),
    rule,
    eventId: winner.best.eventId,
    sourceType: winner.best.sourceType,
    sourceRef: winner.best.sourceRef,
    validFrom: winner.best.eventTs,
    decidedAt,
    lastEvidenceAt,
    supportingEventIds: winner.supporting.map((e) => e.eventId).sort(),
    reasons,
    thresholds: { ask, auto, margin: marginThreshold },
    lowConfidence,
  };
  draft.version += 1;
}

/** Refreshes the committed value's confidence and provenance from agreeing live evidence. */
function refresh(draft: Draft, winner: Candidate): void {
  if (!draft.committed) return;
  const lastEvidenceAt = winner.supporting.reduce(
    (latest, e) => (ts(e.eventTs) > ts(latest) ? e.eventTs : latest),
    draft.committed.lastEvidenceAt,
  );
  draft.committed = {
    ...draft.committed,
    confidence: Math.max(draft.committed.confidence, winner.confidence),
    lastEvidenceAt,
    supportingEventIds: winner.supporting.map((e) => e.eventId).sort(),
  };
}

/** One resolution in progress: its inputs and the slot draft and findings its steps build up. */
interface Run {
  readonly slot: SlotState;
  readonly obs: ObservationInput;
  readonly ctx: ResolveContext;
  readonly derive: (...parts: string[]) => string;
  /** The observation as evidence. */
  readonly incoming: Evidence;
  readonly draft: Draft;
  /** The committed value before this resolution. */
  readonly committedBefore: CommittedValue | null;
  readonly reasons: string[];
  /** Prompts this resolution made obsolete. */
  readonly superseded: string[];
  correctedAutoCommit: boolean;
}

interface FinishExtra {
  readonly prompt?: PromptRequest | null;
  readonly patch?: JsonPatchOperation[];
  readonly autoCommitted?: boolean;
  readonly shadow?: boolean;
}

/** The outcome of a run: the new slot (evidence bounded), its history entry and the decision. */
function finish(
  run: Run,
  decision: Decision,
  confidence: number,
  margin: number,
  kind: HistoryEntry['kind'],
  extra: FinishExtra = {},
): ResolveOutcome {
  const { slot, obs, draft, reasons } = run;
  const keep = new Set<string>([
    ...(draft.committed?.supportingEventIds ?? []),
    ...(extra.prompt?.evidenceEventIds ?? []),
  ]);
  const next: SlotState = {
    entityId: slot.entityId,
    field: slot.field,
    domain: slot.domain,
    version: draft.version,
    committed: draft.committed,
    evidence: boundEvidence(draft.evidence, keep, run.ctx.policy.maxEvidencePerSlot),
    pending: draft.pending,
  };
  return {
    decision,
    confidence: roundScore(confidence),
    margin: roundScore(margin),
    reasons,
    proposedPatch: extra.patch ?? [],
    slot: next,
    history: {
      entityId: slot.entityId,
      field: slot.field,
      eventId: obs.eventId,
      recordedAt: obs.recordedAt,
      eventTs: obs.eventTs,
      kind,
      decision,
      value: obs.value,
      confidence: roundScore(confidence),
      reasons: [...reasons],
      committedAfter: next.committed?.value ?? null,
      versionAfter: next.version,
      details: {
        intent: obs.intent,
        source_type: run.incoming.sourceType,
        source_ref: obs.sourceRef,
        margin: roundScore(margin),
        ...(extra.shadow ? { shadow: true } : {}),
      },
    },
    prompt: extra.prompt ?? null,
    supersededPromptIds: run.superseded,
    mutated: draft.version !== slot.version,
    autoCommitted: extra.autoCommitted ?? false,
    correctedAutoCommit: run.correctedAutoCommit,
    shadow: extra.shadow ?? false,
  };
}

/**
 * Step 1, validate intent: hypothetical, historical and question language is history only.
 * (Schema validation happened before the resolver; see `schemas/`.)
 */
function ignoreNonState(run: Run): ResolveOutcome | null {
  const { intent } = run.obs;
  if (intent === 'retract' || !NON_STATE_INTENTS.has(intent)) return null;
  run.reasons.push(`${intent} language never changes current state; kept as history only`);
  return finish(run, 'tentative_reject', 0, 0, 'observed');
}

/**
 * Step 2a, a retraction: withdraws the targeted live evidence (what it had displaced competes
 * again), empties the committed value if none of its evidence is left, and drops a pending
 * prompt no live evidence supports. Returns false when nothing matched.
 */
function withdraw(run: Run): boolean {
  const { obs, incoming, draft, committedBefore } = run;
  const targets = draft.evidence.filter(
    (e) =>
      e.state === 'live' &&
      (obs.retracts !== null
        ? e.eventId === obs.retracts
        : e.sourceType === incoming.sourceType &&
          e.sourceRef === obs.sourceRef &&
          (obs.value === null || e.value === obs.value)),
  );
  if (targets.length === 0) return false;
  const withdrawn = new Set(targets.map((e) => e.eventId));
  // Withdrawn evidence no longer supersedes anything: what it had displaced competes again.
  draft.evidence = draft.evidence.map((e) =>
    withdrawn.has(e.eventId)
      ? { ...e, state: 'withdrawn', stateBy: obs.eventId }
      : e.state === 'superseded' && e.stateBy !== null && withdrawn.has(e.stateBy)
        ? { ...e, state: 'live', stateBy: null }
        : e,
  );
  run.reasons.push(`withdrew evidence ${[...withdrawn].sort().join(', ')}`);
  if (
    committedBefore &&
    wasAutomatic(committedBefore) &&
    withdrawn.has(committedBefore.eventId) &&
    isUserSource(incoming.sourceType) &&
    !isUserSource(committedBefore.sourceType)
  ) {
    run.correctedAutoCommit = true;
  }
  const stillSupported = committedBefore?.supportingEventIds.some((id) =>
    draft.evidence.some((e) => e.eventId === id && e.state === 'live'),
  );
  if (committedBefore && !stillSupported) {
    draft.committed = null;
    draft.version += 1;
    run.reasons.push('the committed value lost all its evidence and was re-resolved');
  }
  if (
    draft.pending &&
    !draft.evidence.some((e) => e.state === 'live' && e.value === draft.pending?.value)
  ) {
    run.superseded.push(draft.pending.promptId);
    draft.pending = null;
  }
  return true;
}

/**
 * Step 2b, out-of-order evidence: older than the evidence behind the committed value and
 * disagreeing with it, it is recorded as superseded and never regresses the state.
 */
function keepLateArrival(run: Run): ResolveOutcome | null {
  const { incoming, committedBefore, obs } = run;
  if (
    !committedBefore ||
    incoming.value === committedBefore.value ||
    ts(incoming.eventTs) >= ts(committedBefore.lastEvidenceAt)
  ) {
    return null;
  }
  run.draft.evidence.push({ ...incoming, state: 'superseded', stateBy: committedBefore.eventId });
  run.reasons.push(
    `arrived late: dated ${obs.eventTs}, before the evidence behind the committed value (${committedBefore.lastEvidenceAt}); recorded in history, state not regressed`,
  );
  return finish(run, 'tentative_reject', 0, 0, 'observed');
}

/**
 * Step 3, authority: adds the evidence (once) and supersedes the older live evidence it outranks
 * under the domain's authority matrix (`supersedes`).
 */
function admit(run: Run): void {
  const { draft, incoming, committedBefore, slot, ctx } = run;
  // A re-delivered observation of the same evidence is already counted.
  if (!draft.evidence.some((e) => e.eventId === incoming.eventId)) draft.evidence.push(incoming);
  for (let i = 0; i < draft.evidence.length; i++) {
    const older = draft.evidence[i];
    if (older?.state !== 'live' || older.eventId === incoming.eventId) continue;
    if (older.value === incoming.value) continue;
    if (!supersedes(ctx.policy, slot.domain, incoming, older)) continue;
    draft.evidence[i] = { ...older, state: 'superseded', stateBy: incoming.eventId };
    if (
      committedBefore &&
      incoming.correction &&
      wasAutomatic(committedBefore) &&
      older.eventId === committedBefore.eventId &&
      !isUserSource(committedBefore.sourceType)
    ) {
      run.correctedAutoCommit = true;
    }
  }
  // A prompt asking about a value this later evidence superseded is no longer a question: the
  // slot was decided since ("From now on, window seats" after "aisle?" was asked). Closed as
  // superseded, so confirming it later cannot override the later statement.
  const pending = draft.pending;
  if (
    pending &&
    pending.value !== incoming.value &&
    !draft.evidence.some((e) => e.state === 'live' && e.value === pending.value)
  ) {
    run.reasons.push(
      `closes prompt ${pending.promptId}: its value "${describe(pending.value)}" was superseded by this later ${canonicalSource(incoming.sourceType)}`,
    );
    run.superseded.push(pending.promptId);
    draft.pending = null;
  }
}

/** The live values ranked, the leader's lead, and how both read in the reasons. */
interface Ranking {
  readonly ranked: readonly Candidate[];
  readonly top: Candidate;
  readonly runnerUp: Candidate | null;
  /** Contested: the lead in authority-weighted terms. Uncontested: the confidence itself. */
  readonly margin: number;
  readonly scoreText: string;
  readonly marginText: string;
}

function rank(run: Run): Ranking | null {
  const ranked = candidates(
    { ...run.slot, evidence: run.draft.evidence },
    run.ctx.policy,
    run.ctx.now,
  );
  const top = ranked[0];
  if (!top) return null;
  const runnerUp = ranked[1] ?? null;
  const margin = runnerUp ? top.weighted - runnerUp.weighted : top.confidence;
  return {
    ranked,
    top,
    runnerUp,
    margin,
    scoreText: `confidence ${top.confidence.toFixed(3)} = ${canonicalSource(top.best.sourceType)} reliability × recency × intent${top.corroboration > 1 ? ` × corroboration ${top.corroboration.toFixed(2)}` : ''}`,
    // The margin is a lead in authority-weighted scores, so the text shows both of them (a reader
    // could not get 0.165 from the confidences 0.900 and 0.600).
    marginText: runnerUp
      ? `margin ${roundScore(margin).toFixed(3)} over "${describe(runnerUp.value)}" (authority-weighted ${top.weighted.toFixed(3)} vs ${runnerUp.weighted.toFixed(3)})`
      : 'uncontested',
  };
}

/** No live evidence left: the slot empties (after a retraction) or nothing happens. */
function nothingLive(run: Run, kind: HistoryEntry['kind'], reResolving: boolean): ResolveOutcome {
  if (reResolving && run.committedBefore && !run.draft.committed) {
    run.reasons.push('no evidence remains; the slot is now empty');
    return finish(run, 'auto_commit', 0, 0, kind, { patch: patchFor(run.slot, null) });
  }
  run.reasons.push('no live evidence for this slot');
  return finish(run, 'tentative_reject', 0, 0, kind);
}

/**
 * Step 4, compare with current: the observation lost to another value (kept tentative), or the
 * leader is the committed value (refreshed, nothing to decide).
 */
function compareWithCurrent(
  run: Run,
  { ranked, top, margin, scoreText }: Ranking,
  kind: HistoryEntry['kind'],
  reResolving: boolean,
): ResolveOutcome | null {
  const { draft, incoming, slot } = run;
  if (!reResolving && incoming.value !== top.value) {
    if (draft.committed && top.value === draft.committed.value) refresh(draft, top);
    const mine = ranked.find((c) => c.value === incoming.value);
    run.reasons.push(
      `outweighed: "${describe(incoming.value)}" (${(mine?.confidence ?? 0).toFixed(3)}, ${incoming.sourceType}) loses to "${describe(top.value)}" (${top.confidence.toFixed(3)}, ${top.best.sourceType}) under the ${slot.domain} authority matrix`,
    );
    if (mine !== undefined) {
      const asked = askAboutContradiction(run, mine, top, kind);
      if (asked !== null) return asked;
    }
    return finish(
      run,
      'tentative_reject',
      mine?.confidence ?? 0,
      (mine?.weighted ?? 0) - top.weighted,
      kind === 'observed' ? 'tentative' : kind,
    );
  }
  if (draft.committed && top.value === draft.committed.value) {
    const weak = reResolving ? null : weakReading(run);
    if (weak !== null) return weakAgreement(run, weak, margin, kind);
    refresh(draft, top);
    run.reasons.push(`agrees with the committed value "${describe(top.value)}"; ${scoreText}`);
    return finish(run, 'auto_commit', top.confidence, margin, kind);
  }
  return null;
}

/**
 * The user contradicts the committed value with evidence about as strong as it ("I haven't paid
 * the internet bill yet" at 0.90 against a bank email's "paid" at 0.88) and loses only on the
 * authority matrix: the committed value stays, but the user is asked which is right instead of
 * the contradiction being kept silently tentative. Null when that does not apply (a weaker or
 * non-user contradiction, shadow mode, or the same value already asked about).
 */
function askAboutContradiction(
  run: Run,
  mine: Candidate,
  top: Candidate,
  kind: HistoryEntry['kind'],
): ResolveOutcome | null {
  const { draft, incoming, slot, ctx } = run;
  const rules = ctx.policy.domains[slot.domain];
  if (
    draft.committed === null ||
    top.value !== draft.committed.value ||
    !isUserSource(incoming.sourceType) ||
    mine.confidence < rules.ask ||
    mine.confidence < top.confidence - rules.margin ||
    stageFor(ctx.policy, slot.domain) === '0'
  ) {
    return null;
  }
  const margin = mine.weighted - top.weighted;
  if (draft.pending?.value === mine.value) {
    run.reasons.push(`already awaiting the user's answer (prompt ${draft.pending.promptId})`);
    return finish(run, 'ask_user', mine.confidence, margin, 'asked');
  }
  run.reasons.push(
    `contradicts the committed value with comparable weight (${mine.confidence.toFixed(3)} vs ${top.confidence.toFixed(3)}): the committed value stays until the user answers`,
  );
  return raisePrompt(run, mine, margin, kind === 'observed' ? 'asked' : kind);
}

/**
 * Asks the user about `candidate`'s value: a new review prompt replaces any pending one, and the
 * committed value stays until the answer.
 */
function raisePrompt(
  run: Run,
  candidate: Candidate,
  margin: number,
  kind: HistoryEntry['kind'],
): ResolveOutcome {
  const { draft, slot, obs } = run;
  if (draft.pending) run.superseded.push(draft.pending.promptId);
  const promptId = promptIdFor(run.derive, obs.eventId, slot.entityId, slot.field);
  draft.pending = { promptId, value: candidate.value, confidence: candidate.confidence };
  const prompt: PromptRequest = {
    promptId,
    value: candidate.value,
    currentValue: draft.committed?.value ?? null,
    confidence: candidate.confidence,
    reasons: [...run.reasons],
    evidenceEventIds: candidate.supporting.map((e) => e.eventId).sort(),
    slotVersion: draft.version,
  };
  return finish(run, 'ask_user', candidate.confidence, margin, kind, {
    prompt,
    patch: patchFor(slot, candidate.value),
  });
}

/**
 * The incoming reading's own score when, on its own, it would not reach the domain's review band,
 * recency aside (reliability × intent × extraction confidence below `ask`): a weak guess, such as
 * a hedged or ambiguous chat reading (ADR 2026-11-27-weak-agreement-is-no-commit); else null.
 */
function weakReading({ ctx, slot, incoming }: Run): ScoreBreakdown | null {
  const scored = scoreEvidence(ctx.policy, slot.domain, incoming, ctx.now);
  const { reliability, intent, extraction } = scored;
  return reliability * intent * extraction < ctx.policy.domains[slot.domain].ask ? scored : null;
}

/**
 * A weak reading (scored once, by `weakReading`) that agrees with the committed value: kept as
 * tentative evidence (it stays live and counts when the slot is next resolved), but it is no
 * commit, so the ingest report counts it as tentative, and it does not refresh the committed
 * value's confidence or its last evidence time.
 */
function weakAgreement(
  run: Run,
  weak: ScoreBreakdown,
  margin: number,
  kind: HistoryEntry['kind'],
): ResolveOutcome {
  const { draft, ctx, slot } = run;
  const own = weak.score;
  run.reasons.push(
    `agrees with the committed value "${describe(draft.committed?.value ?? null)}", but weak (${own.toFixed(3)} on its own, below ask ${ctx.policy.domains[slot.domain].ask.toFixed(2)}): kept tentative, not a reinforcement`,
  );
  return finish(run, 'tentative_reject', own, margin, kind === 'observed' ? 'tentative' : kind);
}

/** What the thresholds and the rollout stage allow for the leader. */
interface Gate {
  readonly stage: RolloutStage;
  /** The auto threshold in force (raised during stage-1 calibration). */
  readonly autoFloor: number;
  /** Why a change that clears the thresholds must still be asked about. */
  readonly blockers: readonly string[];
  readonly autoAllowed: boolean;
  /** A more authoritative source may replace a low-confidence (bootstrap) value. */
  readonly replacesBootstrap: boolean;
  readonly held: ResolveContext['hold'];
  /** The vocabulary field an empty slot's field looks like a misspelling of: asked, never committed. */
  readonly misspelt: string | null;
}

/** Step 5, thresholds: the domain's bands, calibration, rollback confirmations, bundle holds. */
function gateFor(run: Run, { top, margin }: Ranking, reResolving: boolean): Gate {
  const { ctx, draft, slot } = run;
  const { policy } = ctx;
  const rules = policy.domains[slot.domain];
  const stage = stageFor(policy, slot.domain);
  const calibrating = stage === '1' && ctx.calibrationRemaining > 0;
  const autoFloor = calibrating ? Math.max(rules.auto, policy.calibrationAuto) : rules.auto;
  const blockers: string[] = [];
  if (calibrating) {
    blockers.push(
      `stage 1 calibration (${ctx.calibrationRemaining} mutations left) auto-commits only at ≥ ${policy.calibrationAuto}`,
    );
  }
  if (ctx.forceConfirmRemaining > 0) {
    blockers.push(`${ctx.forceConfirmRemaining} changes must be confirmed after a rollback`);
  }
  // The user's own explicit correction ("from now on", "as my default") is the confirmation a
  // confirm-changes domain waits for.
  const explicitlyChanged = top.best.correction && isUserSource(top.best.sourceType);
  const needsConfirmation = rules.confirmChanges && draft.committed !== null && !explicitlyChanged;
  if (needsConfirmation) blockers.push(`${slot.domain} changes need the user's confirmation`);
  // A field that looks like a misspelt vocabulary field ("travel.sttus") is asked about, never
  // committed on its own: the user confirms the field as written, or records the one meant.
  const meant = draft.committed === null ? misspeltFieldOf(slot.field) : null;
  if (meant !== null) {
    run.reasons.push(`"${slot.field}" is not a field Verity knows; did you mean "${meant}"?`);
  }
  const autoAllowed =
    top.confidence >= autoFloor &&
    margin >= rules.margin &&
    !(ctx.forceConfirmRemaining > 0) &&
    !needsConfirmation &&
    meant === null;
  const replacesBootstrap =
    draft.committed?.lowConfidence === true &&
    authorityTier(policy, slot.domain, top.best.sourceType) <
      authorityTier(policy, slot.domain, draft.committed.sourceType) &&
    top.confidence >= rules.bootstrapFloor;
  const held = reResolving ? undefined : ctx.hold;
  if (held) run.reasons.push(held.reason);
  return {
    stage,
    autoFloor,
    blockers,
    autoAllowed,
    replacesBootstrap: replacesBootstrap && meant === null,
    held,
    misspelt: meant,
  };
}

/** What a decision step reads: the run, the ranking, the gate and the history kind. */
interface Step {
  readonly run: Run;
  readonly ranking: Ranking;
  readonly gate: Gate;
  readonly kind: HistoryEntry['kind'];
  readonly reResolving: boolean;
}

/** Commits the leader (closing any pending prompt unless `closePending` is false). */
function commitLeader(
  run: Run,
  { top, margin }: Ranking,
  rule: DecisionRule,
  kind: HistoryEntry['kind'],
  lowConfidence: boolean,
  closePending = true,
): ResolveOutcome {
  const { draft, slot, obs } = run;
  const patch = patchFor(slot, top.value);
  if (closePending && draft.pending) {
    run.superseded.push(draft.pending.promptId);
    draft.pending = null;
  }
  const reasons = [...run.reasons];
  commit(draft, top, rule, margin, reasons, run.ctx.policy, slot, obs.recordedAt, lowConfidence);
  return finish(
    run,
    'auto_commit',
    top.confidence,
    margin,
    kind === 'observed' ? 'committed' : kind,
    {
      patch,
      autoCommitted: true,
    },
  );
}

/** Step 6a, auto-commit: clears the auto threshold and margin (or outranks a seeded value). */
function autoCommit({ run, ranking, gate, kind, reResolving }: Step): ResolveOutcome | null {
  if (!(gate.autoAllowed || gate.replacesBootstrap) || gate.held) return null;
  const { top, margin, scoreText, marginText } = ranking;
  if (gate.stage === '0') {
    run.reasons.push(
      `shadow mode: would auto-commit "${describe(top.value)}"; ${scoreText}; ${marginText}`,
    );
    return finish(run, 'auto_commit', top.confidence, margin, kind, { shadow: true });
  }
  const marginThreshold = run.ctx.policy.domains[run.slot.domain].margin;
  run.reasons.push(
    gate.replacesBootstrap && !gate.autoAllowed
      ? `more authoritative ${canonicalSource(top.best.sourceType)} replaces a low-confidence value seeded from ${run.draft.committed?.sourceType}; ${scoreText}`
      : `${scoreText} ≥ auto ${gate.autoFloor.toFixed(2)}; ${marginText} ≥ ${marginThreshold.toFixed(2)}`,
  );
  return commitLeader(run, ranking, reResolving ? 're_resolved' : 'auto_commit', kind, false);
}

/** Step 6b, uncontested evidence stated plainly commits at low confidence (ADR uncontested-evidence). */
function commitUncontested({ run, ranking, gate, kind }: Step): ResolveOutcome | null {
  const { top, runnerUp, margin, scoreText } = ranking;
  const rules = run.ctx.policy.domains[run.slot.domain];
  const standing = standingScore(top);
  if (
    rules.commitUncontested !== true ||
    !mayBootstrap(top.best) ||
    gate.held ||
    gate.misspelt !== null ||
    runnerUp !== null ||
    gate.blockers.length > 0 ||
    standing < rules.bootstrapFloor
  ) {
    return null;
  }
  if (gate.stage === '0') {
    run.reasons.push(`shadow mode: would commit uncontested "${describe(top.value)}"`);
    return finish(run, 'auto_commit', top.confidence, margin, kind, { shadow: true });
  }
  run.reasons.push(
    `${scoreText}; the only live value for the slot (${standing.toFixed(3)} before recency ≥ floor ${rules.bootstrapFloor.toFixed(2)}): committed uncontested at low confidence`,
  );
  return commitLeader(run, ranking, 'bootstrap', kind, true);
}

/** Step 6c, the review band (or a bundle hold): ask the user, once per value. */
function askUser({ run, ranking, gate, kind }: Step): ResolveOutcome | null {
  const { top, margin, scoreText, marginText } = ranking;
  const { draft, slot } = run;
  const { ask } = run.ctx.policy.domains[slot.domain];
  const marginThreshold = run.ctx.policy.domains[slot.domain].margin;
  const { held, autoFloor, blockers } = gate;
  if (
    !(
      (top.confidence >= ask && held?.kind !== 'tentative') ||
      (held?.kind === 'ask' && top.confidence > 0)
    )
  ) {
    return null;
  }
  const why = blockers.length > 0 && top.confidence >= autoFloor - 1e-9 ? blockers : [];
  run.reasons.push(
    `${scoreText}; ${marginText}; ${
      top.confidence < autoFloor
        ? `in the review band [${ask.toFixed(2)}, ${autoFloor.toFixed(2)})`
        : margin < marginThreshold
          ? `margin below ${marginThreshold.toFixed(2)}`
          : 'held for confirmation'
    }`,
    ...why,
  );
  if (gate.stage === '0') {
    run.reasons.push('shadow mode: no prompt raised');
    return finish(run, 'ask_user', top.confidence, margin, kind, { shadow: true });
  }
  if (draft.pending && draft.pending.value === top.value) {
    draft.pending = { ...draft.pending, confidence: top.confidence };
    run.reasons.push(`already awaiting the user's answer (prompt ${draft.pending.promptId})`);
    return finish(run, 'ask_user', top.confidence, margin, 'asked', {
      patch: patchFor(slot, top.value),
    });
  }
  return raisePrompt(run, top, margin, 'asked');
}

/** Step 6d, below the review band: an empty slot is seeded from plain uncontested evidence. */
function seedEmptySlot({ run, ranking, gate, kind }: Step): ResolveOutcome | null {
  const { top, runnerUp, margin, scoreText } = ranking;
  const rules = run.ctx.policy.domains[run.slot.domain];
  if (
    gate.held ||
    gate.misspelt !== null ||
    run.draft.committed !== null ||
    runnerUp !== null ||
    !mayBootstrap(top.best) ||
    top.confidence < rules.bootstrapFloor
  ) {
    return null;
  }
  if (gate.stage === '0') {
    run.reasons.push(`shadow mode: would seed "${describe(top.value)}" at low confidence`);
    return finish(run, 'tentative_reject', top.confidence, margin, kind, { shadow: true });
  }
  run.reasons.push(
    `${scoreText} is below ask ${rules.ask.toFixed(2)}, but the slot was empty and the evidence uncontested: seeded at low confidence (floor ${rules.bootstrapFloor.toFixed(2)})`,
  );
  return commitLeader(run, ranking, 'bootstrap', kind, true, false);
}

/** Step 6e, too weak: kept tentative (or the slot empties after a retraction). */
function keepTentative({ run, ranking, kind, reResolving }: Step): ResolveOutcome {
  const { top, margin, scoreText, marginText } = ranking;
  if (reResolving && run.committedBefore && !run.draft.committed) {
    run.reasons.push(`remaining evidence too weak (${scoreText}); the slot is now empty`);
    return finish(run, 'auto_commit', top.confidence, margin, kind, {
      patch: patchFor(run.slot, null),
    });
  }
  const { ask } = run.ctx.policy.domains[run.slot.domain];
  run.reasons.push(`${scoreText} below ask ${ask.toFixed(2)}; ${marginText}; kept as tentative`);
  return finish(
    run,
    'tentative_reject',
    top.confidence,
    margin,
    kind === 'observed' ? 'tentative' : kind,
  );
}

/**
 * Decides the slot after new or withdrawn evidence, in seed 000 §4's order: rank the live values,
 * compare with the current value, apply the thresholds, then commit, ask or keep tentative.
 */
function decide(run: Run, kind: HistoryEntry['kind'], reResolving: boolean): ResolveOutcome {
  const ranking = rank(run);
  if (ranking === null) return nothingLive(run, kind, reResolving);
  const settled = compareWithCurrent(run, ranking, kind, reResolving);
  if (settled) return settled;
  const step: Step = { run, ranking, gate: gateFor(run, ranking, reResolving), kind, reResolving };
  return (
    autoCommit(step) ??
    commitUncontested(step) ??
    askUser(step) ??
    seedEmptySlot(step) ??
    keepTentative(step)
  );
}

/**
 * Resolves one observation against one slot: seed 000's `ResolveState`, plus the slot it leaves.
 * The steps follow seed 000 §4: validate the intent, apply a retraction or refuse a late arrival,
 * admit the evidence under the authority matrix, then `decide`. Pure and deterministic: the same
 * slot, observation and context always give the same outcome.
 */
export function resolveObservation(
  slot: SlotState,
  obs: ObservationInput,
  ctx: ResolveContext,
  derive: (...parts: string[]) => string,
): ResolveOutcome {
  const run: Run = {
    slot,
    obs,
    ctx,
    derive,
    incoming: toEvidence(obs),
    draft: {
      evidence: slot.evidence.map((e) => ({ ...e })),
      committed: slot.committed,
      version: slot.version,
      pending: slot.pending,
    },
    committedBefore: slot.committed,
    reasons: [],
    superseded: [],
    correctedAutoCommit: false,
  };
  const ignored = ignoreNonState(run);
  if (ignored) return ignored;
  if (obs.intent === 'retract') {
    if (withdraw(run)) return decide(run, 'retracted', true);
    run.reasons.push('retraction matched no live evidence; nothing changed');
    return finish(run, 'tentative_reject', 0, 0, 'retracted');
  }
  const late = keepLateArrival(run);
  if (late) return late;
  admit(run);
  return decide(run, 'observed', false);
}
