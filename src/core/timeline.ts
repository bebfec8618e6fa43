import type { ObservationInput } from './resolver.js';
import type { SlotState } from './slot.js';
import { MINUTE_MS, parseRfc3339 } from './time.js';

/** An impossible sequence found in a bundle, flagged for review instead of committed. */
export interface TimelineIssue {
  /** The observation that would make the timeline impossible. */
  readonly eventId: string;
  readonly reason: string;
}

/** Two locations asserted this close together by different sources are "two places at once". */
export const SIMULTANEITY_WINDOW_MS = 60 * MINUTE_MS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function slotKey(entityId: string, field: string): string {
  return `${entityId}\u0000${field}`;
}

function isState(obs: ObservationInput): boolean {
  return obs.intent === 'assertive' || obs.intent === 'planning';
}

/**
 * Seed 000's timeline logic for one bundle of observations against what each entity already holds:
 * a return date before the departure date, a return home dated before a planned trip has begun,
 * and one person in two places at once (different locations from different sources within an
 * hour). Pure; `slots` maps `entityId\0field` to the current slot.
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
    const find = (field: string) => mine.find((o) => o.field === field) ?? null;
    const committed = (field: string) =>
      slots.get(slotKey(entityId, field))?.committed?.value ?? null;

    const departure = find('travel.departure_date');
    const ret = find('travel.return_date');
    const departureValue = departure?.value ?? committed('travel.departure_date');
    const returnValue = ret?.value ?? committed('travel.return_date');
    if (
      departureValue &&
      returnValue &&
      DAY.test(departureValue) &&
      DAY.test(returnValue) &&
      returnValue < departureValue
    ) {
      const reason = `timeline: return ${returnValue} is before departure ${departureValue}`;
      for (const o of [departure, ret]) if (o) issues.push({ eventId: o.eventId, reason });
    }

    const status = find('travel.status');
    const plannedDeparture = committed('travel.departure_date');
    if (
      status?.value === 'completed' &&
      committed('travel.status') === 'planned' &&
      plannedDeparture &&
      DAY.test(plannedDeparture) &&
      status.eventTs.slice(0, 10) < plannedDeparture
    ) {
      issues.push({
        eventId: status.eventId,
        reason: `timeline: back home on ${status.eventTs.slice(0, 10)}, before the planned departure ${plannedDeparture}`,
      });
    }

    const location = find('travel.location');
    const held = slots.get(slotKey(entityId, 'travel.location'))?.committed ?? null;
    if (location && held && held.value !== null && held.value !== location.value) {
      const at = parseRfc3339(location.eventTs) ?? 0;
      const since = parseRfc3339(held.validFrom) ?? 0;
      if (
        Math.abs(at - since) < SIMULTANEITY_WINDOW_MS &&
        held.sourceType !== location.sourceType
      ) {
        issues.push({
          eventId: location.eventId,
          reason: `timeline: in ${location.value} and in ${held.value} within an hour, by different sources`,
        });
      }
    }
  }
  return issues;
}
