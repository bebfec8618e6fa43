import { EngineError, err, ok, type Result } from './errors.js';
import type { Policy } from './policy.js';
import { supersedes } from './resolver.js';
import type { ReviewPrompt } from './review.js';
import type { Evidence, HistoryEntry, SlotState } from './slot.js';

/** The user's answer to one prompt, as recorded in the ledger. */
export interface AnswerInput {
  readonly answerId: string;
  readonly promptId: string;
  readonly action: 'confirm' | 'reject' | 'edit';
  /** Required for `edit`. */
  readonly editedValue: string | null;
  readonly answeredAt: string;
  readonly recordedAt: string;
}

/** What an accepted answer did. */
export interface AnswerOutcome {
  readonly slot: SlotState;
  readonly prompt: ReviewPrompt;
  readonly history: HistoryEntry;
  readonly mutated: boolean;
}

/**
 * Applies a review answer. Refuses (CONFLICT) an answer to a prompt that is no longer open, or whose
 * slot has changed since the prompt was raised: answering stale questions must never regress state.
 */
export function applyAnswer(
  slot: SlotState,
  prompt: ReviewPrompt,
  answer: AnswerInput,
  policy: Policy,
): Result<AnswerOutcome> {
  if (prompt.status !== 'open' && prompt.status !== 'queued') {
    return err(
      new EngineError('CONFLICT', `prompt ${prompt.promptId} is already ${prompt.status}`, {
        promptId: prompt.promptId,
        status: prompt.status,
      }),
    );
  }
  if (prompt.slotVersion !== slot.version) {
    return err(
      new EngineError(
        'CONFLICT',
        `prompt ${prompt.promptId} is stale: ${prompt.field} changed since it was asked (version ${prompt.slotVersion} → ${slot.version}); nothing was changed`,
        { promptId: prompt.promptId, askedAt: prompt.slotVersion, current: slot.version },
      ),
    );
  }
  if (answer.action === 'edit' && answer.editedValue === null) {
    return err(
      new EngineError('VALIDATION_FAILED', 'an edit answer needs a value', {
        promptId: prompt.promptId,
      }),
    );
  }
  const value = answer.action === 'edit' ? answer.editedValue : prompt.proposedValue;
  const proposalEvidence = new Set(prompt.evidenceEventIds);
  let evidence: Evidence[] = slot.evidence.map((e) =>
    answer.action !== 'confirm' && proposalEvidence.has(e.eventId) && e.state === 'live'
      ? { ...e, state: 'rejected', stateBy: answer.answerId }
      : e,
  );
  let committed = slot.committed;
  let version = slot.version;
  if (answer.action !== 'reject') {
    const confirmation: Evidence = {
      eventId: answer.answerId,
      value,
      sourceType: 'user_confirmation',
      sourceRef: `prompt:${prompt.promptId}`,
      intent: 'assertive',
      eventTs: answer.answeredAt,
      recordedAt: answer.recordedAt,
      corroborators: 0,
      correction: answer.action === 'edit',
      extractionConfidence: 1,
      extractor: null,
      state: 'live',
      stateBy: null,
    };
    evidence = evidence.map((e) =>
      e.state === 'live' && e.value !== value && supersedes(policy, slot.domain, confirmation, e)
        ? { ...e, state: 'superseded', stateBy: answer.answerId }
        : e,
    );
    evidence.push(confirmation);
    const supporting = evidence.filter((e) => e.state === 'live' && e.value === value);
    const thresholds = policy.domains[slot.domain];
    committed = {
      value,
      confidence: 1,
      margin: 1,
      rule: answer.action === 'edit' ? 'user_edited' : 'user_confirmed',
      eventId: answer.answerId,
      sourceType: 'user_confirmation',
      sourceRef: `prompt:${prompt.promptId}`,
      validFrom: answer.answeredAt,
      decidedAt: answer.recordedAt,
      lastEvidenceAt: answer.answeredAt,
      supportingEventIds: supporting.map((e) => e.eventId).sort(),
      reasons: [
        answer.action === 'edit'
          ? `the user edited the proposal to "${value}"`
          : `the user confirmed "${value}" (proposed at ${prompt.confidence.toFixed(3)})`,
      ],
      thresholds: { ask: thresholds.ask, auto: thresholds.auto, margin: thresholds.margin },
      lowConfidence: false,
    };
    version += 1;
  }
  const status =
    answer.action === 'confirm' ? 'confirmed' : answer.action === 'edit' ? 'edited' : 'rejected';
  const next: SlotState = { ...slot, evidence, committed, version, pending: null };
  return ok({
    slot: next,
    prompt: { ...prompt, status, closedBy: answer.answerId, closedAt: answer.recordedAt },
    history: {
      entityId: slot.entityId,
      field: slot.field,
      eventId: answer.answerId,
      recordedAt: answer.recordedAt,
      eventTs: answer.answeredAt,
      kind: status,
      decision: null,
      value,
      confidence: answer.action === 'reject' ? prompt.confidence : 1,
      reasons: [`review ${prompt.promptId}: ${answer.action}`],
      committedAfter: next.committed?.value ?? null,
      versionAfter: version,
      details: { prompt_id: prompt.promptId, action: answer.action },
    },
    mutated: version !== slot.version,
  });
}
