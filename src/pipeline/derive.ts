import {
  DEFAULT_ENTITY,
  deriveUuid,
  domainOf,
  MEMBER_SHARED_DOMAINS,
  messageSourceType,
  type SlotState,
  type SourceType,
  slotKey,
  type ValidationIssue,
} from '../core/index.js';
import {
  type EntityRegistry,
  type Extractor,
  type KnownSlot,
  memberGroupOf,
} from '../extract/index.js';
import { EVENT_TYPES, type LedgerEvent, toLedgerEvent } from '../ledger/index.js';
import {
  type MessageInput,
  type NoteInput,
  type StateObservation,
  validateObservation,
} from '../schemas/index.js';
import type { WriteTx } from '../stores/index.js';
import {
  type ApplyResult,
  type ApplySession,
  applyEvent,
  mergeApplyResults,
  NOTHING_APPLIED,
  previousStatement,
} from './apply.js';
import { CONFIRMED_ALIASES_KEY } from './fold-extensions.js';

/** How messages and notes become observations at live ingest. */
export interface ExtractionStep {
  readonly extractor: Extractor;
  /** Members, "we" groups and aliases from config (confirmed aliases are added from the ledger). */
  readonly registry: EntityRegistry;
}

/** Sources that are re-read documents: restating their own last value is not new evidence. */
const RESYNCED_SOURCES: ReadonlySet<SourceType> = new Set(['calendar', 'static_markdown']);

/** What deriving observations from one message or note did. */
interface DerivedReport {
  readonly result: ApplyResult;
  /** Observations the extractor produced that failed the schema (dead-lettered by the caller). */
  readonly invalid: readonly {
    readonly raw: string;
    readonly issues: readonly ValidationIssue[];
  }[];
  /** The extractor failed (a model timeout, an invalid answer): nothing was derived. */
  readonly failure: string | null;
}

interface Source {
  readonly text: string;
  readonly source: string;
  readonly sourceType: SourceType;
  readonly role: 'user' | 'assistant' | 'system';
  readonly entityId: string;
  readonly ref: string;
  readonly threadId: string | null;
  readonly title: string | undefined;
}

function sourceOf(event: LedgerEvent): Source | null {
  if (event.type === EVENT_TYPES.message) {
    const m = event.payload as unknown as MessageInput & { entity_id: string; source: string };
    return {
      text: m.content,
      source: m.source,
      sourceType: messageSourceType(m.source, m.role),
      role: m.role,
      entityId: m.entity_id,
      ref: `thread:${m.thread_id}:msg:${m.message_id}`,
      threadId: m.thread_id,
      title: undefined,
    };
  }
  if (event.type === EVENT_TYPES.note) {
    const n = event.payload as unknown as NoteInput & { entity_id: string };
    return {
      text: n.content,
      source: 'note',
      sourceType: 'static_markdown',
      role: 'user',
      entityId: n.entity_id ?? DEFAULT_ENTITY,
      ref: n.path.length > 300 ? n.path.slice(-300) : n.path,
      threadId: null,
      title: n.title ?? n.path,
    };
  }
  return null;
}

function knownOf(slots: readonly SlotState[]): KnownSlot[] {
  return slots.map((slot) => {
    const live = slot.evidence
      .filter((e) => e.state === 'live' && e.value !== null)
      .sort((a, b) => (a.eventTs < b.eventTs ? 1 : -1))[0];
    return {
      entityId: slot.entityId,
      field: slot.field,
      value: slot.committed?.value ?? live?.value ?? null,
      committed: slot.committed != null,
    };
  });
}

/** Whether the same re-read source already said exactly this about the slot last time. */
function restates(slot: SlotState | null, sourceType: SourceType, value: string | null): boolean {
  if (slot === null || !RESYNCED_SOURCES.has(sourceType)) return false;
  const own = slot.evidence
    .filter((e) => e.sourceType === sourceType)
    .sort((a, b) => (a.eventTs < b.eventTs ? 1 : a.eventTs > b.eventTs ? -1 : 0))[0];
  return own !== undefined && own.value === value;
}

/**
 * The household whose schedule and member slots a speaker's message may name: the family the
 * speaker's "we" means, else the family whose members list the speaker. Null in a group's own
 * thread (its slots are the thread's) and for a speaker in no family.
 */
function householdOf(entityId: string, registry: EntityRegistry): string | null {
  const group = registry.we[entityId] ?? memberGroupOf(entityId, registry);
  return group !== null && group !== entityId && group.startsWith('family:') ? group : null;
}

/**
 * The slots the extractor reads for a message in `entityId`'s thread: all of that entity's, and
 * the household's slots of the domains a spec shares with members (`sharedWithMembers`), so
 * whose a schedule entry is can be resolved on the entries the household already has.
 */
async function slotsFor(
  tx: WriteTx,
  entityId: string,
  registry: EntityRegistry,
): Promise<readonly SlotState[]> {
  const own = await tx.listSlots(entityId);
  const household = householdOf(entityId, registry);
  if (household === null) return own;
  const shared: SlotState[] = [];
  for (const domain of MEMBER_SHARED_DOMAINS) {
    shared.push(...(await tx.listDomainSlots(household, domain)));
  }
  return [...own, ...shared];
}

async function registryOf(tx: WriteTx, base: EntityRegistry): Promise<EntityRegistry> {
  const confirmed = (await tx.getMeta(CONFIRMED_ALIASES_KEY)) as Record<string, string> | null;
  if (confirmed === null) return base;
  return { ...base, aliases: { ...base.aliases, ...confirmed } };
}

/**
 * The withdrawals a bare retraction ("Scratch that.") makes of the previous statement in its
 * thread. A retraction that also says what replaces it ("Scratch that. We're going to Denver.")
 * changes only the slots it names (`bare` false): withdrawing the rest of the previous statement
 * would be a guess.
 */
async function retractionDrafts(
  tx: WriteTx,
  event: LedgerEvent,
  source: Source,
  tag: string,
  bare: boolean,
): Promise<Omit<StateObservation, 'bundle'>[]> {
  const previous =
    bare && source.threadId !== null
      ? await previousStatement(tx, source.threadId, source.sourceType)
      : null;
  if (previous === null) return [];
  const drafts: Omit<StateObservation, 'bundle'>[] = [];
  for (const target of previous.fields) {
    const domain = domainOf(target.field);
    if (domain === null) continue;
    drafts.push({
      event_id: deriveUuid(
        'extracted',
        event.eventId,
        tag,
        'retract',
        target.entityId,
        target.field,
      ),
      event_ts: event.eventTs,
      domain,
      entity_id: target.entityId,
      field: target.field,
      candidate_value: null,
      intent: 'retract',
      source: { type: source.sourceType, ref: previous.ref },
      extractor: tag,
    });
  }
  return drafts;
}

/**
 * Live only: runs the extractor on a message or note that was just applied, and appends what it
 * read as `observation.recorded` events with deterministic ids (the message's event id, the
 * extractor's `id@version`, the slot), one bundle per message, folded at once. Re-ingesting the
 * message is a duplicate and never reaches here, so evidence is never doubled; replay folds the
 * recorded events and never runs the extractor.
 */
export async function deriveObservations(
  tx: WriteTx,
  session: ApplySession,
  event: LedgerEvent,
  step: ExtractionStep,
): Promise<DerivedReport> {
  const source = sourceOf(event);
  if (source === null || source.role === 'system' || source.text.trim() === '') {
    return { result: NOTHING_APPLIED, invalid: [], failure: null };
  }
  const tag = `${step.extractor.id}@${step.extractor.version}`;
  const registry = await registryOf(tx, step.registry);
  const slots = await slotsFor(tx, source.entityId, registry);
  const extraction = await step.extractor.extract({
    text: source.text,
    at: event.eventTs,
    source: source.source,
    role: source.role,
    entityId: source.entityId,
    ...(source.title === undefined ? {} : { title: source.title }),
    known: knownOf(slots),
    registry,
  });
  if (!extraction.ok) {
    return { result: NOTHING_APPLIED, invalid: [], failure: extraction.error.message };
  }
  const drafts: Omit<StateObservation, 'bundle'>[] = await retractionDrafts(
    tx,
    event,
    source,
    tag,
    extraction.value.retractsPrevious && extraction.value.observations.length === 0,
  );
  const bySlot = new Map(slots.map((s) => [slotKey(s.entityId, s.field), s]));
  for (const o of extraction.value.observations) {
    const domain = domainOf(o.field);
    if (domain === null) continue;
    const slot =
      bySlot.get(slotKey(o.entityId, o.field)) ?? (await tx.getSlot(o.entityId, o.field));
    if (restates(slot, source.sourceType, o.value)) continue;
    drafts.push({
      event_id: deriveUuid('extracted', event.eventId, tag, o.entityId, o.field),
      event_ts: event.eventTs,
      domain,
      entity_id: o.entityId,
      field: o.field,
      candidate_value: o.value,
      intent: o.intent,
      source: { type: source.sourceType, ref: source.ref },
      extractor: tag,
      ...(o.confidence < 1 ? { extraction_confidence: o.confidence } : {}),
      ...(o.correction ? { correction: true } : {}),
    });
  }
  const bundleId = deriveUuid('bundle', event.eventId, tag);
  const results: ApplyResult[] = [];
  const invalid: { raw: string; issues: readonly ValidationIssue[] }[] = [];
  const valid: StateObservation[] = [];
  for (const draft of drafts) {
    const checked = validateObservation(draft);
    if (checked.ok) valid.push(checked.value);
    else
      invalid.push({
        raw: JSON.stringify({ type: 'observation', ...draft }),
        issues: checked.issues,
      });
  }
  for (const [index, observation] of valid.entries()) {
    const payload: StateObservation =
      valid.length > 1
        ? { ...observation, bundle: { id: bundleId, index, size: valid.length } }
        : observation;
    const derived = toLedgerEvent(
      { kind: 'observation', observation: payload },
      { recordedAt: event.recordedAt },
    );
    const appended = await tx.appendEvent(derived);
    if (appended.kind !== 'appended') continue;
    results.push(await applyEvent(tx, session, { ...derived, seq: appended.seq, redacted: false }));
  }
  return {
    // Derived events are observations, which never carry a refusal (only answers do).
    result: mergeApplyResults(results),
    invalid,
    failure: null,
  };
}
