import type { Domain } from './vocabulary.js';

/** Every `PromptStatus`, in lifecycle order: the one list surfaces offer and validate against. */
export const PROMPT_STATUSES = [
  'queued',
  'open',
  'confirmed',
  'rejected',
  'edited',
  'expired',
  'superseded',
] as const;

/** Lifecycle of a review prompt. `queued` prompts wait behind `max_pending` open ones. */
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** A question to the user about one proposed state change (the review band). */
export interface ReviewPrompt {
  readonly promptId: string;
  readonly entityId: string;
  readonly domain: Domain;
  readonly field: string;
  readonly proposedValue: string | null;
  readonly currentValue: string | null;
  /** Human form, e.g. `travel.status: planned -> in_progress`. */
  readonly proposedChange: string;
  readonly confidence: number;
  readonly reasons: readonly string[];
  /** The slot version the prompt was raised against; answers against another version are stale. */
  readonly slotVersion: number;
  /** The evidence events that support the proposal. */
  readonly evidenceEventIds: readonly string[];
  /** recorded_at of the event that raised the prompt. */
  readonly createdAt: string;
  /** Order in which prompts were raised (ties on `createdAt` are common in one batch). */
  readonly sequence: number;
  readonly expiresAt: string;
  readonly status: PromptStatus;
  /** The event that answered, expired or superseded the prompt. */
  readonly closedBy: string | null;
  readonly closedAt: string | null;
  /** Where the prompt came from: raised by the resolver, or ingested from outside. */
  readonly origin: 'resolver' | 'external';
}
