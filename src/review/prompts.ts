import {
  HOUR_MS,
  type Policy,
  type PromptRequest,
  type PromptStatus,
  type ReviewPrompt,
  type SlotState,
  toIso,
} from '../core/index.js';
import type { WriteTx } from '../stores/index.js';

const NEXT_EXPIRY_KEY = 'review:next_expiry';
const SEQUENCE_KEY = 'review:sequence';

function change(field: string, from: string | null, to: string | null): string {
  return `${field}: ${from ?? '(none)'} -> ${to ?? '(none)'}`;
}

const OPEN_KEY = 'review:open';
const QUEUED_KEY = 'review:queued';

// Counts kept in meta so that raising a prompt never scans the prompts table.
async function counter(tx: WriteTx, key: string): Promise<number> {
  return Number((await tx.getMeta(key)) ?? 0);
}

async function bump(tx: WriteTx, key: string, delta: number): Promise<void> {
  await tx.putMeta(key, Math.max(0, (await counter(tx, key)) + delta));
}

async function noteExpiry(tx: WriteTx, expiresAt: string): Promise<void> {
  const current = await tx.getMeta(NEXT_EXPIRY_KEY);
  if (typeof current !== 'string' || expiresAt < current)
    await tx.putMeta(NEXT_EXPIRY_KEY, expiresAt);
}

/**
 * Raises a prompt for the review band. At most `max_pending` prompts are open at once; the rest
 * wait as `queued`, in order, and open as earlier ones close. Nothing is dropped. The expiry clock
 * of a queued prompt starts when it opens.
 */
export async function raisePrompt(
  tx: WriteTx,
  request: PromptRequest,
  slot: SlotState,
  policy: Policy,
  raisedAt: string,
  now: number,
  origin: ReviewPrompt['origin'] = 'resolver',
): Promise<ReviewPrompt> {
  const open = (await counter(tx, OPEN_KEY)) < policy.review.maxPending;
  const sequence = Number((await tx.getMeta(SEQUENCE_KEY)) ?? 0) + 1;
  await tx.putMeta(SEQUENCE_KEY, sequence);
  const expiresAt = toIso(now + policy.review.expiryHours * HOUR_MS);
  const prompt: ReviewPrompt = {
    promptId: request.promptId,
    entityId: slot.entityId,
    domain: slot.domain,
    field: slot.field,
    proposedValue: request.value,
    currentValue: request.currentValue,
    proposedChange: change(slot.field, request.currentValue, request.value),
    confidence: request.confidence,
    reasons: request.reasons.slice(0, 5).map((r) => (r.length > 160 ? `${r.slice(0, 157)}...` : r)),
    slotVersion: request.slotVersion,
    evidenceEventIds: request.evidenceEventIds,
    createdAt: raisedAt,
    sequence,
    expiresAt,
    status: open ? 'open' : 'queued',
    closedBy: null,
    closedAt: null,
    origin,
  };
  await tx.putPrompt(prompt);
  await bump(tx, open ? OPEN_KEY : QUEUED_KEY, 1);
  if (open) await noteExpiry(tx, expiresAt);
  return prompt;
}

/** Opens queued prompts, oldest first, while there is room under `max_pending`. */
export async function promoteQueued(tx: WriteTx, policy: Policy, now: number): Promise<void> {
  let room = policy.review.maxPending - (await counter(tx, OPEN_KEY));
  if (room <= 0 || (await counter(tx, QUEUED_KEY)) === 0) return;
  const queued = await tx.listPrompts({ status: ['queued'], limit: room });
  for (const prompt of queued) {
    if (room <= 0) break;
    const expiresAt = toIso(now + policy.review.expiryHours * HOUR_MS);
    await tx.putPrompt({ ...prompt, status: 'open', expiresAt });
    await bump(tx, QUEUED_KEY, -1);
    await bump(tx, OPEN_KEY, 1);
    await noteExpiry(tx, expiresAt);
    room -= 1;
  }
}

/** Closes a prompt (answered, expired or superseded), clears its slot's pending mark, and promotes. */
export async function closePrompt(
  tx: WriteTx,
  promptId: string,
  status: Exclude<PromptStatus, 'open' | 'queued'>,
  closedBy: string,
  closedAt: string,
): Promise<ReviewPrompt | null> {
  const prompt = await tx.getPrompt(promptId);
  if (!prompt || (prompt.status !== 'open' && prompt.status !== 'queued')) return null;
  const closed: ReviewPrompt = { ...prompt, status, closedBy, closedAt };
  await tx.putPrompt(closed);
  await bump(tx, prompt.status === 'open' ? OPEN_KEY : QUEUED_KEY, -1);
  const slot = await tx.getSlot(prompt.entityId, prompt.field);
  if (slot?.pending?.promptId === promptId) await tx.putSlot({ ...slot, pending: null });
  return closed;
}

/** Stores a prompt that an answer closed (its slot is written by the caller). */
export async function recordAnswered(
  tx: WriteTx,
  previous: ReviewPrompt,
  closed: ReviewPrompt,
): Promise<void> {
  await tx.putPrompt(closed);
  if (previous.status === 'open' || previous.status === 'queued') {
    await bump(tx, previous.status === 'open' ? OPEN_KEY : QUEUED_KEY, -1);
  }
}

/**
 * Expires open prompts whose time has passed at `now`. Cheap when nothing is due: the earliest
 * expiry is kept in meta.
 */
export async function expireDue(
  tx: WriteTx,
  policy: Policy,
  now: number,
  causedBy: string,
): Promise<readonly ReviewPrompt[]> {
  const next = await tx.getMeta(NEXT_EXPIRY_KEY);
  const nowIso = toIso(now);
  if (typeof next !== 'string' || next > nowIso) return [];
  const expired: ReviewPrompt[] = [];
  let earliest: string | null = null;
  for (const prompt of await tx.listPrompts({ status: ['open'] })) {
    if (prompt.expiresAt <= nowIso) {
      const closed = await closePrompt(tx, prompt.promptId, 'expired', causedBy, nowIso);
      if (closed) expired.push(closed);
    } else if (earliest === null || prompt.expiresAt < earliest) {
      earliest = prompt.expiresAt;
    }
  }
  await tx.putMeta(NEXT_EXPIRY_KEY, earliest);
  await promoteQueued(tx, policy, now);
  return expired;
}

/** Whether a prompt still waits for an answer at `now` (expiry is applied lazily on writes). */
export function isAwaiting(prompt: ReviewPrompt, now: number): boolean {
  return prompt.status === 'queued' || (prompt.status === 'open' && prompt.expiresAt > toIso(now));
}
