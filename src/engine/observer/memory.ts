// Promoted MEMORY.md entries: listing, retiring and forgetting.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError, type JsonObject } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  type ForgetCaptureInput,
  type MemoryEntry,
  type MemoryForgetPlan,
  planMemoryForget,
  planMessageForget,
  readCaptures,
  readMemory,
  readObservations,
  readProposals,
  type SessionCapturedPayload,
} from '../../observer/index.js';
import { type ForgetResult, recordEvent } from '../../pipeline/index.js';
import { eachEvent } from '../../stores/index.js';
import { readTextFile, writeTextFile } from '../../vault/index.js';
import { promotedMemoryId } from '../vault/memories.js';
import { dropFromHeldZone, writeMemory, writeReview } from './files.js';
import {
  type DerivedPassages,
  derivedPassages,
  forgottenDigests,
  scrubDailyLog,
  withoutAnswersOf,
  withoutDerived,
} from './forgotten.js';
import { notFound, type ObserverRuntime, toMemoryView } from './runtime.js';
import type { MemoryEntryView, MemoryForgetResult } from './types.js';

/**
 * A promoted entry by its id (`m-…`) or by the id of the memory it was promoted to (`mem_…`, the id
 * search and ask show for it); NOT_FOUND otherwise.
 */
export async function findMemory(rt: ObserverRuntime, memoryId: string): Promise<MemoryEntry> {
  const entries = await readMemory(rt.store);
  const entry =
    entries.find((m) => m.memory_id === memoryId) ??
    entries.find((m) => promotedMemoryId(m.memory_id) === memoryId);
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
  const id = entry.memory_id;
  if (entry.status === 'retired') {
    throw new EngineError('CONFLICT', `memory entry ${id} is already retired`, { memory_id: id });
  }
  await rt.record(EVENT_TYPES.memoryRetired, {
    memory_id: id,
    reason: reason ?? 'retired on request',
  });
  await rt.memories?.retired(id, reason ?? 'retired on request');
  await writeMemory(rt);
  return toMemoryView(await findMemory(rt, id));
}

/**
 * Forgets a promoted entry everywhere its text was kept (as `verity forget` does: redacted in the
 * ledger): its proposal and resolution events, its source observations, the passages of the
 * captured messages carrying it (the rest of each capture is recorded again), reflection and
 * friction records quoting it, and the daily logs; then rewrites MEMORY.md and REVIEW.md. When a
 * message it came from must go whole and other entries were drawn from it, nothing is done unless
 * `also` is set: the CONFLICT names them (`verity memory forget … --yes`).
 */
export async function forgetMemory(
  rt: ObserverRuntime,
  typedId: string,
  reason?: string,
  options: { readonly also?: boolean } = {},
): Promise<MemoryForgetResult> {
  const entry = await findMemory(rt, typedId);
  const memoryId = entry.memory_id;
  const why = reason ?? 'memory forgotten on request';
  const inputs = await forgetInputs(rt);
  const records = await quotingRecords(rt);
  const planned = planMemoryForget(entry, inputs, await readProposals(rt.store), records);
  const others = await collateral(rt, planned.memory_ids);
  if (others.length > 0 && options.also !== true) {
    const named = others.map((m) => `${m.memory_id} ("${m.text}")`).join(', ');
    throw new EngineError(
      'CONFLICT',
      `forgetting ${memoryId} also forgets ${named}: drawn from a message that goes whole. Run again with --yes to forget them too.`,
      { memory_id: memoryId, also_forgets: others.map((m) => m.memory_id).join(', ') },
    );
  }
  const { plan, derived } = widened(planned, inputs, records);
  const redactedMessages = changedMessages(plan, inputs);
  const events = [...plan.redact_event_ids, ...plan.captures.flatMap((c) => c.redact_event_ids)];
  let last: ForgetResult | null = null;
  for (const eventId of events) {
    const event = await rt.store.getEvent(eventId);
    if (event === null || event.redacted) continue;
    last = await rt.forget({ kind: 'event', eventId }, why);
  }
  await restoreCaptures(rt, plan, inputs);
  for (const id of [memoryId, ...plan.memory_ids]) await rt.memories?.forgotten(id, why);
  await scrubDailyLogs(rt, plan.texts, derived);
  await dropFromHeldZone(rt, memoryId);
  await writeMemory(rt);
  await writeReview(rt);
  await rt.afterForget();
  if (last === null) throw notFound('memory events of', memoryId);
  return {
    ...last,
    memories_forgotten: [memoryId, ...plan.memory_ids.filter((id) => id !== memoryId)],
    messages_redacted: redactedMessages,
  };
}

/** The promoted entries (of `ids`) a forget would take besides the one named. */
async function collateral(rt: ObserverRuntime, ids: readonly string[]): Promise<MemoryEntry[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  return (await readMemory(rt.store)).filter((m) => wanted.has(m.memory_id));
}

/** The captured messages a plan rewrites, as `session:<id>/<entry>`, sorted. */
function changedMessages(plan: MemoryForgetPlan, inputs: readonly ForgetCaptureInput[]): string[] {
  const changed = new Set<string>();
  for (const c of plan.captures) {
    const original = inputs.find((i) => c.redact_event_ids.includes(i.capture_event_id));
    c.capture.entries.forEach((e, k) => {
      if (e.text !== original?.payload.entries[k]?.text) {
        changed.add(`session:${c.capture.session_id}/${e.id}`);
      }
    });
  }
  return [...changed].sort();
}

/**
 * Forgets one captured entry (`verity forget --message session:<id>/<entry>`), which has no event
 * of its own: every capture of the session holding it is redacted and recorded again with the
 * entry (and any reply only it made secret) as an empty placeholder, as `memory forget` does; the
 * observations read from it, the proposals and promoted entries made from those, and its passages
 * in the daily logs go with it, and the state read from it is re-derived. The placeholder keeps a
 * redelivered transcript from bringing the text back (see `withoutForgotten` in `observe.ts`).
 * Returns null when the session holds no such entry; throws NOT_FOUND (`already_forgotten`) when it
 * holds it only as a forget's placeholder.
 */
export async function forgetCapturedMessage(
  rt: ObserverRuntime,
  sessionId: string,
  entryId: string,
  reason: string,
): Promise<ForgetResult | null> {
  const inputs = (await forgetInputs(rt)).filter((i) => i.payload.session_id === sessionId);
  const records = await quotingRecords(rt);
  const proposals = await readProposals(rt.store);
  const planned = planMessageForget(sessionId, entryId, inputs, proposals, records);
  if (planned.captures.length === 0) {
    // Held only as the placeholder an earlier forget left: say so, rather than "nothing matches".
    const held = inputs.some((i) => i.payload.entries.some((e) => e.id === entryId));
    if (!held) return null;
    throw new EngineError(
      'NOT_FOUND',
      `message session:${sessionId}/${entryId} is already forgotten: nothing of it is left to erase`,
      { thread_id: `session:${sessionId}`, message_id: entryId, already_forgotten: true },
    );
  }
  const { plan, derived } = widened(planned, inputs, records);
  const blanked = new Set<string>();
  for (const c of plan.captures) {
    const original = inputs.find((i) => c.redact_event_ids.includes(i.capture_event_id));
    c.capture.entries.forEach((e, k) => {
      if (e.text === '' && original?.payload.entries[k]?.text !== '') blanked.add(e.id);
    });
  }
  const entries = {
    threadId: `session:${sessionId}`,
    entityId: plan.captures[0]?.capture.entity_id ?? '',
    messageIds: [...blanked].sort(),
  };
  const events = [...plan.redact_event_ids, ...plan.captures.flatMap((c) => c.redact_event_ids)];
  let first: ForgetResult | null = null;
  let covered = 0;
  for (const eventId of events) {
    const event = await rt.store.getEvent(eventId);
    if (event === null || event.redacted) continue;
    // The first forget marks the thread and takes what was read from the entries, while their
    // messages are still there to count.
    const result = await rt.forget(
      first === null ? { kind: 'event', eventId, entries } : { kind: 'event', eventId },
      reason,
    );
    first ??= result;
    covered += result.covered_events;
  }
  await restoreCaptures(rt, plan, inputs);
  for (const id of plan.memory_ids) await rt.memories?.forgotten(id, reason);
  await scrubDailyLogs(rt, plan.texts, derived);
  await writeMemory(rt);
  await writeReview(rt);
  await rt.afterForget();
  if (first === null) return null;
  return { ...first, covered_events: covered, redacted: covered };
}

/**
 * A planned forget widened to what the pure plan does not reach: replies left bare by the
 * forgotten entries (`withoutBareAnswers`), and what quotes an observation drawn from them without
 * quoting them (`withoutDerived`), for the ledger; the derived passages, for the daily logs.
 */
function widened(
  planned: MemoryForgetPlan,
  inputs: readonly ForgetCaptureInput[],
  records: readonly { readonly event_id: string; readonly text: string }[],
): { plan: MemoryForgetPlan; derived: DerivedPassages } {
  const narrowed = planned.captures.map((c) => withoutBareAnswers(c, inputs));
  const derived = derivedPassages(planned, inputs);
  const plan = withoutDerived(
    {
      ...planned,
      captures: narrowed.map((n) => n.restored),
      texts: [...planned.texts, ...narrowed.flatMap((n) => n.texts)],
    },
    derived,
    records,
  );
  return { plan, derived };
}

/**
 * Records each planned capture again without what was forgotten, and its kept observations, with
 * the digests of the entries it leaves blank (`forgottenDigests`): a later capture of the session
 * whose lines moved (a transcript edited above them) is matched by them.
 */
async function restoreCaptures(
  rt: ObserverRuntime,
  plan: MemoryForgetPlan,
  inputs: readonly ForgetCaptureInput[],
): Promise<void> {
  for (const c of plan.captures) {
    const original = inputs.find((i) => c.redact_event_ids.includes(i.capture_event_id));
    // An entry that kept part of its text is digested as one that went: a longer transcript
    // captured later brings it back blank, never whole.
    const before = original?.payload.entries ?? [];
    const digests = forgottenDigests(
      c.capture.session_id,
      before,
      c.capture.entries.map((e, k) => (e.text === before[k]?.text ? e : { ...e, text: '' })),
      original?.payload.forgotten_digests,
    );
    // Numbered, so that no recording repeats an earlier (redacted) one: see `restoration`.
    const restoration = (original?.payload.restoration ?? 0) + 1;
    const capture: SessionCapturedPayload = {
      ...c.capture,
      ...(digests.length === 0 ? {} : { forgotten_digests: digests }),
      restoration,
    };
    await recordEvent(
      rt.deps,
      EVENT_TYPES.sessionCaptured,
      capture as unknown as JsonObject,
      c.capture.entity_id,
    );
    if (c.observations !== null) {
      const observations = { ...c.observations, restoration };
      await rt.record(EVENT_TYPES.observationsRecorded, observations as unknown as JsonObject);
    }
  }
}

/**
 * A capture recorded again as `verity forget` leaves a thread (one reading, `answersLeftBare`):
 * beside the entries `memory forget` blanked, a reply only they made secret is blanked too when it
 * is nothing but the value ("What's the new storage unit code?" | "4471"), with the observations
 * read from it; a reply that says more ("it's 4471, and the parcel comes Tuesday") stays, recorded
 * with the value masked, since with its question blank nothing would mask it any more. Returns the
 * texts that leave with them, for the daily logs.
 */
function withoutBareAnswers(
  restored: MemoryForgetPlan['captures'][number],
  inputs: readonly ForgetCaptureInput[],
): { restored: MemoryForgetPlan['captures'][number]; texts: string[] } {
  const original = inputs.find((i) => restored.redact_event_ids.includes(i.capture_event_id));
  if (original === undefined) return { restored, texts: [] };
  const entries = original.payload.entries;
  const blanked = (i: number) =>
    restored.capture.entries[i]?.text === '' && entries[i]?.text !== '';
  const gone = new Set(entries.flatMap((_, i) => (blanked(i) ? [i] : [])));
  if (gone.size === 0) return { restored, texts: [] };
  const answered = withoutAnswersOf(entries, gone);
  const erased = new Set<string>();
  const kept = restored.capture.entries.map((e, i) => {
    const reply = answered[i];
    if (gone.has(i) || reply === undefined || reply === entries[i]) return e;
    if (reply.text === '') erased.add(e.id);
    return reply;
  });
  if (kept.every((e, i) => e === restored.capture.entries[i])) return { restored, texts: [] };
  const texts = entries.filter((e) => erased.has(e.id)).map((e) => e.text);
  let observations = restored.observations;
  if (observations !== null && erased.size > 0) {
    const segments = observations.segments
      .map((segment) => ({
        ...segment,
        observations: segment.observations.filter((o) => {
          const drop = o.source_message_ids.some((m) => erased.has(m));
          if (drop) texts.push(o.text);
          return !drop;
        }),
      }))
      .filter((segment) => segment.observations.length > 0);
    observations = { ...observations, segments };
  }
  const capture = { ...restored.capture, entries: kept };
  return { restored: { ...restored, capture, observations }, texts };
}

/** Every capture with its transcript (from its ledger event) and its observations. */
async function forgetInputs(rt: ObserverRuntime): Promise<ForgetCaptureInput[]> {
  const inputs: ForgetCaptureInput[] = [];
  for (const capture of await readCaptures(rt.store)) {
    const event = await rt.store.getEvent(capture.event_id);
    if (event === null || event.redacted) continue;
    inputs.push({
      capture_event_id: capture.event_id,
      captured_at: capture.captured_at,
      payload: event.payload as unknown as SessionCapturedPayload,
      observations: await readObservations(rt.store, capture.capture_key),
    });
  }
  return inputs;
}

/** Reflection and friction records, whose rejected candidates and fixes quote observations. */
async function quotingRecords(rt: ObserverRuntime): Promise<{ event_id: string; text: string }[]> {
  const records: { event_id: string; text: string }[] = [];
  const types = new Set<string>([EVENT_TYPES.reflectionCompleted, EVENT_TYPES.frictionAnalyzed]);
  for await (const event of eachEvent(rt.store, 2000)) {
    if (event.redacted || !types.has(event.type)) continue;
    const quoted = [
      ...((event.payload['rejected'] as { text?: unknown }[] | undefined) ?? []),
      ...((event.payload['fixes'] as { text?: unknown }[] | undefined) ?? []),
    ];
    for (const q of quoted) {
      if (typeof q.text === 'string') records.push({ event_id: event.eventId, text: q.text });
    }
  }
  return records;
}

/** Takes the forgotten passages out of every daily log `memory/YYYY-MM-DD.md` (`scrubDailyLog`). */
async function scrubDailyLogs(
  rt: ObserverRuntime,
  texts: readonly string[],
  derived: DerivedPassages,
): Promise<void> {
  const folder = join(rt.workspace, 'memory');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error: unknown) {
    // No daily log was written yet: there is nothing to scrub.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names.filter((n) => /^\d{4}-\d\d-\d\d\.md$/.test(n)).sort()) {
    const path = join(folder, name);
    const text = await readTextFile(path);
    if (text === null) continue;
    const scrubbed = scrubDailyLog(text, texts, derived);
    if (scrubbed !== text) await writeTextFile(path, scrubbed);
  }
}
