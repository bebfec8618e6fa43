// Friction analysis: recurring problems across sessions and their known fixes.
import { type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  clusterFriction,
  errorSignatures,
  type FrictionFix,
  type FrictionInput,
  isCorrection,
  isFrictionFixStaged,
  type Observation,
  readCaptures,
  readFriction,
  readObservations,
  readProposals,
  type SessionCapturedPayload,
  type TranscriptEntry,
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
    const event = await rt.store.getEvent(capture.event_id);
    const entries =
      event === null || event.redacted
        ? []
        : (event.payload as unknown as SessionCapturedPayload).entries;
    const observations = stored.segments.flatMap((s) => s.observations);
    inputs.push(...frictionInputs(stored.session_id, observations, entries));
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
  const proposals = await readProposals(rt.store);
  const used = new Set<string>();
  // The fix found before for the same cluster (one observation in common), if any.
  const earlierOf = (observationIds: readonly string[]): FrictionFix | undefined => {
    const same = previous.find(
      (f) =>
        !used.has(f.fix_id) && (f.observation_ids ?? []).some((id) => observationIds.includes(id)),
    );
    if (same !== undefined) used.add(same.fix_id);
    return same;
  };
  const fixes: FrictionFix[] = clusterFriction(inputs).map((c) => {
    const earlier = earlierOf(c.observation_ids);
    if (earlier === undefined) next += 1;
    // A fix already acted on (approved or rejected) keeps the observations it was staged from,
    // so a new occurrence of the same problem neither lists it again nor lets it be approved twice.
    const acted = earlier !== undefined && isFrictionFixStaged(earlier, proposals);
    return {
      fix_id: earlier?.fix_id ?? `f-${day}-${String(next).padStart(3, '0')}`,
      observation_ids: acted ? (earlier.observation_ids ?? []) : c.observation_ids,
      text:
        c.fix === null
          ? `Recurring: ${c.text} — no fix recorded yet; add a rule or a check for it`
          : `Recurring: ${c.text} — known fix: ${c.fix}`,
      sessions: c.sessions,
      occurrences: c.occurrences,
    };
  });
  await rt.record(EVENT_TYPES.frictionAnalyzed, {
    at: toIso(rt.clock.now()),
    fixes: fixes as unknown as JsonObject[],
  });
  await writeReview(rt);
  return { status: 'analyzed', history_days: historyDays, min_history_days: min, fixes };
}

const FIXED = /\b(fixed|resolved|works now|working now|the fix)\b/i;

function firstSentence(text: string): string {
  const sentence = (text.trim().split(/(?<=[.!?])\s+/)[0] ?? '').trim();
  return sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
}

/**
 * One session's friction inputs: its observations, with the fix of a problem (the observation
 * that resolved it) or of a question (the reply that followed it), and the errors its messages
 * name that no observation kept (the observer leaves error output out of observations).
 */
function frictionInputs(
  sessionId: string,
  observations: readonly Observation[],
  entries: readonly TranscriptEntry[],
): FrictionInput[] {
  const byId = new Map(observations.map((o) => [o.observation_id, o]));
  const position = new Map(entries.map((e, i) => [e.id, i]));
  const replyTo = (o: Observation): string | null => {
    const last = Math.max(...o.source_message_ids.map((id) => position.get(id) ?? -1));
    if (last < 0) return null;
    const reply = entries
      .slice(last + 1)
      .find((e) => (e.role === 'user' || e.role === 'assistant') && !e.text.trim().endsWith('?'));
    return reply === undefined ? null : firstSentence(reply.text);
  };
  const text = new Map(entries.map((e) => [e.id, e]));
  const inputs: FrictionInput[] = [...byId.values()].map((o) => ({
    observation: o,
    session_id: sessionId,
    correction: o.source_message_ids.some((id) => {
      const e = text.get(id);
      return e !== undefined && e.role === 'user' && isCorrection(e.text);
    }),
    fix:
      o.resolved_by !== null
        ? (byId.get(o.resolved_by)?.text ?? null)
        : o.type === 'question'
          ? replyTo(o)
          : null,
  }));
  const observed = new Set(observations.flatMap((o) => errorSignatures(o.text)));
  for (const [i, entry] of entries.entries()) {
    if (entry.role !== 'user' && entry.role !== 'assistant') continue;
    const signatures = errorSignatures(entry.text).filter((s) => !observed.has(s));
    if (signatures.length === 0) continue;
    for (const s of signatures) observed.add(s);
    const fixedBy = entries.slice(i + 1).find((e) => FIXED.test(e.text));
    inputs.push({
      observation: {
        observation_id: `error:${sessionId}:${entry.id}`,
        priority: 'yellow',
        memory_priority: 'P2',
        type: 'problem',
        time: null,
        at: entry.at,
        text: `Error ${signatures.join(', ')}`,
        speaker: entry.role,
        source_message_ids: [entry.id],
        resolved_by: null,
      },
      session_id: sessionId,
      fix: fixedBy === undefined ? null : firstSentence(fixedBy.text),
    });
  }
  return inputs;
}
