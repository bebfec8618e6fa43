import { describe, expect, it } from 'vitest';
import { coherenceGroup, resolveBundle } from './bundle.js';
import { deriveUuid } from './ids.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { type ObservationInput, type ResolveContext, resolveObservation } from './resolver.js';
import { emptySlot, type SlotState } from './slot.js';
import { checkTimeline } from './timeline.js';
import { domainOf, type SourceType } from './vocabulary.js';

const T0 = Date.parse('2026-02-19T15:00:00Z');
const H = 3_600_000;

interface Obs {
  readonly id: string;
  readonly field: string;
  readonly value: string | null;
  readonly source?: SourceType;
  readonly intent?: ObservationInput['intent'];
  readonly at?: number;
  readonly correction?: boolean;
  readonly extraction?: number;
  readonly ref?: string;
}

function obs(o: Obs): ObservationInput {
  const at = new Date(T0 + (o.at ?? 0) * H).toISOString();
  return {
    eventId: o.id,
    entityId: 'user:primary',
    field: o.field,
    domain: domainOf(o.field) ?? 'travel',
    value: o.value,
    intent: o.intent ?? 'assertive',
    sourceType: o.source ?? 'user_statement',
    sourceRef: o.ref ?? `ref:${o.id}`,
    eventTs: at,
    recordedAt: at,
    corroborators: 0,
    correction: o.correction ?? false,
    extractionConfidence: o.extraction ?? 1,
    extractor: 'rules@1.0.0',
    retracts: null,
  };
}

function context(policy: Policy, at: number): ResolveContext {
  return { policy, now: T0 + at * H, calibrationRemaining: 0, forceConfirmRemaining: 0 };
}

/** Resolves `before` one at a time, then `bundle` as one bundle, and returns the final slots. */
function run(
  before: readonly Obs[],
  bundle: readonly Obs[],
  policy: Policy = DEFAULT_POLICY,
): { slots: Map<string, SlotState>; decisions: Record<string, string> } {
  const slots = new Map<string, SlotState>();
  const key = (o: ObservationInput) => `${o.entityId}\u0000${o.field}`;
  for (const o of before.map(obs)) {
    const slot = slots.get(key(o)) ?? emptySlot(o.entityId, o.field, o.domain);
    slots.set(key(o), resolveObservation(slot, o, context(policy, 0), deriveUuid).slot);
  }
  const inputs = bundle.map(obs);
  const at = bundle[0]?.at ?? 0;
  const steps = resolveBundle(slots, inputs, () => context(policy, at), deriveUuid);
  const decisions: Record<string, string> = {};
  for (const step of steps) {
    slots.set(key(step.observation), step.outcome.slot);
    decisions[step.observation.eventId] = step.outcome.decision;
  }
  return { slots, decisions };
}

function committed(slots: Map<string, SlotState>, field: string): string | null {
  return slots.get(`user:primary\u0000${field}`)?.committed?.value ?? null;
}

interface Case {
  readonly name: string;
  readonly before?: readonly Obs[];
  readonly bundle: readonly Obs[];
  readonly policy?: Policy;
  readonly committed: Readonly<Record<string, string | null>>;
  readonly decisions?: Readonly<Record<string, string>>;
}

const uncontested: Policy = {
  ...DEFAULT_POLICY,
  domains: Object.fromEntries(
    Object.entries(DEFAULT_POLICY.domains).map(([d, rules]) => [
      d,
      { ...rules, commitUncontested: true },
    ]),
  ) as unknown as Policy['domains'],
};

const cases: readonly Case[] = [
  {
    name: 'commits related fields together when all of them pass',
    bundle: [
      { id: 's', field: 'travel.status', value: 'in_progress' },
      { id: 'l', field: 'travel.location', value: 'Tahoe' },
    ],
    committed: { 'travel.status': 'in_progress', 'travel.location': 'Tahoe' },
  },
  {
    name: 'asks about the whole group when one of its fields needs review',
    // The calendar contests an older, decayed user statement: a review-band contest.
    before: [{ id: 'u0', field: 'travel.status', value: 'in_progress', at: -60 }],
    bundle: [
      { id: 's', field: 'travel.status', value: 'planned', source: 'calendar', intent: 'planning' },
      { id: 'd', field: 'travel.destination', value: 'Tahoe', source: 'user_statement' },
    ],
    committed: { 'travel.status': 'in_progress', 'travel.destination': null },
    decisions: { s: 'ask_user', d: 'ask_user' },
  },
  {
    name: 'keeps the related fields as they are when the group status is not accepted',
    before: [{ id: 'u', field: 'travel.status', value: 'completed', at: 0 }],
    bundle: [
      {
        id: 's',
        field: 'travel.status',
        value: 'planned',
        source: 'static_markdown',
        intent: 'planning',
        at: 1,
      },
      { id: 'd', field: 'travel.destination', value: 'Reno', source: 'static_markdown', at: 1 },
    ],
    committed: { 'travel.status': 'completed', 'travel.destination': null },
    decisions: { s: 'tentative_reject', d: 'tentative_reject' },
  },
  {
    name: 'does not couple fields of different groups',
    bundle: [
      { id: 'a', field: 'family.leo.status', value: 'sick' },
      { id: 'b', field: 'family.ana.status', value: 'at_school', source: 'calendar' },
    ],
    committed: { 'family.leo.status': 'sick', 'family.ana.status': 'at_school' },
  },
  {
    name: 'applies a retraction before the new statement in the same bundle',
    before: [{ id: 'old', field: 'project.x.status', value: 'cancelled', ref: 'thread:t:msg:1' }],
    bundle: [
      {
        id: 'r',
        field: 'project.x.status',
        value: null,
        intent: 'retract',
        ref: 'thread:t:msg:1',
        at: 1,
      },
      { id: 'n', field: 'project.x.status', value: 'in_progress', ref: 'thread:t:msg:2', at: 1 },
    ],
    committed: { 'project.x.status': 'in_progress' },
  },
  {
    name: 'holds a return date before the departure for review',
    before: [{ id: 'dep', field: 'travel.departure_date', value: '2026-03-10' }],
    bundle: [{ id: 'ret', field: 'travel.return_date', value: '2026-03-04', at: 1 }],
    committed: { 'travel.return_date': null },
    decisions: { ret: 'ask_user' },
  },
  {
    name: 'holds a return home dated before a planned trip began',
    before: [
      { id: 'p', field: 'travel.status', value: 'planned', intent: 'planning' },
      { id: 'dep', field: 'travel.departure_date', value: '2026-03-10', intent: 'planning' },
    ],
    bundle: [
      { id: 'c', field: 'travel.status', value: 'completed', at: 2 },
      { id: 'h', field: 'travel.location', value: 'home', at: 2 },
    ],
    committed: { 'travel.status': 'planned', 'travel.location': null },
    decisions: { c: 'ask_user', h: 'ask_user' },
  },
  {
    name: 'holds being in two places within an hour, by different sources',
    before: [{ id: 'u', field: 'travel.location', value: 'Denver' }],
    bundle: [{ id: 'g', field: 'travel.location', value: 'Boston', source: 'location', at: 0.5 }],
    committed: { 'travel.location': 'Denver' },
    decisions: { g: 'ask_user' },
  },
  {
    name: 'lets a person move on later in the day',
    before: [{ id: 'u', field: 'travel.location', value: 'Denver' }],
    bundle: [{ id: 'n', field: 'travel.location', value: 'Boulder', at: 3 }],
    committed: { 'travel.location': 'Boulder' },
  },
  {
    name: 'commits uncontested review-band evidence when the domain allows it',
    bundle: [
      { id: 's', field: 'travel.status', value: 'planned', source: 'calendar', intent: 'planning' },
      { id: 'd', field: 'travel.destination', value: 'Tahoe', source: 'calendar' },
    ],
    policy: uncontested,
    committed: { 'travel.status': 'planned', 'travel.destination': 'Tahoe' },
  },
];

describe('resolveBundle', () => {
  it.each(cases)('$name', (c) => {
    const { slots, decisions } = run(c.before ?? [], c.bundle, c.policy);
    for (const [field, value] of Object.entries(c.committed)) {
      expect(committed(slots, field), field).toBe(value);
    }
    for (const [id, decision] of Object.entries(c.decisions ?? {})) {
      expect(decisions[id], id).toBe(decision);
    }
  });

  it('is deterministic', () => {
    const bundle: Obs[] = [
      { id: 's', field: 'travel.status', value: 'in_progress' },
      { id: 'l', field: 'travel.location', value: 'Tahoe', source: 'calendar' },
    ];
    expect(JSON.stringify(run([], bundle))).toBe(JSON.stringify(run([], bundle)));
  });
});

describe('coherenceGroup', () => {
  it.each([
    ['travel.status', 'travel'],
    ['travel.return_date', 'travel'],
    ['project.checkout.status', 'project.checkout'],
    ['family.leo.status', 'family.leo'],
    ['family.schedule.piano', 'family.schedule.piano'],
    ['financial.rent.amount', 'financial.rent'],
    ['profile.preference.seat', 'profile.preference.seat'],
  ])('puts %s in group %s', (field, group) => {
    expect(coherenceGroup(field)).toBe(group);
  });
});

describe('checkTimeline', () => {
  it('finds nothing wrong in a plausible trip', () => {
    const issues = checkTimeline(
      [
        obs({ id: 'd', field: 'travel.departure_date', value: '2026-03-04' }),
        obs({ id: 'r', field: 'travel.return_date', value: '2026-03-09' }),
      ],
      new Map(),
    );
    expect(issues).toEqual([]);
  });

  it('ignores questions and hypotheticals', () => {
    const issues = checkTimeline(
      [
        obs({ id: 'd', field: 'travel.departure_date', value: '2026-03-09' }),
        obs({ id: 'r', field: 'travel.return_date', value: '2026-03-04', intent: 'hypothetical' }),
      ],
      new Map(),
    );
    expect(issues).toEqual([]);
  });
});

describe('resolveObservation extensions', () => {
  const at = (hours: number) => context(uncontested, hours);

  it('commits uncontested evidence that decayed below ask, and marks it low confidence', () => {
    const old = { ...obs({ id: 'n', field: 'travel.status', value: 'cancelled' }) };
    const outcome = resolveObservation(
      emptySlot('user:primary', 'travel.status', 'travel'),
      old,
      at(400),
      deriveUuid,
    );
    expect(outcome.slot.committed?.value).toBe('cancelled');
    expect(outcome.slot.committed?.lowConfidence).toBe(true);
  });

  it('never commits a hedged extraction on its own', () => {
    const hedged = obs({
      id: 'h',
      field: 'profile.preference.diet',
      value: 'vegan',
      extraction: 0.35,
    });
    const outcome = resolveObservation(
      emptySlot('user:primary', 'profile.preference.diet', 'profile'),
      hedged,
      at(0),
      deriveUuid,
    );
    expect(outcome.decision).toBe('tentative_reject');
    expect(outcome.slot.committed).toBeNull();
  });

  it("still asks before changing a profile preference, unless it is the user's explicit correction", () => {
    const base = resolveObservation(
      emptySlot('user:primary', 'profile.preference.seat', 'profile'),
      obs({ id: 'a', field: 'profile.preference.seat', value: 'window' }),
      at(0),
      deriveUuid,
    ).slot;
    const casual = resolveObservation(
      base,
      obs({ id: 'b', field: 'profile.preference.seat', value: 'aisle', at: 1 }),
      at(1),
      deriveUuid,
    );
    expect(casual.decision).toBe('ask_user');
    const explicit = resolveObservation(
      base,
      obs({ id: 'c', field: 'profile.preference.seat', value: 'aisle', at: 1, correction: true }),
      at(1),
      deriveUuid,
    );
    expect(explicit.slot.committed?.value).toBe('aisle');
  });

  it('raises a prompt instead of committing when held for review', () => {
    const outcome = resolveObservation(
      emptySlot('user:primary', 'travel.status', 'travel'),
      obs({ id: 'u', field: 'travel.status', value: 'in_progress' }),
      { ...at(0), hold: { kind: 'ask', reason: 'held' } },
      deriveUuid,
    );
    expect(outcome.decision).toBe('ask_user');
    expect(outcome.reasons).toContain('held');
  });
});
