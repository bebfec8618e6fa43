import type { JsonObject } from './canonical-json.js';
import { domainStats, type LearningStats } from './learning.js';
import type { Policy } from './policy.js';
import type { ReviewPrompt } from './review.js';
import type { SlotState } from './slot.js';
import { DOMAINS } from './vocabulary.js';

/** Inputs of the `state-tracker.json` snapshot. */
export interface StateTrackerInput {
  readonly slots: readonly SlotState[];
  readonly prompts: readonly ReviewPrompt[];
  readonly policy: Policy;
  readonly stats: LearningStats;
  /** RFC 3339 instant of the snapshot (`last_consistency_check`). */
  readonly at: string;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (typeof next !== 'object' || next === null) {
      const created: Record<string, unknown> = {};
      node[segment] = created;
      node = created;
    } else {
      node = next as Record<string, unknown>;
    }
  }
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = value;
}

/**
 * Renders canonical state in the shape of seed 000's `memory/state-tracker.json`, for agents that
 * read files: thresholds, reliabilities, every entity's committed state with its last update and
 * source, tentative observations, open conflicts (pending prompts) and learning stats. Serialise it
 * with `canonicalJson` (or sorted keys) for byte-identical output from identical state.
 */
export function toStateTracker(input: StateTrackerInput): JsonObject {
  const entities: Record<string, { state: Record<string, unknown> }> = {};
  const tentative: JsonObject[] = [];
  for (const slot of input.slots) {
    const committed = slot.committed;
    if (committed && committed.value !== null) {
      const entity = entities[slot.entityId] ?? { state: {} };
      entities[slot.entityId] = entity;
      const [domain = slot.domain, ...rest] = slot.field.split('.');
      setPath(entity.state, [domain, ...rest], committed.value);
      const domainState = entity.state[domain] as Record<string, unknown>;
      const previous = domainState['last_update'];
      if (typeof previous !== 'string' || committed.validFrom >= previous) {
        domainState['last_update'] = committed.validFrom;
        domainState['source'] = committed.sourceType;
      }
    }
    for (const e of slot.evidence) {
      if (e.state === 'live' && e.value !== (committed?.value ?? null)) {
        tentative.push({
          entity_id: slot.entityId,
          field: slot.field,
          value: e.value,
          source: e.sourceType,
          event_id: e.eventId,
          event_ts: e.eventTs,
        });
      }
    }
  }
  const awaiting = input.prompts.filter((p) => p.status === 'open' || p.status === 'queued');
  return {
    last_consistency_check: input.at,
    runtime: {
      stage: input.policy.stage,
      adaptive_learning_enabled: input.policy.adaptiveLearning.enabled,
    },
    domains: Object.fromEntries(
      DOMAINS.map((d) => [
        d,
        {
          ask_threshold: input.policy.domains[d].ask,
          auto_threshold: input.policy.domains[d].auto,
          margin_threshold: input.policy.domains[d].margin,
          calibration_remaining: domainStats(input.stats, d).calibrationRemaining,
        },
      ]),
    ),
    source_reliability: { ...input.policy.reliability },
    entities: entities as unknown as JsonObject,
    tentative_observations: tentative,
    active_conflicts: awaiting.map((p) => ({
      prompt_id: p.promptId,
      entity_id: p.entityId,
      proposed_change: p.proposedChange,
      confidence: p.confidence,
    })),
    pending_validations: [...new Set(awaiting.map((p) => p.field))].sort(),
    learning_stats: {
      auto_commits: DOMAINS.reduce((n, d) => n + domainStats(input.stats, d).autoCommits, 0),
      auto_commit_corrections: DOMAINS.reduce(
        (n, d) => n + domainStats(input.stats, d).autoCommitCorrections,
        0,
      ),
      ask_user_confirmations: DOMAINS.reduce(
        (n, d) => n + domainStats(input.stats, d).confirmed,
        0,
      ),
    },
  } as JsonObject;
}
