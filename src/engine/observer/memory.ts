// Promoted MEMORY.md entries: listing, retiring and forgetting.
import { EngineError } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import { type MemoryEntry, readMemory } from '../../observer/index.js';
import type { ForgetResult } from '../../pipeline/index.js';
import { dropFromHeldZone, writeMemory, writeReview } from './files.js';
import { notFound, type ObserverRuntime, toMemoryView } from './runtime.js';
import type { MemoryEntryView } from './types.js';

/** A promoted entry by id; NOT_FOUND otherwise. */
export async function findMemory(rt: ObserverRuntime, memoryId: string): Promise<MemoryEntry> {
  const entry = (await readMemory(rt.store)).find((m) => m.memory_id === memoryId);
  if (entry === undefined) throw notFound('memory entry', memoryId);
  return entry;
}

/** Active promoted entries (every entry with `all`). */
export async function listMemory(
  rt: ObserverRuntime,
  all = false,
): Promise<readonly MemoryEntryView[]> {
  return (await readMemory(rt.store)).filter((m) => all || m.status === 'active').map(toMemoryView);
}

/** Retires an active entry, drops its memory and rewrites MEMORY.md. */
export async function retireMemory(
  rt: ObserverRuntime,
  memoryId: string,
  reason?: string,
): Promise<MemoryEntryView> {
  const entry = await findMemory(rt, memoryId);
  if (entry.status === 'retired') {
    throw new EngineError('CONFLICT', `memory entry ${memoryId} is already retired`, {
      memory_id: memoryId,
    });
  }
  await rt.record(EVENT_TYPES.memoryRetired, {
    memory_id: memoryId,
    reason: reason ?? 'retired on request',
  });
  await rt.memories?.retired(memoryId, reason ?? 'retired on request');
  await writeMemory(rt);
  return toMemoryView(await findMemory(rt, memoryId));
}

/** Redacts the entry's proposal and resolution events and rewrites MEMORY.md and REVIEW.md. */
export async function forgetMemory(
  rt: ObserverRuntime,
  memoryId: string,
  reason?: string,
): Promise<ForgetResult> {
  const entry = await findMemory(rt, memoryId);
  let last: ForgetResult | null = null;
  for (const eventId of entry.event_ids) {
    last = await rt.forget({ kind: 'event', eventId }, reason ?? 'memory forgotten on request');
  }
  await rt.memories?.forgotten(memoryId, reason ?? 'memory forgotten on request');
  await dropFromHeldZone(rt, memoryId);
  await writeMemory(rt);
  await writeReview(rt);
  if (last === null) throw notFound('memory events of', memoryId);
  return last;
}
