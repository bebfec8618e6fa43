import {
  deriveUuid,
  emptySlot,
  type ObservationInput,
  type Policy,
  parseRfc3339,
  resolveObservation,
  type SlotState,
} from '../core/index.js';
import type { StoreReader } from '../stores/index.js';

function ts(text: string): number {
  return parseRfc3339(text) ?? 0;
}

/**
 * The slot as it stood at valid time `asOf`, from everything known now: every piece of evidence
 * the slot holds that is dated (event time) by `asOf`, resolved in event-time order as if each
 * had arrived live at its own date, under the current policy. Answers to review prompts are not
 * replayed: a value that waited for the user's confirmation shows as not committed. Pure given
 * the store's contents, so the same question always gets the same answer.
 */
export async function slotAsOf(
  reader: StoreReader,
  policy: Policy,
  slot: SlotState,
  asOf: number,
): Promise<SlotState> {
  const evidence = slot.evidence
    .filter((e) => ts(e.eventTs) <= asOf)
    .sort(
      (a, b) =>
        ts(a.eventTs) - ts(b.eventTs) ||
        ts(a.recordedAt) - ts(b.recordedAt) ||
        (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0),
    );
  let state = emptySlot(slot.entityId, slot.field, slot.domain);
  for (const e of evidence) {
    // A retraction names the event it withdraws only in its ledger payload.
    const retracts =
      e.intent === 'retract'
        ? ((await reader.getEvent(e.eventId))?.payload['retracts'] ?? null)
        : null;
    const observation: ObservationInput = {
      eventId: e.eventId,
      entityId: slot.entityId,
      field: slot.field,
      domain: slot.domain,
      value: e.value,
      intent: e.intent,
      sourceType: e.sourceType,
      sourceRef: e.sourceRef,
      eventTs: e.eventTs,
      recordedAt: e.eventTs,
      corroborators: e.corroborators,
      correction: e.correction,
      extractionConfidence: e.extractionConfidence,
      extractor: e.extractor,
      retracts: typeof retracts === 'string' ? retracts.toLowerCase() : null,
    };
    const outcome = resolveObservation(
      state,
      observation,
      { policy, now: ts(e.eventTs), calibrationRemaining: 0, forceConfirmRemaining: 0 },
      deriveUuid,
    );
    state = { ...outcome.slot, pending: null };
  }
  return state;
}
