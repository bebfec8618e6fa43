import { DEFAULT_ENTITY, type JsonObject, type JsonValue } from '../core/index.js';
import { askedBefore, maskSecrets, turnSide } from '../language/index.js';
import { EVENT_TYPES, type LedgerEvent } from '../ledger/index.js';
import type { StoreReader, WriteTx } from '../stores/index.js';
import type { FrictionFix } from './render.js';
import type { TranscriptEntry, TranscriptFormat } from './transcript.js';
import type {
  MemoryEntry,
  MemorySection,
  ObserverOutput,
  Proposal,
  ProposalDraft,
} from './types.js';

/** Payload of `session.captured`. */
export interface SessionCapturedPayload {
  readonly capture_key: string;
  readonly session_id: string;
  readonly trigger: string;
  readonly format: TranscriptFormat;
  readonly entity_id: string;
  readonly entries: readonly TranscriptEntry[];
  /** Set when `memory forget` recorded the capture again without what it forgot: its first capture. */
  readonly first_recorded_at?: string;
  /**
   * Set when a forget recorded the capture again: SHA-256 digests of the entries it left blank, of
   * the role and text of a long one holding no secret, else of its session, role, time and the
   * shape of its text, so a later capture whose lines moved is matched.
   */
  readonly forgotten_digests?: readonly string[];
  /**
   * Set when a forget recorded the capture again: how many times forgets have (1 for the first).
   * Event ids derive from the payload, so without it a forget that leaves what the one before it
   * recorded (it blanks nothing new here) would repeat a redacted event's id and not be recorded.
   */
  readonly restoration?: number;
}

/** A capture as kept in derived state (without its entries). */
export interface CaptureRecord {
  readonly capture_key: string;
  readonly session_id: string;
  readonly trigger: string;
  readonly format: TranscriptFormat;
  readonly entity_id: string;
  readonly entry_count: number;
  readonly first_entry_at: string | null;
  readonly captured_at: string;
  readonly event_id: string;
  readonly observed: boolean;
}

/** Observations of one capture as kept in derived state. */
export interface StoredObservations extends ObserverOutput {
  readonly recorded_at: string;
  readonly event_id: string;
  /**
   * Set when a forget recorded the observations again, with its capture's `restoration`: a forget
   * of a line nothing was drawn from leaves them as the forget before it did, and without it they
   * would repeat that (redacted) event's id, be refused, and leave the capture unobserved.
   */
  readonly restoration?: number;
}

/** Payload of `proposal.resolved`. */
export interface ProposalResolvedPayload {
  readonly proposal_id: string;
  readonly action: 'approved' | 'rejected' | 'edited' | 'expired';
  readonly text?: string;
  readonly section?: MemorySection;
  readonly reason?: string;
}

/** Retention marks: observation id → what the policy did to it. */
export type RetentionMarks = Readonly<Record<string, 'pruned' | 'archived'>>;

/** Meta keys of the observer's derived state (in `meta`, so both stores and rebuilds keep it). */
export const OBSERVER_KEYS = {
  captures: 'observer:captures',
  observations: (captureKey: string) => `observer:observations:${captureKey}`,
  proposals: 'observer:proposals',
  memory: 'observer:memory',
  reflections: 'observer:reflections',
  retention: 'observer:retention',
  friction: 'observer:friction',
} as const;

function json<T>(value: T): JsonValue {
  return value as unknown as JsonValue;
}

async function list<T>(reader: StoreReader, key: string): Promise<T[]> {
  return ((await reader.getMeta(key)) as unknown as T[] | null) ?? [];
}

/** Captures, oldest first. */
export function readCaptures(reader: StoreReader): Promise<CaptureRecord[]> {
  return list<CaptureRecord>(reader, OBSERVER_KEYS.captures);
}

/** The observations of one capture, or null before the observer ran. */
export async function readObservations(
  reader: StoreReader,
  captureKey: string,
): Promise<StoredObservations | null> {
  return (await reader.getMeta(
    OBSERVER_KEYS.observations(captureKey),
  )) as unknown as StoredObservations | null;
}

/** Every proposal, in id order. */
export function readProposals(reader: StoreReader): Promise<Proposal[]> {
  return list<Proposal>(reader, OBSERVER_KEYS.proposals);
}

/** Every promoted entry (active and retired), in id order. */
export function readMemory(reader: StoreReader): Promise<MemoryEntry[]> {
  return list<MemoryEntry>(reader, OBSERVER_KEYS.memory);
}

/** When each of the last 50 reflections that read all their input ran (RFC 3339), oldest first. */
export async function readReflectionTimes(reader: StoreReader): Promise<string[]> {
  const runs = await list<{ at?: unknown; over_budget?: unknown }>(
    reader,
    OBSERVER_KEYS.reflections,
  );
  // A run over the MEMORY.md budget held its proposals back: what it read is still unread.
  return runs
    .filter((r) => r.over_budget === undefined || r.over_budget === null)
    .map((r) => r.at)
    .filter((at): at is string => typeof at === 'string');
}

/** Retention marks. */
export async function readRetention(reader: StoreReader): Promise<RetentionMarks> {
  return (
    ((await reader.getMeta(OBSERVER_KEYS.retention)) as unknown as RetentionMarks | null) ?? {}
  );
}

/** The latest friction fixes. */
export async function readFriction(reader: StoreReader): Promise<FrictionFix[]> {
  const value = (await reader.getMeta(OBSERVER_KEYS.friction)) as unknown as {
    fixes: FrictionFix[];
  } | null;
  return value?.fixes ?? [];
}

/** `m-` + the proposal id's date and number: the entry's id is stable and readable. */
export function memoryIdOf(proposalId: string): string {
  return `m-${proposalId.slice(2)}`;
}

async function putProposals(tx: WriteTx, proposals: Proposal[]): Promise<void> {
  proposals.sort((a, b) => a.proposal_id.localeCompare(b.proposal_id));
  await tx.putMeta(OBSERVER_KEYS.proposals, json(proposals));
}

async function foldResolved(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload as unknown as ProposalResolvedPayload;
  const proposals = await readProposals(tx);
  const index = proposals.findIndex((x) => x.proposal_id === p.proposal_id);
  const proposal = proposals[index];
  if (proposal === undefined || proposal.status !== 'pending') return;
  const events = [...proposal.event_ids, event.eventId];
  if (p.action === 'edited') {
    const section = p.section ?? proposal.section;
    // A rule moved into Hard Rules is a P0 constraint; one moved out of it is no longer P0.
    const moved =
      section === proposal.section
        ? {}
        : section === 'Hard Rules'
          ? { type: 'constraint' as const, memory_priority: 'P0' as const }
          : proposal.memory_priority === 'P0'
            ? { memory_priority: 'P1' as const }
            : {};
    proposals[index] = {
      ...proposal,
      text: p.text ?? proposal.text,
      section,
      ...moved,
      event_ids: events,
    };
    await putProposals(tx, proposals);
    return;
  }
  const memoryId = p.action === 'approved' ? memoryIdOf(proposal.proposal_id) : null;
  proposals[index] = {
    ...proposal,
    status: p.action,
    resolved_at: event.eventTs,
    memory_id: proposal.kind === 'update' ? memoryId : null,
    event_ids: events,
  };
  await putProposals(tx, proposals);
  if (p.action !== 'approved') return;
  const memory = await readMemory(tx);
  if (proposal.kind === 'consolidation') {
    const retire = new Set(proposal.retire_memory_ids);
    await tx.putMeta(
      OBSERVER_KEYS.memory,
      json(
        memory.map((m) =>
          retire.has(m.memory_id) && m.status === 'active'
            ? { ...m, status: 'retired', retired_at: event.eventTs }
            : m,
        ),
      ),
    );
    return;
  }
  const entry: MemoryEntry = {
    memory_id: memoryIdOf(proposal.proposal_id),
    section: proposal.section,
    text: proposal.text,
    type: proposal.type,
    memory_priority: proposal.memory_priority,
    proposal_id: proposal.proposal_id,
    source_observation_ids: proposal.source_observation_ids,
    promoted_at: event.eventTs,
    status: 'active',
    retired_at: null,
    event_ids: events,
  };
  const next = [...memory.filter((m) => m.memory_id !== entry.memory_id), entry].sort((a, b) =>
    a.memory_id.localeCompare(b.memory_id),
  );
  await tx.putMeta(OBSERVER_KEYS.memory, json(next));
}

/**
 * Records a capture once (by capture key) and its user and assistant turns as thread messages,
 * their secrets masked.
 */
async function foldSessionCaptured(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const payload = event.payload as unknown as SessionCapturedPayload;
  const captures = await readCaptures(tx);
  if (captures.some((c) => c.capture_key === payload.capture_key)) return;
  const record: CaptureRecord = {
    capture_key: payload.capture_key,
    session_id: payload.session_id,
    trigger: payload.trigger,
    format: payload.format,
    entity_id: payload.entity_id,
    entry_count: payload.entries.length,
    first_entry_at: payload.entries.find((e) => e.at !== null)?.at ?? null,
    captured_at: payload.first_recorded_at ?? event.recordedAt,
    event_id: event.eventId,
    observed: false,
  };
  await tx.putMeta(OBSERVER_KEYS.captures, json([...captures, record]));
  const turns = payload.entries.map((e) => ({ side: turnSide(e.role), text: e.text }));
  for (const [i, entry] of payload.entries.entries()) {
    // An empty entry is the placeholder `memory forget` leaves of a forgotten message.
    if ((entry.role !== 'user' && entry.role !== 'assistant') || entry.text === '') continue;
    await tx.putMessage({
      threadId: `session:${payload.session_id}`,
      messageId: entry.id,
      eventId: event.eventId,
      entityId: payload.entity_id,
      role: entry.role,
      // Stored, and so indexed, as every surface shows it: a search for a secret's value finds
      // nothing to test a guess against. The capture's event keeps the text as said.
      content: maskSecrets(entry.text, askedBefore(turns, i)),
      createdAt: entry.at ?? event.eventTs,
      source: 'session',
    });
  }
}

/** Stores a capture's observations, indexes them for search and marks the capture observed. */
async function foldObservationsRecorded(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const output = event.payload as unknown as ObserverOutput;
  const stored: StoredObservations = {
    ...output,
    recorded_at: output.first_recorded_at ?? event.recordedAt,
    event_id: event.eventId,
  };
  await tx.putMeta(OBSERVER_KEYS.observations(output.capture_key), json(stored));
  const captures = await readCaptures(tx);
  const entityId = captures.find((c) => c.capture_key === output.capture_key)?.entity_id;
  // Observations join the shared search index (`verity search --kind observation`).
  for (const segment of output.segments) {
    for (const o of segment.observations) {
      await tx.indexDocument({
        kind: 'observation',
        threadId: `session:${output.session_id}`,
        itemId: o.observation_id,
        messageId: o.source_message_ids.at(-1) ?? null,
        entityId: entityId ?? DEFAULT_ENTITY,
        createdAt: o.at ?? event.eventTs,
        text: o.text,
      });
    }
  }
  await tx.putMeta(
    OBSERVER_KEYS.captures,
    json(
      captures.map((c) => (c.capture_key === output.capture_key ? { ...c, observed: true } : c)),
    ),
  );
}

/** Keeps the last 50 reflection summaries. */
async function foldReflectionCompleted(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const runs = await list<JsonObject>(tx, OBSERVER_KEYS.reflections);
  const summary = { ...event.payload, event_id: event.eventId, at: event.eventTs };
  await tx.putMeta(OBSERVER_KEYS.reflections, json([...runs, summary].slice(-50)));
}

/** Adds a pending proposal once (by proposal id). */
async function foldProposalStaged(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const draft = event.payload as unknown as ProposalDraft;
  const proposals = await readProposals(tx);
  if (proposals.some((x) => x.proposal_id === draft.proposal_id)) return;
  proposals.push({
    ...draft,
    status: 'pending',
    staged_at: event.eventTs,
    resolved_at: null,
    memory_id: null,
    event_ids: [event.eventId],
  });
  await putProposals(tx, proposals);
}

/** Retires one active memory entry. */
async function foldMemoryRetired(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const memoryId = String(event.payload['memory_id']);
  const memory = await readMemory(tx);
  await tx.putMeta(
    OBSERVER_KEYS.memory,
    json(
      memory.map((m) =>
        m.memory_id === memoryId && m.status === 'active'
          ? {
              ...m,
              status: 'retired',
              retired_at: event.eventTs,
              event_ids: [...m.event_ids, event.eventId],
            }
          : m,
      ),
    ),
  );
}

/** Marks observations pruned or archived (pruned wins over archived). */
async function foldRetentionApplied(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload;
  const marks: Record<string, 'pruned' | 'archived'> = { ...(await readRetention(tx)) };
  for (const id of (p['pruned'] as string[] | undefined) ?? []) marks[id] = 'pruned';
  for (const id of (p['archived'] as string[] | undefined) ?? []) marks[id] ??= 'archived';
  await tx.putMeta(OBSERVER_KEYS.retention, json(marks));
}

/** Keeps the latest friction analysis. */
async function foldFrictionAnalyzed(tx: WriteTx, event: LedgerEvent): Promise<void> {
  await tx.putMeta(OBSERVER_KEYS.friction, json({ ...event.payload, event_id: event.eventId }));
}

/** Payload of `memory_zone.edited`: the zone's bytes differ from what Verity last wrote there. */
export interface MemoryZoneEditedPayload {
  /** MEMORY.md, relative to the workspace. */
  readonly file: string;
  readonly zone_id: string;
  /** Hash of the zone as found, and as Verity last wrote it. */
  readonly found_hash: string;
  readonly written_hash: string;
  readonly at: string;
}

/** Payload of `memory_zone.resolved`. */
export interface MemoryZoneResolvedPayload {
  /** The `state_zone_edit` row the resolution closes. */
  readonly error_id: string;
  readonly zone_id: string;
  /** `adopted`: the edit became memory; `overwritten`: Verity's entries replaced it. */
  readonly action: 'adopted' | 'overwritten';
  readonly at: string;
}

/** The id of the `state_zone_edit` row a `memory_zone.edited` event raises. */
export function memoryZoneErrorId(eventId: string): string {
  return `pe-memory-zone-${eventId}`;
}

/** Raises the `state_zone_edit` row of a hand edit kept inside a MEMORY.md zone. */
async function foldZoneEdited(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload as unknown as MemoryZoneEditedPayload;
  await tx.vault.putPredictionError({
    errorId: memoryZoneErrorId(event.eventId),
    errorType: 'state_zone_edit',
    memoryId: null,
    notePath: p.file,
    query: `zone:${p.zone_id}`,
    distance: null,
    passageThen: null,
    passageNow: null,
    detail: `manual edit inside MEMORY.md zone ${p.zone_id} was kept; Verity leaves the zone as edited until the edit is resolved (verity memory resolve-edit ${p.zone_id} --adopt|--overwrite)`,
    detectedAt: event.eventTs,
    lastSeenAt: event.eventTs,
    resolvedAt: null,
  });
}

/** Closes the row a zone-edit resolution names. */
async function foldZoneResolved(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload as unknown as MemoryZoneResolvedPayload;
  const row = await tx.vault.getPredictionError(p.error_id);
  if (row === null || row.resolvedAt !== null) return;
  await tx.vault.putPredictionError({
    ...row,
    detail: `${row.detail} — resolved: ${p.action}`,
    resolvedAt: event.eventTs,
  });
}

/** The observer's fold, one handler per event type. */
const OBSERVER_FOLDS: ReadonlyMap<string, (tx: WriteTx, event: LedgerEvent) => Promise<void>> =
  new Map([
    [EVENT_TYPES.sessionCaptured, foldSessionCaptured],
    [EVENT_TYPES.observationsRecorded, foldObservationsRecorded],
    [EVENT_TYPES.reflectionCompleted, foldReflectionCompleted],
    [EVENT_TYPES.proposalStaged, foldProposalStaged],
    [EVENT_TYPES.proposalResolved, foldResolved],
    [EVENT_TYPES.memoryRetired, foldMemoryRetired],
    [EVENT_TYPES.retentionApplied, foldRetentionApplied],
    [EVENT_TYPES.frictionAnalyzed, foldFrictionAnalyzed],
    [EVENT_TYPES.memoryZoneEdited, foldZoneEdited],
    [EVENT_TYPES.memoryZoneResolved, foldZoneResolved],
  ]);

/**
 * Folds the observer's events into derived state (kept in `meta`, so it rebuilds from the ledger
 * in both stores). Captured user and assistant messages also become thread messages
 * (`session:<id>`), searchable like any conversation. Returns false for other event types.
 */
export async function foldObserverEvent(tx: WriteTx, event: LedgerEvent): Promise<boolean> {
  const fold = OBSERVER_FOLDS.get(event.type);
  if (fold === undefined) return false;
  await fold(tx, event);
  return true;
}
