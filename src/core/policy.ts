import { DOMAIN_SPECS, type Domain } from './domains/index.js';
import type { DomainPolicy, RolloutStage } from './domains/spec.js';
import type { SourceType } from './vocabulary.js';

export type { DomainPolicy, DomainThresholds, RolloutStage } from './domains/spec.js';
export { ROLLOUT_STAGES } from './domains/spec.js';

/** Everything the resolver needs to decide; changed only through `policy.changed` events. */
export interface Policy {
  readonly stage: RolloutStage;
  readonly reliability: Readonly<Record<SourceType, number>>;
  readonly intentFactor: Readonly<Record<'assertive' | 'planning', number>>;
  /**
   * Weight of each authority tier when values compete (tier 0 first). Applied to ranking and margin
   * only; a value's reported confidence is its unweighted score.
   */
  readonly tierWeights: readonly number[];
  /** Added to the corroboration factor per independent corroborating source. */
  readonly corroborationStep: number;
  /** Stage 1 auto-commits only at or above this confidence. */
  readonly calibrationAuto: number;
  /** Number of mutations the stage-1 calibration period covers, per domain. */
  readonly calibrationMutations: number;
  readonly domains: Readonly<Record<Domain, DomainPolicy>>;
  readonly review: {
    /** Open prompts at once; more wait in order, nothing is dropped. */
    readonly maxPending: number;
    /** Hours before an unanswered prompt expires. */
    readonly expiryHours: number;
  };
  readonly adaptiveLearning: {
    readonly enabled: boolean;
    /** EMA smoothing weight given to the newest day. */
    readonly alpha: number;
    readonly askBounds: readonly [number, number];
    readonly autoBounds: readonly [number, number];
  };
  /** Live evidence kept per slot; older superseded evidence is left to history. */
  readonly maxEvidencePerSlot: number;
}

/**
 * Defaults. Reliabilities come from seed 000 where it gives them (conversation_assertive 0.90,
 * calendar 0.85, transactions_email 0.88, static_markdown 0.60); the others are ours and are
 * explained in docs/decisions/2026-11-25-resolver-factors.md. Each domain's half-lives, TTLs,
 * thresholds and authority tiers come from its spec (`core/domains/<name>.ts`).
 */
export const DEFAULT_POLICY: Policy = {
  stage: 'M',
  reliability: {
    user_statement: 0.9,
    conversation_assertive: 0.9,
    manual_markdown: 0.9,
    user_confirmation: 1,
    transactions_email: 0.88,
    calendar: 0.85,
    location: 0.85,
    webhook: 0.8,
    static_markdown: 0.6,
    assistant_statement: 0.3,
  },
  intentFactor: { assertive: 1, planning: 1 },
  tierWeights: [1, 0.85, 0.7, 0.4],
  corroborationStep: 0.05,
  calibrationAuto: 0.98,
  calibrationMutations: 30,
  domains: Object.fromEntries(DOMAIN_SPECS.map((spec) => [spec.name, spec.policy])) as Record<
    Domain,
    DomainPolicy
  >,
  review: { maxPending: 20, expiryHours: 72 },
  adaptiveLearning: { enabled: false, alpha: 0.3, askBounds: [0.55, 0.8], autoBounds: [0.8, 0.99] },
  maxEvidencePerSlot: 12,
};

/** The authority tier of a source in a domain: 0 is most authoritative. Unlisted → last + 1. */
export function authorityTier(policy: Policy, domain: Domain, source: SourceType): number {
  const tiers = policy.domains[domain].authority;
  const index = tiers.findIndex((tier) => tier.includes(source));
  return index === -1 ? tiers.length : index;
}

/** The contest weight of a source in a domain. */
export function tierWeight(policy: Policy, domain: Domain, source: SourceType): number {
  const tier = authorityTier(policy, domain, source);
  return policy.tierWeights[tier] ?? policy.tierWeights[policy.tierWeights.length - 1] ?? 1;
}

/** The stage in force for one domain (a domain-level rollback overrides the global stage). */
export function stageFor(policy: Policy, domain: Domain): RolloutStage {
  return policy.domains[domain].stage ?? policy.stage;
}
