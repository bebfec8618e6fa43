import type { SourceType } from '../vocabulary.js';

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
  /** A committed value not refreshed for this long reads as stale (its TTL). */
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

/** What a field's values look like (for the extraction prompt and the documentation). */
export type ValueKind = 'enum' | 'date' | 'datetime' | 'text' | 'amount';

/** One field (or family of fields) of a domain's vocabulary. */
export interface FieldSpec {
  /** The path; `<name>` segments stand for a slug (`project.<slug>.status`). */
  readonly path: string;
  readonly kind: ValueKind;
  /** The closed value set of an `enum` field, or the usual values of an open one. */
  readonly values?: readonly string[];
  /** What the field holds, in a few words. */
  readonly note?: string;
}

/** An incoming observation as the timeline rules see it. */
export interface TimelineObservation {
  readonly eventId: string;
  readonly field: string;
  readonly value: string | null;
  readonly eventTs: string;
  readonly sourceType: SourceType;
}

/** A committed value as the timeline rules see it. */
export interface TimelineCommitted {
  readonly value: string | null;
  readonly validFrom: string;
  readonly sourceType: SourceType;
}

/** One entity's incoming state observations of a bundle and what it already holds. */
export interface TimelineView {
  /** The incoming state observation of `field` in this bundle, if any. */
  readonly incoming: (field: string) => TimelineObservation | null;
  /** The value committed for `field` before this bundle, if any. */
  readonly committed: (field: string) => TimelineCommitted | null;
}

/** An impossible sequence found in a bundle, flagged for review instead of committed. */
export interface TimelineIssue {
  /** The observation that would make the timeline impossible. */
  readonly eventId: string;
  readonly reason: string;
}

/** A timeline rule of one domain: the issues it finds for one entity. Pure. */
export type TimelineRule = (view: TimelineView) => TimelineIssue[];

/**
 * Everything one state domain is, in one place: its vocabulary, policy defaults (thresholds,
 * TTLs, authority-matrix row), coherence groups, rollback rule, timeline rules and extraction
 * prompt examples. Registered once in `core/domains/index.ts`; everything else reads the registry.
 * Extraction rules live beside it in `extract/rules/<name>.ts`.
 */
export interface DomainSpec<Name extends string = string> {
  /** The domain: a field's first path segment. Lower-case letters only. */
  readonly name: Name;
  /** The core fields; custom fields under the domain are allowed too. */
  readonly fields: readonly FieldSpec[];
  /** Defaults for a store that has not changed them through `policy.changed` events. */
  readonly policy: DomainPolicy;
  /**
   * The coherence group of a field: fields of one group change together or not at all within
   * one message (`resolveBundle`). A group's `<group>.status` field anchors it.
   */
  readonly coherenceGroup: (field: string) => string;
  /** Seed 000's rollback rules as they apply to this domain. */
  readonly rollback: {
    /**
     * A false state here is a P0 incident: a corrected auto-commit pins the domain to stage 1,
     * and a permanently failed dead letter alerts at once.
     */
    readonly falseStateIsP0: boolean;
  };
  /** Impossible sequences to hold for review (seed 000 timeline logic). */
  readonly timeline: readonly TimelineRule[];
  /**
   * True when a household's slots of this domain are read with each member's message: a parent's
   * "Leo's piano moved to Friday" in their own thread names an entry on the family's schedule.
   */
  readonly sharedWithMembers?: boolean;
  /**
   * Few-shot examples for the language-model extractor: a message (written for Verity) and the
   * answer expected, as one JSON line of the extraction output schema.
   */
  readonly examples: readonly { readonly message: string; readonly answer: string }[];
}

/** Checks a spec at definition time and keeps its literal name in the type. */
export function defineDomain<const Name extends string>(spec: DomainSpec<Name>): DomainSpec<Name> {
  if (!/^[a-z]+$/.test(spec.name)) {
    throw new Error(`domain name must be lower-case letters: "${spec.name}"`);
  }
  return spec;
}

/** The defaults most domains share; a spec spreads them and overrides what differs. */
export const BASE_DOMAIN_POLICY = {
  ask: 0.65,
  auto: 0.9,
  margin: 0.15,
  graceHours: 12,
  bootstrapFloor: 0.35,
  commitUncontested: true,
  confirmChanges: false,
  sameDayUserOverride: false,
  userCorrectionsOnly: false,
} as const satisfies Partial<DomainPolicy>;

/** Coherence by item: `<domain>.<item>.<attribute>` groups under `<domain>.<item>`. */
export function groupByItem(field: string): string {
  return field.split('.').slice(0, -1).join('.');
}

/** A field that stands alone. */
export function groupAlone(field: string): string {
  return field;
}
