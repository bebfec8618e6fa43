import { describe, expect, it } from 'vitest';
import { deriveUuid } from './ids.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { type ObservationInput, type ResolveOutcome, resolveObservation } from './resolver.js';
import { emptySlot, type SlotState } from './slot.js';
import { domainOf, type SourceType } from './vocabulary.js';

const H = 3_600_000;
const T0 = Date.parse('2026-02-19T15:00:00Z');

interface Step {
  readonly id: string;
  readonly field?: string;
  readonly value: string | null;
  readonly source: SourceType;
  readonly intent?: ObservationInput['intent'];
  /** Hours after T0 when it happened. */
  readonly at: number;
  /** Hours after T0 when Verity learned it (defaults to `at`). */
  readonly recorded?: number;
  readonly corroborators?: number;
  readonly correction?: boolean;
  readonly retracts?: string;
  readonly extraction?: number;
}

function obs(step: Step): ObservationInput {
  const field = step.field ?? 'travel.status';
  return {
    eventId: step.id,
    entityId: 'user:primary',
    field,
    domain: domainOf(field) ?? 'travel',
    value: step.value,
    intent: step.intent ?? 'assertive',
    sourceType: step.source,
    sourceRef: `ref:${step.id}`,
    eventTs: new Date(T0 + step.at * H).toISOString(),
    recordedAt: new Date(T0 + (step.recorded ?? step.at) * H).toISOString(),
    corroborators: step.corroborators ?? 0,
    correction: step.correction ?? false,
    extractionConfidence: step.extraction ?? 1,
    extractor: null,
    retracts: step.retracts ?? null,
  };
}

function run(
  steps: readonly Step[],
  policy: Policy = DEFAULT_POLICY,
  calibrationRemaining = 0,
): { slot: SlotState; outcomes: ResolveOutcome[] } {
  const field = steps[0]?.field ?? 'travel.status';
  let slot = emptySlot('user:primary', field, domainOf(field) ?? 'travel');
  const outcomes: ResolveOutcome[] = [];
  for (const step of steps) {
    const o = obs(step);
    const outcome = resolveObservation(
      slot,
      o,
      { policy, now: Date.parse(o.recordedAt), calibrationRemaining, forceConfirmRemaining: 0 },
      deriveUuid,
    );
    slot = outcome.slot;
    outcomes.push(outcome);
  }
  return { slot, outcomes };
}

interface Case {
  readonly name: string;
  /** The field every step is about (else each step's own, else travel.status). */
  readonly field?: string;
  readonly steps: readonly Step[];
  readonly decision: ResolveOutcome['decision'];
  readonly committed: string | null;
  readonly pending?: string | null;
  readonly policy?: Policy;
  readonly calibrationRemaining?: number;
}

const cases: readonly Case[] = [
  {
    name: "auto-commits the user's own uncontested first-person assertion",
    steps: [{ id: 'a', value: 'in_progress', source: 'user_statement', at: 0 }],
    decision: 'auto_commit',
    committed: 'in_progress',
  },
  {
    name: 'accepts the seed alias conversation_assertive as the user speaking',
    steps: [
      { id: 'a', value: 'in_progress', source: 'conversation_assertive', at: 0, corroborators: 1 },
    ],
    decision: 'auto_commit',
    committed: 'in_progress',
  },
  {
    name: 'seeds an empty slot from an uncontested static note at low confidence',
    steps: [{ id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -48 }],
    decision: 'auto_commit',
    committed: 'planned',
  },
  {
    name: 'lets a later first-person arrival replace the stale plan in a note (the Tahoe incident)',
    steps: [
      { id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -96 },
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
    ],
    decision: 'auto_commit',
    committed: 'in_progress',
  },
  // The user states a value; an hour later they say another one in a way that asserts nothing.
  ...(
    [
      ['never lets a hypothetical change state', 'in_progress', 'cancelled', 'hypothetical'],
      ['never lets a question overwrite an assertion', 'in_progress', 'completed', 'question'],
      ['keeps reminiscence as history only', 'none', 'in_progress', 'historical'],
    ] as const
  ).map(
    ([name, stated, later, intent]): Case => ({
      name,
      steps: [
        { id: 'u', value: stated, source: 'user_statement', at: 0 },
        { id: intent, value: later, source: 'user_statement', intent, at: 1 },
      ],
      decision: 'tentative_reject',
      committed: stated,
    }),
  ),
  {
    name: 'records a late, older event without regressing state or asking',
    steps: [
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
      {
        id: 'old',
        value: 'planned',
        source: 'user_statement',
        intent: 'planning',
        at: -30,
        recorded: 2,
      },
    ],
    decision: 'tentative_reject',
    committed: 'in_progress',
    pending: null,
  },
  {
    name: 'commits an uncontested calendar entry at low confidence instead of asking',
    steps: [{ id: 'c', value: 'planned', source: 'calendar', intent: 'planning', at: 0 }],
    decision: 'auto_commit',
    committed: 'planned',
    pending: null,
  },
  {
    name: 'asks the user when a newer calendar entry contests an older user statement',
    steps: [
      { id: 'u', value: 'in_progress', source: 'user_statement', at: -60, recorded: 0 },
      { id: 'c', value: 'completed', source: 'calendar', at: 0 },
    ],
    decision: 'ask_user',
    committed: 'in_progress',
    pending: 'completed',
  },
  {
    name: 'commits old uncontested evidence learned late, since nothing contradicts it',
    steps: [{ id: 'u', value: 'in_progress', source: 'user_statement', at: -200, recorded: 0 }],
    decision: 'auto_commit',
    committed: 'in_progress',
  },
  {
    name: 'lets a newer statement from the same authority supersede an older one (switched to)',
    field: 'project.verity.status',
    steps: [
      { id: 'a', value: 'in_progress', source: 'user_statement', at: 0 },
      { id: 'b', value: 'shipped', source: 'user_statement', at: 1 },
    ],
    decision: 'auto_commit',
    committed: 'shipped',
  },
  {
    name: 'keeps the bank ledger over a chat claim in finance, and asks which is right',
    field: 'financial.rent.status',
    steps: [
      { id: 'bank', value: 'unpaid', source: 'transactions_email', at: 0 },
      { id: 'chat', value: 'paid', source: 'user_statement', at: 2 },
    ],
    decision: 'ask_user',
    committed: 'unpaid',
    pending: 'paid',
  },
  {
    name: "lets the user's explicit correction beat the bank ledger",
    field: 'financial.rent.status',
    steps: [
      { id: 'bank', value: 'unpaid', source: 'transactions_email', at: 0 },
      { id: 'fix', value: 'paid', source: 'user_statement', at: 2, correction: true },
    ],
    decision: 'auto_commit',
    committed: 'paid',
  },
  {
    name: 'lets a same-day user update beat the calendar for family schedules',
    field: 'family.schedule.school',
    steps: [
      { id: 'cal', value: 'in_session', source: 'calendar', at: 0 },
      { id: 'sick', value: 'cancelled', source: 'user_statement', at: 1 },
    ],
    decision: 'auto_commit',
    committed: 'cancelled',
  },
  {
    name: 'asks before changing an established profile preference',
    field: 'profile.preference.seat',
    steps: [
      { id: 'p1', value: 'aisle', source: 'user_statement', at: 0 },
      { id: 'p2', value: 'window', source: 'user_statement', at: 24 },
    ],
    decision: 'ask_user',
    committed: 'aisle',
    pending: 'window',
  },
  {
    name: "never lets an assistant's guess override the user",
    steps: [
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
      { id: 'bot', value: 'completed', source: 'assistant_statement', at: 1 },
    ],
    decision: 'tentative_reject',
    committed: 'in_progress',
  },
  {
    name: 'does not seed state from an assistant guess alone',
    steps: [{ id: 'bot', value: 'planned', source: 'assistant_statement', at: 0 }],
    decision: 'tentative_reject',
    committed: null,
  },
  {
    name: 'withdraws the targeted evidence and re-resolves from what remains (scratch that)',
    steps: [
      { id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -10 },
      { id: 'u', value: 'cancelled', source: 'user_statement', at: 0 },
      { id: 'x', value: null, source: 'user_statement', intent: 'retract', at: 1, retracts: 'u' },
    ],
    decision: 'auto_commit',
    committed: 'planned',
  },
  {
    name: 'empties the slot when a retraction leaves no evidence',
    steps: [
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
      { id: 'x', value: null, source: 'user_statement', intent: 'retract', at: 1, retracts: 'u' },
    ],
    decision: 'auto_commit',
    committed: null,
  },
  {
    name: 'treats low extractor confidence as ambiguous and keeps it tentative',
    steps: [{ id: 'a', value: 'in_progress', source: 'user_statement', at: 0, extraction: 0.3 }],
    decision: 'tentative_reject',
    committed: null,
  },
  {
    name: 'asks instead of auto-committing below 0.98 during stage-1 calibration',
    steps: [{ id: 'a', value: 'in_progress', source: 'user_statement', at: 0 }],
    decision: 'ask_user',
    committed: null,
    pending: 'in_progress',
    policy: { ...DEFAULT_POLICY, stage: '1' },
    calibrationRemaining: 30,
  },
  {
    name: 'auto-commits at 0.98 or more even during calibration',
    steps: [{ id: 'a', value: 'in_progress', source: 'user_statement', at: 0, corroborators: 2 }],
    decision: 'auto_commit',
    committed: 'in_progress',
    policy: { ...DEFAULT_POLICY, stage: '1' },
    calibrationRemaining: 30,
  },
  {
    name: 'never commits in shadow mode',
    steps: [{ id: 'a', value: 'in_progress', source: 'user_statement', at: 0 }],
    decision: 'auto_commit',
    committed: null,
    policy: { ...DEFAULT_POLICY, stage: '0' },
  },
];

describe('resolveObservation', () => {
  it.each(cases)('$name', (c) => {
    const { field } = c;
    const steps = field === undefined ? c.steps : c.steps.map((step) => ({ ...step, field }));
    const { slot, outcomes } = run(steps, c.policy, c.calibrationRemaining ?? 0);
    const last = outcomes[outcomes.length - 1];
    expect(last?.decision).toBe(c.decision);
    expect(slot.committed?.value ?? null).toBe(c.committed);
    if (c.pending !== undefined) expect(slot.pending?.value ?? null).toBe(c.pending);
  });

  it('computes the seed example confidence as reliability × recency × intent × corroboration', () => {
    const { outcomes } = run([
      { id: 'a', value: 'in_progress', source: 'conversation_assertive', at: 0, corroborators: 1 },
    ]);
    expect(outcomes[0]?.confidence).toBeCloseTo(0.9 * 1.05, 6);
    expect(outcomes[0]?.margin).toBeCloseTo(0.945, 6);
    expect(outcomes[0]?.proposedPatch).toEqual([
      { op: 'add', path: '/entities/user:primary/state/travel/status', value: 'in_progress' },
    ]);
  });

  it('decays evidence after the grace window with the domain half-life', () => {
    const { outcomes } = run([
      { id: 'a', value: 'in_progress', source: 'user_statement', at: 0, recorded: 12 + 72 },
    ]);
    expect(outcomes[0]?.confidence).toBeCloseTo(0.45, 6);
  });

  it('marks a bootstrapped value as low confidence and replaces it without a prompt', () => {
    const { slot, outcomes } = run([
      { id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -300 },
      { id: 'c', value: 'in_progress', source: 'calendar', at: 0, extraction: 0.9 },
    ]);
    expect(outcomes[0]?.slot.committed?.lowConfidence).toBe(true);
    expect(outcomes[1]?.prompt).toBeNull();
    expect(slot.committed?.value).toBe('in_progress');
    expect(slot.committed?.lowConfidence).toBe(false);
  });

  it('keeps provenance: winning event, thresholds and reasons', () => {
    const { slot } = run([
      { id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -96 },
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
    ]);
    expect(slot.committed?.eventId).toBe('u');
    expect(slot.committed?.thresholds).toEqual({ ask: 0.65, auto: 0.9, margin: 0.15 });
    expect(slot.committed?.reasons.join(' ')).toMatch(/auto 0\.90/);
    expect(slot.evidence.find((e) => e.eventId === 'n')?.state).toBe('superseded');
  });

  it('supersedes the pending prompt when a later auto-commit decides the slot', () => {
    const field = 'profile.preference.seat';
    const { outcomes } = run([
      { id: 'a', field, value: 'aisle', source: 'user_statement', at: 0 },
      { id: 'w', field, value: 'window', source: 'user_statement', at: 1 },
      { id: 'x', field, value: 'window', source: 'user_statement', at: 2, correction: true },
    ]);
    const promptId = outcomes[1]?.prompt?.promptId;
    expect(promptId).toBeDefined();
    expect(outcomes[2]?.supersededPromptIds).toEqual([promptId]);
    expect(outcomes[2]?.slot.pending).toBeNull();
    expect(outcomes[2]?.slot.committed?.value).toBe('window');
  });

  it('supersedes a pending prompt when a later statement restates the committed value', () => {
    const field = 'profile.preference.seat';
    const { outcomes, slot } = run([
      { id: 'w', field, value: 'window', source: 'user_statement', at: 0 },
      { id: 'a', field, value: 'aisle', source: 'user_statement', at: 24 },
      { id: 'x', field, value: 'window', source: 'user_statement', at: 48, correction: true },
    ]);
    const promptId = outcomes[1]?.prompt?.promptId;
    expect(promptId).toBeDefined();
    expect(outcomes[2]?.supersededPromptIds).toEqual([promptId]);
    expect(outcomes[2]?.reasons.join(' ')).toContain(`closes prompt ${promptId}`);
    expect(slot.pending).toBeNull();
    expect(slot.committed?.value).toBe('window');
  });

  it('keeps a pending prompt that later evidence does not outrank', () => {
    const field = 'profile.preference.seat';
    const { outcomes, slot } = run([
      { id: 'w', field, value: 'window', source: 'user_statement', at: 0 },
      { id: 'a', field, value: 'aisle', source: 'user_statement', at: 24 },
      // An assistant's restatement is below the user's statement in the authority matrix.
      { id: 's', field, value: 'window', source: 'assistant_statement', at: 48 },
    ]);
    expect(outcomes[2]?.supersededPromptIds).toEqual([]);
    expect(slot.pending?.value).toBe('aisle');
  });

  it('is deterministic: the same inputs give byte-identical outcomes', () => {
    const steps: Step[] = [
      { id: 'n', value: 'planned', source: 'static_markdown', intent: 'planning', at: -96 },
      { id: 'c', value: 'planned', source: 'calendar', at: -5 },
      { id: 'u', value: 'in_progress', source: 'user_statement', at: 0 },
    ];
    expect(JSON.stringify(run(steps))).toBe(JSON.stringify(run(steps)));
  });

  it('bounds the evidence kept per slot', () => {
    const steps: Step[] = Array.from({ length: 40 }, (_, i) => ({
      id: `e${i}`,
      value: `v${i % 7}`,
      source: 'user_statement' as const,
      at: i,
    }));
    const { slot } = run(steps);
    expect(slot.evidence.length).toBeLessThanOrEqual(DEFAULT_POLICY.maxEvidencePerSlot);
    expect(slot.committed?.value).toBe('v4');
  });

  it('keeps a weak reading that agrees with the committed value tentative: no commit, no refresh', () => {
    const { slot, outcomes } = run([
      { id: 'a', value: 'in_progress', source: 'user_statement', at: 0 },
      { id: 'w', value: 'in_progress', source: 'user_statement', at: 5, extraction: 0.35 },
    ]);
    const weak = outcomes[1];
    expect(weak?.decision).toBe('tentative_reject');
    expect(weak?.history.kind).toBe('tentative');
    expect(weak?.proposedPatch).toEqual([]);
    // The committed value is as the strong reading left it: same confidence, evidence and time.
    expect(slot.committed).toEqual(outcomes[0]?.slot.committed);
    expect(slot.evidence.map((e) => e.eventId)).toContain('w');
  });

  it('still counts a strong reading that agrees with the committed value as a reinforcement', () => {
    const { slot, outcomes } = run([
      { id: 'a', value: 'in_progress', source: 'user_statement', at: 0 },
      { id: 's', value: 'in_progress', source: 'calendar', at: 5 },
    ]);
    expect(outcomes[1]?.decision).toBe('auto_commit');
    expect(slot.committed?.supportingEventIds).toEqual(['a', 's']);
    expect(slot.committed?.lastEvidenceAt).toBe(new Date(T0 + 5 * H).toISOString());
  });
});
