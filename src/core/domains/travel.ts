import { MINUTE_MS, parseRfc3339 } from '../time.js';
import { BASE_DOMAIN_POLICY, defineDomain, type TimelineIssue, type TimelineView } from './spec.js';

/** Two locations asserted this close together by different sources are "two places at once". */
export const SIMULTANEITY_WINDOW_MS = 60 * MINUTE_MS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A return date before the departure date (incoming or already committed). */
function returnBeforeDeparture(view: TimelineView): TimelineIssue[] {
  const departure = view.incoming('travel.departure_date');
  const ret = view.incoming('travel.return_date');
  const departureValue = departure?.value ?? view.committed('travel.departure_date')?.value ?? null;
  const returnValue = ret?.value ?? view.committed('travel.return_date')?.value ?? null;
  if (
    !departureValue ||
    !returnValue ||
    !DAY.test(departureValue) ||
    !DAY.test(returnValue) ||
    returnValue >= departureValue
  ) {
    return [];
  }
  const reason = `timeline: return ${returnValue} is before departure ${departureValue}`;
  return [departure, ret].flatMap((o) => (o ? [{ eventId: o.eventId, reason }] : []));
}

/** A return home dated before a planned trip has begun. */
function backBeforeLeaving(view: TimelineView): TimelineIssue[] {
  const status = view.incoming('travel.status');
  const plannedDeparture = view.committed('travel.departure_date')?.value ?? null;
  if (
    status?.value !== 'completed' ||
    view.committed('travel.status')?.value !== 'planned' ||
    !plannedDeparture ||
    !DAY.test(plannedDeparture) ||
    status.eventTs.slice(0, 10) >= plannedDeparture
  ) {
    return [];
  }
  return [
    {
      eventId: status.eventId,
      reason: `timeline: back home on ${status.eventTs.slice(0, 10)}, before the planned departure ${plannedDeparture}`,
    },
  ];
}

/** Trip statuses a cancellation can end. */
const CANCELLABLE = new Set(['planned', 'in_progress']);

/**
 * A cancellation with no trip on record to cancel ("I'm not going to Berlin after all" when no
 * Berlin trip, nor any other, is planned or under way): which trip it means is a guess.
 */
function cancelsNoTrip(view: TimelineView): TimelineIssue[] {
  const status = view.incoming('travel.status');
  const held = view.committed('travel.status')?.value ?? null;
  if (status?.value !== 'cancelled' || (held !== null && CANCELLABLE.has(held))) return [];
  return [
    {
      eventId: status.eventId,
      reason: `timeline: cancels a trip, but no trip is planned or under way (status ${held ?? 'none'})`,
    },
  ];
}

/** One person in two places at once: different locations from different sources within an hour. */
function twoPlacesAtOnce(view: TimelineView): TimelineIssue[] {
  const location = view.incoming('travel.location');
  const held = view.committed('travel.location');
  if (!location || !held || held.value === null || held.value === location.value) return [];
  const at = parseRfc3339(location.eventTs) ?? 0;
  const since = parseRfc3339(held.validFrom) ?? 0;
  if (Math.abs(at - since) >= SIMULTANEITY_WINDOW_MS || held.sourceType === location.sourceType) {
    return [];
  }
  return [
    {
      eventId: location.eventId,
      reason: `timeline: in ${location.value} and in ${held.value} within an hour, by different sources`,
    },
  ];
}

/**
 * Travel: where the subject is and the trip in play. The user's own word (or their location)
 * outranks the calendar, which outranks static notes (seed 000: "I am in X" overrides the
 * itinerary). The whole trip is one coherence group; a corrected auto-commit is a P0 incident.
 */
export const travel = defineDomain({
  name: 'travel',
  fields: [
    {
      path: 'travel.status',
      kind: 'enum',
      values: ['none', 'planned', 'in_progress', 'completed', 'cancelled'],
    },
    {
      path: 'travel.location',
      kind: 'text',
      note: 'where the subject is now; "home" when at home',
    },
    { path: 'travel.destination', kind: 'text' },
    { path: 'travel.departure_date', kind: 'date' },
    { path: 'travel.return_date', kind: 'date' },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
    halfLifeHours: 72,
    staleAfterHours: 7 * 24,
    authority: [
      [
        'user_confirmation',
        'user_statement',
        'conversation_assertive',
        'manual_markdown',
        'location',
      ],
      ['calendar', 'webhook', 'transactions_email'],
      ['static_markdown'],
      ['assistant_statement'],
    ],
  },
  coherenceGroup: () => 'travel',
  rollback: { falseStateIsP0: true },
  timeline: [returnBeforeDeparture, backBeforeLeaving, cancelsNoTrip, twoPlacesAtOnce],
  examples: [
    {
      message: 'Touched down in Lyon, heading to the hotel.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"travel.status","value":"in_progress","intent":"assertive","confidence":1,"correction":false},{"subject":"self","field":"travel.location","value":"Lyon","intent":"assertive","confidence":1,"correction":false}]}',
    },
    {
      message: 'What if we skipped Oslo this year?',
      answer:
        '{"intent":"hypothetical","retracts_previous":false,"observations":[{"subject":"group","field":"travel.status","value":"cancelled","intent":"hypothetical","confidence":1,"correction":false}]}',
    },
  ],
});
