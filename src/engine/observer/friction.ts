// Friction analysis: recurring problems across sessions and their known fixes.
import { type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  clusterFriction,
  type FrictionFix,
  type FrictionInput,
  readCaptures,
  readFriction,
  readObservations,
} from '../../observer/index.js';
import { writeReview } from './files.js';
import { DAY_MS, type ObserverRuntime, stamp } from './runtime.js';
import type { FrictionReport } from './types.js';

/** Clusters recurring problems across sessions (once enough history exists) and records the fixes. */
export async function analyzeFriction(rt: ObserverRuntime): Promise<FrictionReport> {
  const min = rt.options.frictionMinHistoryDays ?? 14;
  const captures = await readCaptures(rt.store);
  const first = captures
    .map((c) => Date.parse(c.first_entry_at ?? c.captured_at))
    .sort((a, b) => a - b)[0];
  const historyDays = first === undefined ? 0 : Math.floor((rt.clock.now() - first) / DAY_MS);
  if (historyDays < min) {
    return { status: 'gated', history_days: historyDays, min_history_days: min, fixes: [] };
  }
  const inputs: FrictionInput[] = [];
  for (const capture of captures) {
    const stored = await readObservations(rt.store, capture.capture_key);
    if (stored === null) continue;
    const byId = new Map(
      stored.segments.flatMap((s) => s.observations).map((o) => [o.observation_id, o]),
    );
    for (const o of byId.values()) {
      const fix = o.resolved_by === null ? null : (byId.get(o.resolved_by)?.text ?? null);
      inputs.push({ observation: o, session_id: stored.session_id, fix });
    }
  }
  const day = stamp(rt.clock.now());
  const previous = await readFriction(rt.store);
  // A cluster found again keeps its id (a tick or a command naming it still works the next day);
  // a new one is numbered after the ids already given today.
  let next = Math.max(
    0,
    ...previous
      .filter((f) => f.fix_id.startsWith(`f-${day}-`))
      .map((f) => Number(f.fix_id.slice(-3))),
  );
  const used = new Set<string>();
  const idOf = (observationIds: readonly string[]): string => {
    const same = previous.find(
      (f) =>
        !used.has(f.fix_id) && (f.observation_ids ?? []).some((id) => observationIds.includes(id)),
    );
    next += same === undefined ? 1 : 0;
    const id = same?.fix_id ?? `f-${day}-${String(next).padStart(3, '0')}`;
    used.add(id);
    return id;
  };
  const fixes: FrictionFix[] = clusterFriction(inputs).map((c) => ({
    fix_id: idOf(c.observation_ids),
    observation_ids: c.observation_ids,
    text:
      c.fix === null
        ? `Recurring: ${c.text} — no fix recorded yet; add a rule or a check for it`
        : `Recurring: ${c.text} — known fix: ${c.fix}`,
    sessions: c.sessions,
    occurrences: c.occurrences,
  }));
  await rt.record(EVENT_TYPES.frictionAnalyzed, {
    at: toIso(rt.clock.now()),
    fixes: fixes as unknown as JsonObject[],
  });
  await writeReview(rt);
  return { status: 'analyzed', history_days: historyDays, min_history_days: min, fixes };
}
