import type { Policy } from './policy.js';
import type { Evidence } from './slot.js';
import { HOUR_MS, parseRfc3339 } from './time.js';
import { canonicalSource, type Domain } from './vocabulary.js';

/**
 * Recency factor: 1 inside the domain's grace window, then halving every half-life.
 * Evidence dated in the future counts as fresh.
 */
export function recencyFactor(
  policy: Policy,
  domain: Domain,
  eventTs: string,
  now: number,
): number {
  const at = parseRfc3339(eventTs) ?? now;
  const { halfLifeHours, graceHours } = policy.domains[domain];
  const ageHours = Math.max(0, (now - at) / HOUR_MS - graceHours);
  return 0.5 ** (ageHours / halfLifeHours);
}

/** Intent factor: assertions and plans count; everything else is history only (0). */
export function intentFactor(policy: Policy, intent: Evidence['intent']): number {
  return intent === 'assertive' || intent === 'planning' ? policy.intentFactor[intent] : 0;
}

/** The breakdown of one evidence score, kept for explanations. */
export interface ScoreBreakdown {
  readonly reliability: number;
  readonly recency: number;
  readonly intent: number;
  readonly extraction: number;
  readonly score: number;
}

/** `source_reliability × recency × intent × extraction confidence`, before corroboration. */
export function scoreEvidence(
  policy: Policy,
  domain: Domain,
  evidence: Evidence,
  now: number,
): ScoreBreakdown {
  const reliability = policy.reliability[canonicalSource(evidence.sourceType)];
  const recency = recencyFactor(policy, domain, evidence.eventTs, now);
  const intent = intentFactor(policy, evidence.intent);
  const extraction = evidence.extractionConfidence;
  return {
    reliability,
    recency,
    intent,
    extraction,
    score: reliability * recency * intent * extraction,
  };
}

/** `value` rounded to `digits` decimal places (half away from zero for positives, as `Math.round`). */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Rounds a confidence for storage and display, so replays compare byte for byte. */
export function roundScore(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
