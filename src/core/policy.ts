import type { Domain, SourceType } from './vocabulary.js';

/** Seed 000's rollout stages. `M` is the MVP with fixed thresholds; `0` only shadows. */
export const ROLLOUT_STAGES = ['M', '0', '1', '2', '3'] as const;
/** A rollout stage. */
export type RolloutStage = (typeof ROLLOUT_STAGES)[number];

/** Decision thresholds for one domain. */
export interface DomainThresholds {
  /** At or above: ask the user (review band). Adaptive learning keeps it in [0.55, 0.80]. */
  readonly ask: number;
  /** At or above (with enough margin): commit without asking. Learning keeps it in [0.80, 0.99]. */
  readonly auto: number;
  /** Minimum lead of the winner over the runner-up for an auto-commit. */
  readonly margin: number;
}

/** How one domain weighs and ages its evidence. */
export interface DomainPolicy extends DomainThresholds {
  /** Half-life of evidence, in hours (recency factor = 0.5^(age / half-life) after the grace). */
  readonly halfLifeHours: number;
  /** Evidence younger than this is not discounted at all. */
  readonly graceHours: number;
  /** A committed value not refreshed for this long reads as stale. */
  readonly staleAfterHours: number;
  /** Lowest confidence at which uncontested evidence may seed an empty slot (marked low). */
  readonly bootstrapFloor: number;
  /**
   * Authority tiers, most authoritative first (seed 000 truth-authority matrix). Newer evidence
   * from a tier at least as authoritative supersedes older evidence; an older, more authoritative
   * source must be outscored instead.
   */
  readonly authority: readonly (readonly SourceType[])[];
  /** Changing an already committed value is never automatic (profile). */
  readonly confirmChanges: boolean;
  /** A user statement made the same UTC day as a calendar entry overrides it (family). */
  readonly sameDayUserOverride: boolean;
  /** A user statement outranks the primary source only when marked as an explicit correction. */
  readonly userCorrectionsOnly: boolean;
  /** Stage override for this domain (a rollback can pin one domain to stage 1). */
  readonly stage?: RolloutStage;
  /**
   * Uncontested evidence — the only live value for the slot — is committed (marked low confidence
   * below `auto`) instead of asked about, when its confidence before recency reaches
   * `bootstrapFloor`. Recency then orders evidence without erasing it. Review stays for contests,
   * blockers and bundle holds. On by default; ADR 2026-11-25-uncontested-evidence.
   */
  readonly commitUncontested?: boolean;
}

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

const baseDomain = {
  ask: 0.65,
  auto: 0.9,
  margin: 0.15,
  graceHours: 12,
  bootstrapFloor: 0.35,
  commitUncontested: true,
  confirmChanges: false,
  sameDayUserOverride: false,
  userCorrectionsOnly: false,
} satisfies Partial<DomainPolicy>;

/**
 * Defaults. Reliabilities come from seed 000 where it gives them (conversation_assertive 0.90,
 * calendar 0.85, transactions_email 0.88, static_markdown 0.60); the others, the half-lives and
 * the tiers are ours and are explained in docs/decisions/2026-11-25-resolver-factors.md.
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
  domains: {
    travel: {
      ...baseDomain,
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
    family: {
      ...baseDomain,
      halfLifeHours: 48,
      staleAfterHours: 3 * 24,
      sameDayUserOverride: true,
      authority: [
        ['user_confirmation', 'calendar'],
        ['user_statement', 'conversation_assertive', 'manual_markdown', 'webhook', 'location'],
        ['static_markdown', 'transactions_email'],
        ['assistant_statement'],
      ],
    },
    project: {
      ...baseDomain,
      margin: 0.2,
      halfLifeHours: 14 * 24,
      staleAfterHours: 30 * 24,
      authority: [
        ['user_confirmation', 'user_statement', 'conversation_assertive', 'webhook'],
        ['manual_markdown', 'static_markdown'],
        ['calendar', 'transactions_email', 'location'],
        ['assistant_statement'],
      ],
    },
    financial: {
      ...baseDomain,
      margin: 0.2,
      halfLifeHours: 7 * 24,
      staleAfterHours: 35 * 24,
      userCorrectionsOnly: true,
      authority: [
        ['user_confirmation', 'transactions_email', 'webhook'],
        ['user_statement', 'conversation_assertive', 'manual_markdown'],
        ['static_markdown', 'calendar', 'location'],
        ['assistant_statement'],
      ],
    },
    profile: {
      ...baseDomain,
      margin: 0.2,
      halfLifeHours: 365 * 24,
      staleAfterHours: 365 * 24,
      confirmChanges: true,
      authority: [
        ['user_confirmation', 'manual_markdown', 'static_markdown'],
        ['user_statement', 'conversation_assertive'],
        ['calendar', 'transactions_email', 'webhook', 'location'],
        ['assistant_statement'],
      ],
    },
  },
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
