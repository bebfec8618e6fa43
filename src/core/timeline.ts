import { DOMAIN_SPECS } from './domains/index.js';
import type { TimelineCommitted, TimelineIssue, TimelineObservation } from './domains/spec.js';
import type { ObservationInput } from './resolver.js';
import { type SlotState, slotKey } from './slot.js';

export type { TimelineIssue } from './domains/spec.js';
export { SIMULTANEITY_WINDOW_MS } from './domains/travel.js';

function isState(obs: ObservationInput): boolean {
  return obs.intent === 'assertive' || obs.intent === 'planning';
}

/**
 * Seed 000's timeline logic for one bundle of observations against what each entity already
 * holds: every registered domain's timeline rules (`DomainSpec.timeline`, e.g. travel's return
 * before departure, back home before leaving, two places at once), run per entity in entity
 * order, then registry order. Pure; `slots` maps `entityId\0field` to the current slot.
 */
export function checkTimeline(
  observations: readonly ObservationInput[],
  slots: ReadonlyMap<string, SlotState>,
): TimelineIssue[] {
  const issues: TimelineIssue[] = [];
  const incoming = observations.filter((o) => isState(o) && o.value !== null);
  const entities = [...new Set(incoming.map((o) => o.entityId))].sort();
  for (const entityId of entities) {
    const mine = incoming.filter((o) => o.entityId === entityId);
    const view = {
      incoming: (field: string): TimelineObservation | null =>
        mine.find((o) => o.field === field) ?? null,
      committed: (field: string): TimelineCommitted | null =>
        slots.get(slotKey(entityId, field))?.committed ?? null,
    };
    for (const spec of DOMAIN_SPECS) {
      for (const rule of spec.timeline) issues.push(...rule(view));
    }
  }
  return issues;
}
