import type { JsonObject } from './canonical-json.js';
import type { Domain, Intent, SourceType } from './vocabulary.js';

/** How a slot's current value was decided. */
export type DecisionRule =
  | 'auto_commit'
  | 'bootstrap'
  | 'user_confirmed'
  | 'user_edited'
  | 're_resolved'
  | 'cleared';

/** The resolver's verdict for one observation (seed 000 §6). */
export type Decision = 'auto_commit' | 'ask_user' | 'tentative_reject';

/** Why evidence no longer competes for a slot. */
export type EvidenceState = 'live' | 'superseded' | 'withdrawn' | 'rejected' | 'history_only';

/** One piece of evidence about one slot: an observation after validation. */
export interface Evidence {
  readonly eventId: string;
  /** The candidate value; null only for a retraction. */
  readonly value: string | null;
  readonly sourceType: SourceType;
  readonly sourceRef: string;
  readonly intent: Intent;
  readonly eventTs: string;
  readonly recordedAt: string;
  /** Distinct explicit corroborators named by the observation. */
  readonly corroborators: number;
  /** The user marked this as a correction of what the other sources say. */
  readonly correction: boolean;
  /** Extractor confidence in [0, 1]; 1 when a person or a signal stated it directly. */
  readonly extractionConfidence: number;
  /** Extractor id@version that produced the observation, if any. */
  readonly extractor: string | null;
  readonly state: EvidenceState;
  /** The event that superseded, withdrew or rejected this evidence. */
  readonly stateBy: string | null;
}

/** The value a slot currently holds, with the provenance that put it there. */
export interface CommittedValue {
  readonly value: string | null;
  readonly confidence: number;
  readonly margin: number;
  readonly rule: DecisionRule;
  /** The evidence whose value won. */
  readonly eventId: string;
  readonly sourceType: SourceType;
  readonly sourceRef: string;
  /** When the winning evidence says the value became true (its event_ts). */
  readonly validFrom: string;
  /** recorded_at of the event whose resolution committed the value. */
  readonly decidedAt: string;
  /** Latest event_ts of any live evidence agreeing with the value. */
  readonly lastEvidenceAt: string;
  readonly supportingEventIds: readonly string[];
  readonly reasons: readonly string[];
  readonly thresholds: { readonly ask: number; readonly auto: number; readonly margin: number };
  /** Seeded from weak evidence below the ask threshold. */
  readonly lowConfidence: boolean;
}

/** A proposal waiting for the user. */
export interface PendingProposal {
  readonly promptId: string;
  readonly value: string | null;
  readonly confidence: number;
}

/** Everything Verity knows about one `(entity, field)` slot. */
export interface SlotState {
  readonly entityId: string;
  readonly field: string;
  readonly domain: Domain;
  /** Increments each time the committed value changes. */
  readonly version: number;
  readonly committed: CommittedValue | null;
  readonly evidence: readonly Evidence[];
  readonly pending: PendingProposal | null;
}

/** The key of an entity's field in a map of slots (NUL cannot stand in either). */
export function slotKey(entityId: string, field: string): string {
  return `${entityId}\u0000${field}`;
}

/** An empty slot. */
export function emptySlot(entityId: string, field: string, domain: Domain): SlotState {
  return { entityId, field, domain, version: 0, committed: null, evidence: [], pending: null };
}

/** One line of a slot's history: what happened and what the slot held afterwards. */
export interface HistoryEntry {
  readonly entityId: string;
  readonly field: string;
  readonly eventId: string;
  /** recorded_at of the event; belief time for `--at`. */
  readonly recordedAt: string;
  readonly eventTs: string;
  readonly kind:
    | 'observed'
    | 'committed'
    | 'asked'
    | 'tentative'
    | 'retracted'
    | 'confirmed'
    | 'rejected'
    | 'edited'
    | 'forgotten'
    | 'expired';
  readonly decision: Decision | null;
  readonly value: string | null;
  readonly confidence: number;
  readonly reasons: readonly string[];
  /** The committed value after this entry, for belief-time reads. */
  readonly committedAfter: string | null;
  readonly versionAfter: number;
  readonly details: JsonObject;
}
