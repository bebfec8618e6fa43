import {
  domainOf,
  freshUntil,
  type HistoryEntry,
  type Policy,
  parseRfc3339,
  type ReviewPrompt,
  roundScore,
  type SlotState,
  scoreEvidence,
  toIso,
} from '../core/index.js';
import { isAwaiting } from '../review/index.js';
import type { StoreReader } from '../stores/index.js';
import type {
  EntityView,
  Explanation,
  FieldView,
  PromptAnswerer,
  PromptView,
  SlotStatus,
} from './types.js';
import { slotAsOf } from './valid-time.js';

/** Whether a committed value has gone unrefreshed past its freshness (`freshUntil`) at `now`. */
export function isStale(slot: SlotState, policy: Policy, now: number): boolean {
  if (!slot.committed || slot.committed.value === null) return false;
  const last = parseRfc3339(slot.committed.lastEvidenceAt) ?? now;
  return now > freshUntil(slot.field, slot.committed.value, last, policy);
}

/** The read model of one slot at `now`. */
function toFieldView(
  entityId: string,
  field: string,
  slot: SlotState | null,
  prompt: ReviewPrompt | null,
  policy: Policy,
  now: number,
): FieldView {
  const committed = slot?.committed ?? null;
  const pending =
    slot?.pending && prompt && isAwaiting(prompt, now)
      ? {
          value: slot.pending.value,
          confidence: slot.pending.confidence,
          prompt_id: slot.pending.promptId,
        }
      : null;
  const hasTentative = slot?.evidence.some((e) => e.state === 'live') ?? false;
  let status: SlotStatus = 'none';
  if (committed && committed.value !== null) status = 'committed';
  else if (pending) status = 'pending_review';
  else if (hasTentative) status = 'tentative';
  const tentativeBest =
    status === 'tentative' && slot
      ? slot.evidence
          .filter((e) => e.state === 'live')
          .map((e) => ({ e, s: scoreEvidence(policy, slot.domain, e, now).score }))
          .sort((a, b) => b.s - a.s)[0]
      : undefined;
  return {
    entity_id: entityId,
    field,
    value: status === 'committed' ? (committed?.value ?? null) : (tentativeBest?.e.value ?? null),
    status,
    confidence:
      status === 'committed'
        ? (committed?.confidence ?? null)
        : tentativeBest
          ? roundScore(tentativeBest.s)
          : null,
    stale: slot ? isStale(slot, policy, now) : false,
    source:
      status === 'committed'
        ? (committed?.sourceType ?? null)
        : (tentativeBest?.e.sourceType ?? null),
    event_id:
      status === 'committed' ? (committed?.eventId ?? null) : (tentativeBest?.e.eventId ?? null),
    valid_from:
      status === 'committed' ? (committed?.validFrom ?? null) : (tentativeBest?.e.eventTs ?? null),
    low_confidence: status === 'committed' ? (committed?.lowConfidence ?? false) : false,
    rule: status === 'committed' ? (committed?.rule ?? null) : null,
    pending,
  };
}

/** The read model of a prompt; `answerer` is read from its answer event (none while open). */
export function toPromptView(
  prompt: ReviewPrompt,
  now: number,
  answerer: PromptAnswerer = { answered_by: null, channel: null },
): PromptView {
  const status =
    prompt.status === 'open' && prompt.expiresAt <= toIso(now) ? 'expired' : prompt.status;
  return {
    prompt_id: prompt.promptId,
    entity_id: prompt.entityId,
    domain: prompt.domain,
    field: prompt.field,
    proposed_change: prompt.proposedChange,
    proposed_value: prompt.proposedValue,
    current_value: prompt.currentValue,
    confidence: prompt.confidence,
    reason_summary: prompt.reasons,
    actions: ['confirm', 'reject', 'edit'],
    status,
    created_at: prompt.createdAt,
    expires_at: prompt.expiresAt,
    answered_by: answerer.answered_by,
    channel: answerer.channel,
  };
}

/**
 * The slot as believed at belief time `at`: the newest history entry recorded by then says what
 * was committed. Provenance beyond the value is the present slot's when the value still matches.
 */
async function slotAt(
  reader: StoreReader,
  entityId: string,
  field: string,
  at: string,
): Promise<{ value: string | null; entry: HistoryEntry } | null> {
  const entries = await reader.listHistory({ entityId, field, upTo: at });
  const last = entries[entries.length - 1];
  return last ? { value: last.committedAfter, entry: last } : null;
}

/**
 * Reads one field now, as believed at `at` (belief time), or as it stood at valid time `asOf`
 * (by event time, from everything known now; see `slotAsOf`).
 */
export async function readField(
  reader: StoreReader,
  policy: Policy,
  entityId: string,
  field: string,
  now: number,
  at?: string,
  asOf?: string,
): Promise<FieldView> {
  const slot = await reader.getSlot(entityId, field);
  if (at !== undefined) return fieldAt(reader, policy, entityId, field, slot, at);
  if (asOf !== undefined) {
    const validMs = parseRfc3339(asOf) ?? now;
    const past = slot === null ? null : await slotAsOf(reader, policy, slot, validMs);
    return toFieldView(entityId, field, past, null, policy, validMs);
  }
  const prompt = slot?.pending ? await reader.getPrompt(slot.pending.promptId) : null;
  return toFieldView(entityId, field, slot, prompt, policy, now);
}

async function fieldAt(
  reader: StoreReader,
  policy: Policy,
  entityId: string,
  field: string,
  slot: SlotState | null,
  at: string,
): Promise<FieldView> {
  const atMs = parseRfc3339(at) ?? 0;
  const iso = toIso(atMs);
  const past = await slotAt(reader, entityId, field, iso);
  const domain = domainOf(field);
  const empty: FieldView = {
    entity_id: entityId,
    field,
    value: null,
    status: 'none',
    confidence: null,
    stale: false,
    source: null,
    event_id: null,
    valid_from: null,
    low_confidence: false,
    rule: null,
    pending: null,
  };
  if (!past || past.value === null || !domain) return empty;
  // Find the evidence that carried the value then: the latest live-or-not evidence for it
  // recorded by `at`.
  const evidence = (slot?.evidence ?? [])
    .filter((e) => e.value === past.value && e.recordedAt <= iso)
    .sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : -1))[0];
  const stalePast =
    evidence !== undefined &&
    atMs > freshUntil(field, past.value, parseRfc3339(evidence.eventTs) ?? atMs, policy);
  return {
    ...empty,
    value: past.value,
    status: 'committed',
    confidence: past.entry.confidence,
    stale: stalePast,
    source: evidence?.sourceType ?? null,
    event_id: evidence?.eventId ?? past.entry.eventId,
    valid_from: evidence?.eventTs ?? past.entry.eventTs,
  };
}

/** Reads a whole entity now, or as believed at `at`. */
export async function readEntity(
  reader: StoreReader,
  policy: Policy,
  entityId: string,
  now: number,
  at?: string,
  asOf?: string,
): Promise<EntityView> {
  const slots = await reader.listSlots(entityId);
  const state: Record<string, Omit<FieldView, 'entity_id' | 'field'>> = {};
  for (const slot of slots) {
    const view = await readField(reader, policy, entityId, slot.field, now, at, asOf);
    if (view.status === 'none') continue;
    const { entity_id: _entity, field: _field, ...rest } = view;
    state[slot.field] = rest;
  }
  const prompts =
    at === undefined && asOf === undefined
      ? (await reader.listPrompts({ status: ['open', 'queued'], entityId })).filter((p) =>
          isAwaiting(p, now),
        )
      : [];
  return { entity_id: entityId, state, pending: prompts.map((p) => toPromptView(p, now)) };
}

/** Explains the value of one field: rule, reasons, thresholds, scored evidence and history. */
export async function explainField(
  reader: StoreReader,
  policy: Policy,
  entityId: string,
  field: string,
  now: number,
): Promise<Explanation> {
  const slot = await reader.getSlot(entityId, field);
  const current = await readField(reader, policy, entityId, field, now);
  const history = await reader.listHistory({ entityId, field });
  const committed = slot?.committed ?? null;
  const evidence = (slot?.evidence ?? []).map((e) => {
    const s = scoreEvidence(policy, slot?.domain ?? 'travel', e, now);
    return {
      event_id: e.eventId,
      value: e.value,
      source_type: e.sourceType,
      source_ref: e.sourceRef,
      intent: e.intent,
      event_ts: e.eventTs,
      state: e.state,
      score: roundScore(s.score),
      factors: {
        reliability: s.reliability,
        recency: roundScore(s.recency),
        intent: s.intent,
        extraction: s.extraction,
      },
    };
  });
  const lines: string[] = [];
  if (committed && committed.value !== null) {
    lines.push(
      `${field} = ${committed.value} (${committed.rule}, confidence ${committed.confidence.toFixed(3)}${committed.lowConfidence ? ', low confidence' : ''}${current.stale ? ', STALE' : ''}).`,
      `Decided at ${committed.decidedAt} from event ${committed.eventId} (${committed.sourceType} ${committed.sourceRef}, dated ${committed.validFrom}).`,
      ...committed.reasons.map((r) => `- ${r}`),
    );
    const overruled = (slot?.evidence ?? []).filter(
      (e) => e.state !== 'live' && e.value !== committed.value,
    );
    for (const e of overruled) {
      lines.push(
        `- "${e.value ?? '(none)'}" from ${e.sourceType} (${e.eventId}) is ${e.state}${e.stateBy ? ` by ${e.stateBy}` : ''}.`,
      );
    }
    // The reasons above are those of the decision that committed the value; evidence for another
    // value that arrived since and is still live contests it now, whatever they said then.
    const contrary = evidence.filter((e) => e.state === 'live' && e.value !== committed.value);
    for (const e of contrary) {
      lines.push(
        `- contested: "${e.value ?? '(none)'}" from ${e.source_type} (${e.event_id}, dated ${e.event_ts}) is live at ${e.score.toFixed(3)}.`,
      );
    }
  } else {
    lines.push(`${field} has no committed value (${current.status}).`);
    for (const e of slot?.evidence ?? []) {
      if (e.state === 'live') continue;
      const by = e.stateBy === null ? undefined : history.find((h) => h.eventId === e.stateBy);
      lines.push(
        `- "${e.value ?? '(none)'}" from ${e.sourceType} ${e.sourceRef} (${e.eventId}) is ${e.state}${e.stateBy ? ` by ${e.stateBy}` : ''}${by ? ` (${by.kind}, dated ${by.eventTs})` : ''}.`,
      );
    }
  }
  if (current.pending) {
    lines.push(
      `Awaiting review: "${current.pending.value ?? '(none)'}" at ${current.pending.confidence.toFixed(3)} (prompt ${current.pending.prompt_id}).`,
    );
  }
  return {
    entity_id: entityId,
    field,
    current,
    rule: committed?.rule ?? null,
    reasons: committed?.reasons ?? [],
    thresholds: committed?.thresholds ?? null,
    winning_event: committed
      ? {
          event_id: committed.eventId,
          source_type: committed.sourceType,
          source_ref: committed.sourceRef,
          event_ts: committed.validFrom,
        }
      : null,
    evidence,
    history,
    text: lines.join('\n'),
  };
}
