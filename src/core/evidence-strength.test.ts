import { describe, expect, it } from 'vitest';
import { deriveUuid } from './ids.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { type ObservationInput, resolveObservation } from './resolver.js';
import { emptySlot } from './slot.js';
import type { SourceType } from './vocabulary.js';

// Issue #10 §1: the strength of the linguistic evidence enters the confidence, and only a plainly
// stated reading or a document the user keeps may take the uncontested-bootstrap route.
const T0 = Date.parse('2026-06-01T10:00:00Z');
const H = 3_600_000;

function obs(source: SourceType, extraction: number, ageHours: number): ObservationInput {
  const at = new Date(T0 - ageHours * H).toISOString();
  return {
    eventId: deriveUuid('test', source, String(extraction), String(ageHours)),
    entityId: 'user:primary',
    field: 'travel.location',
    domain: 'travel',
    value: 'Tromsø',
    intent: 'assertive',
    sourceType: source,
    sourceRef: 'ref:1',
    eventTs: at,
    recordedAt: new Date(T0).toISOString(),
    corroborators: 0,
    correction: false,
    extractionConfidence: extraction,
    extractor: 'rules@2.0.0',
    retracts: null,
  };
}

const commitUncontested: Policy = {
  ...DEFAULT_POLICY,
  domains: {
    ...DEFAULT_POLICY.domains,
    travel: { ...DEFAULT_POLICY.domains.travel, commitUncontested: true },
  },
};

function resolve(o: ObservationInput, policy: Policy = commitUncontested) {
  const slot = emptySlot(o.entityId, o.field, o.domain);
  return resolveObservation(
    slot,
    o,
    { policy, now: T0, calibrationRemaining: 0, forceConfirmRemaining: 0 },
    deriveUuid,
  );
}

describe('evidence strength in the resolver', () => {
  it('auto-commits a fresh, plainly stated chat reading', () => {
    const out = resolve(obs('user_statement', 1, 0));
    expect(out.decision).toBe('auto_commit');
    expect(out.slot.committed?.value).toBe('Tromsø');
  });

  it('asks about a fresh moderate chat reading instead of committing it uncontested', () => {
    const out = resolve(obs('user_statement', 0.8, 0));
    expect(out.decision).toBe('ask_user');
    expect(out.slot.committed).toBeNull();
    expect(out.slot.pending?.value).toBe('Tromsø');
  });

  it('keeps an old moderate chat reading tentative rather than seeding the empty slot', () => {
    const out = resolve(obs('user_statement', 0.8, 72));
    expect(out.decision).toBe('tentative_reject');
    expect(out.slot.committed).toBeNull();
  });

  it('never commits a weak chat reading, even uncontested', () => {
    const out = resolve(obs('user_statement', 0.35, 0));
    expect(out.slot.committed).toBeNull();
    expect(out.decision).toBe('tentative_reject');
  });

  it('still seeds an empty slot from a note the user keeps, read with moderate strength', () => {
    const out = resolve(obs('manual_markdown', 0.8, 72));
    expect(out.decision).toBe('auto_commit');
    expect(out.slot.committed?.lowConfidence).toBe(true);
  });

  it('still seeds an old, plainly stated chat reading (strong evidence decayed by recency)', () => {
    const out = resolve(obs('user_statement', 1, 72));
    expect(out.slot.committed?.value).toBe('Tromsø');
  });
});
