import { type Domain, domainOf, domainSpec } from './domains/index.js';
import type { ObservationInput, ResolveContext, ResolveOutcome } from './resolver.js';
import { resolveObservation } from './resolver.js';
import { emptySlot, type SlotState, slotKey } from './slot.js';
import { checkTimeline } from './timeline.js';

/** One observation of a bundle and what resolving it decided. */
export interface BundleStep {
  readonly observation: ObservationInput;
  readonly outcome: ResolveOutcome;
}

/**
 * The coherence group of a field, from its domain's spec: fields of one group change together or
 * not at all. Travel is one group per entity; a project, a family member or a financial item is
 * one group each; a schedule entry or a preference stands alone.
 */
export function coherenceGroup(field: string): string {
  const domain = domainOf(field);
  return domain === null
    ? field.split('.').slice(0, -1).join('.')
    : domainSpec(domain).coherenceGroup(field);
}

function isState(obs: ObservationInput): boolean {
  return obs.intent === 'assertive' || obs.intent === 'planning';
}

type Hold = NonNullable<ResolveContext['hold']>;

function pass(
  slots: ReadonlyMap<string, SlotState>,
  order: readonly ObservationInput[],
  contextFor: (domain: Domain) => ResolveContext,
  derive: (...parts: string[]) => string,
  holds: ReadonlyMap<string, Hold>,
): BundleStep[] {
  const current = new Map(slots);
  const steps: BundleStep[] = [];
  for (const observation of order) {
    const key = slotKey(observation.entityId, observation.field);
    const slot =
      current.get(key) ?? emptySlot(observation.entityId, observation.field, observation.domain);
    const hold = holds.get(observation.eventId);
    const base = contextFor(observation.domain);
    const outcome = resolveObservation(slot, observation, hold ? { ...base, hold } : base, derive);
    current.set(key, outcome.slot);
    steps.push({ observation, outcome });
  }
  return steps;
}

/** Holds that keep each coherence group together, from one pass's outcomes. */
function coherenceHolds(steps: readonly BundleStep[]): Map<string, Hold> {
  const groups = new Map<string, BundleStep[]>();
  for (const step of steps) {
    const o = step.observation;
    if (!isState(o) || o.value === null) continue;
    const key = `${o.entityId}\u0000${coherenceGroup(o.field)}`;
    const list = groups.get(key);
    if (list) list.push(step);
    else groups.set(key, [step]);
  }
  const holds = new Map<string, Hold>();
  for (const [key, members] of groups) {
    if (members.length < 2) continue;
    const group = key.split('\u0000')[1] ?? '';
    const asked = members.filter((m) => m.outcome.decision === 'ask_user' && !m.outcome.shadow);
    const anchor = members.find((m) => m.observation.field === `${group}.status`);
    const anchorBlocked =
      anchor !== undefined &&
      anchor.outcome.decision === 'tentative_reject' &&
      anchor.outcome.slot.committed?.value !== anchor.observation.value;
    for (const m of members) {
      if (m.outcome.decision !== 'auto_commit' || !m.outcome.mutated) continue;
      if (asked.length > 0) {
        const fields = asked.map((a) => a.observation.field).join(', ');
        holds.set(m.observation.eventId, {
          kind: 'ask',
          reason: `held with its bundle: ${fields} needs review, and related fields change together`,
        });
      } else if (anchorBlocked && m !== anchor) {
        holds.set(m.observation.eventId, {
          kind: 'tentative',
          reason: `held with its bundle: ${anchor.observation.field} was not accepted, so related fields stay as they are`,
        });
      }
    }
  }
  return holds;
}

/**
 * Resolves the observations extracted from one message as one bundle, so related fields stay
 * coherent: retractions first, then each observation against its (evolving) slot; impossible
 * timelines are held for review (`checkTimeline`); and within a coherence group, a change is
 * committed only if the whole group's changes are — when one member needs review the others ask
 * too, and when the group's status is not accepted the others stay tentative. Pure and
 * deterministic. Returns the steps in the order they were applied.
 */
export function resolveBundle(
  slots: ReadonlyMap<string, SlotState>,
  observations: readonly ObservationInput[],
  contextFor: (domain: Domain) => ResolveContext,
  derive: (...parts: string[]) => string,
): BundleStep[] {
  const order = [
    ...observations.filter((o) => o.intent === 'retract'),
    ...observations.filter((o) => o.intent !== 'retract'),
  ];
  const holds = new Map<string, Hold>();
  for (const issue of checkTimeline(order, slots)) {
    holds.set(issue.eventId, { kind: 'ask', reason: issue.reason });
  }
  let steps = pass(slots, order, contextFor, derive, holds);
  for (let round = 0; round < 3; round++) {
    let added = false;
    for (const [eventId, hold] of coherenceHolds(steps)) {
      const existing = holds.get(eventId);
      if (existing?.kind === hold.kind) continue;
      if (existing?.kind === 'ask' && hold.kind === 'tentative') continue;
      holds.set(eventId, hold);
      added = true;
    }
    if (!added) break;
    steps = pass(slots, order, contextFor, derive, holds);
  }
  return steps;
}
