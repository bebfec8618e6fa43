// The reflector: recent observations become staged MEMORY.md proposals.
import { type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  type ReflectorInput,
  readCaptures,
  readMemory,
  readObservations,
  readProposals,
  readReflectionTimes,
  readRetention,
  reflectObservations,
} from '../../observer/index.js';
import { readTextFile } from '../../vault/index.js';
import { writeReview } from './files.js';
import { expireProposals } from './proposals.js';
import { DAY_MS, nextProposalIds, type ObserverRuntime, toView } from './runtime.js';
import type { ReflectReport } from './types.js';

/**
 * Observations retention has not marked that were made since `since`, or that no reflection has
 * read yet (recorded after the last one): a first reflection reads every session, however old.
 */
export async function reflectorInputs(
  rt: ObserverRuntime,
  since: number,
): Promise<ReflectorInput[]> {
  const marks = await readRetention(rt.store);
  const lastRun = (await readReflectionTimes(rt.store)).at(-1);
  const reviewedUntil = lastRun === undefined ? Number.NEGATIVE_INFINITY : Date.parse(lastRun);
  const inputs: ReflectorInput[] = [];
  for (const capture of await readCaptures(rt.store)) {
    const stored = await readObservations(rt.store, capture.capture_key);
    if (stored === null) continue;
    for (const segment of stored.segments) {
      for (const o of segment.observations) {
        if (marks[o.observation_id] !== undefined) continue;
        const at = Date.parse(o.at ?? stored.recorded_at);
        if (at < since && Date.parse(stored.recorded_at) <= reviewedUntil) continue;
        inputs.push({ ...o, session_id: stored.session_id, date: stored.date });
      }
    }
  }
  return inputs;
}

/** Expires due proposals, reflects recent observations, stages proposals and writes REVIEW.md. */
export async function reflect(rt: ObserverRuntime): Promise<ReflectReport> {
  const expired = await expireProposals(rt);
  const now = rt.clock.now();
  const since = now - (rt.options.reflectWindowDays ?? 7) * DAY_MS;
  const observations = await reflectorInputs(rt, since);
  const proposalsBefore = await readProposals(rt.store);
  const memory = (await readMemory(rt.store)).filter((m) => m.status === 'active');
  const reflection = reflectObservations({
    observations,
    memory,
    proposals: proposalsBefore,
    now,
    settings: rt.settings,
    countTokens: rt.countTokens,
    memoryText: (await readTextFile(rt.memoryPath)) ?? '',
  });
  const ids = nextProposalIds(proposalsBefore, now, reflection.drafts.length);
  await rt.record(EVENT_TYPES.reflectionCompleted, {
    at: toIso(now),
    input_observations: observations.length,
    input_tokens: reflection.input_tokens,
    memory_tokens: reflection.memory_tokens,
    attempts: reflection.attempts as unknown as JsonObject[],
    failed: reflection.failed,
    rejected: reflection.rejected as unknown as JsonObject[],
    proposal_ids: ids,
    ...(reflection.over_budget === null ? {} : { over_budget: reflection.over_budget }),
  });
  for (const [i, draft] of reflection.drafts.entries()) {
    await rt.record(EVENT_TYPES.proposalStaged, {
      ...draft,
      proposal_id: ids[i] ?? '',
    } as unknown as JsonObject);
  }
  await writeReview(rt);
  const staged = (await readProposals(rt.store)).filter((p) => ids.includes(p.proposal_id));
  return {
    status: reflection.failed
      ? 'compression_failed'
      : reflection.over_budget !== null && staged.every((p) => p.kind === 'consolidation')
        ? 'over_budget'
        : staged.length === 0
          ? 'nothing_new'
          : 'proposed',
    input_observations: observations.length,
    notice: reflection.over_budget?.notice ?? null,
    attempts: reflection.attempts,
    proposals: staged.map((p) => toView(p)),
    rejected: reflection.rejected,
    expired,
    review_file: rt.reviewPath,
  };
}
