import type { Intent, Result } from '../core/index.js';

/** A slot the extractor may refer back to ("referrals" → `project.referral_program`). */
export interface KnownSlot {
  readonly entityId: string;
  readonly field: string;
  /** The committed value, else the newest live evidence, else null. */
  readonly value: string | null;
  /**
   * False when the slot holds only uncommitted (tentative or pending) evidence: such a slot is no
   * anchor that makes a later weak reading strong. Absent means committed.
   */
  readonly committed?: boolean;
}

/** Who belongs to which family or team, and what names stand for which slot. */
export interface EntityRegistry {
  /** Group entity (`family:x`, `team:x`) → the display names of its members. */
  readonly members: Readonly<Record<string, readonly string[]>>;
  /** User entity → the group its first-person plural ("we") means in that user's threads. */
  readonly we: Readonly<Record<string, string>>;
  /**
   * Alias → canonical slot prefix, e.g. `"city power util"` → `financial.power_bill`. Keys are
   * matched case-insensitively on words; values are `<domain>.<item>` paths.
   */
  readonly aliases: Readonly<Record<string, string>>;
}

/** An empty registry: no groups, no aliases. */
export const EMPTY_REGISTRY: EntityRegistry = { members: {}, we: {}, aliases: {} };

/** What an extractor reads: one message or note and the context it was written in. */
export interface ExtractionInput {
  /** The text. */
  readonly text: string;
  /** When it was written (RFC 3339); relative dates resolve against it. */
  readonly at: string;
  /** Where it came from: `chat`, `sms`, `note`, `calendar`, `email`, `bank`, `webhook`, ... */
  readonly source: string;
  readonly role: 'user' | 'assistant' | 'system';
  /** The entity the message belongs to (its thread's entity). */
  readonly entityId: string;
  /** A note's title or path, when it has one. */
  readonly title?: string;
  /** Slots that already exist for the entities in play, for resolving short names. */
  readonly known: readonly KnownSlot[];
  readonly registry: EntityRegistry;
}

/**
 * How strongly the words support a reading (issue #10 §1). `strong`: an explicit statement with a
 * recognised object (a first-person arrival in a gazetteer city, "we switched to Adyen").
 * `moderate`: a clear predicate with an object the analysis cannot confirm (a capitalised name
 * the gazetteer does not know after "landed in"): worth a review prompt, never an auto-commit.
 * `weak`: hedged, approximate or ambiguous: kept tentative, never committed alone.
 */
export type EvidenceStrength = 'strong' | 'moderate' | 'weak';

/**
 * The extraction confidence each strength caps an observation at. Moderate × a user statement's
 * reliability (0.9) lands in the review band [0.65, 0.90); weak stays below the bootstrap floor
 * (0.35), so neither commits without the user.
 */
export const EVIDENCE_CONFIDENCE: Readonly<Record<EvidenceStrength, number>> = {
  strong: 1,
  moderate: 0.8,
  weak: 0.35,
};

/** Confidence of a hedged statement: at the bootstrap floor, so it never commits alone. */
export const HEDGED_CONFIDENCE = EVIDENCE_CONFIDENCE.weak;

/** One slot value an extractor read from a text. */
export interface ExtractedObservation {
  readonly entityId: string;
  /** `<domain>.<path>`, matching the field schema. */
  readonly field: string;
  /** The value; null only for `retract`. */
  readonly value: string | null;
  readonly intent: Intent;
  /** In (0, 1]: below 1 for hedged, approximate or ambiguous language. */
  readonly confidence: number;
  /** The strength of the linguistic evidence; `confidence` never exceeds its cap. */
  readonly evidence: EvidenceStrength;
  /** Explicit supersession or correction language ("instead of", "mark it as paid"). */
  readonly correction: boolean;
  /** The words it was read from, for explanations. */
  readonly span: string;
}

/** Everything an extractor read from one text. */
export interface Extraction {
  /** The message's dominant intent, or null when nothing was classified. */
  readonly intent: Intent | null;
  readonly observations: readonly ExtractedObservation[];
  /** The text withdraws the speaker's previous statement ("scratch that", "never mind"). */
  readonly retractsPrevious: boolean;
  /** Sentences no rule recognised (what a `rules+llm` pipeline hands to the model). */
  readonly unrecognised: readonly string[];
}

/**
 * Turns text into slot observations. Implementations are deterministic for a given `id@version`
 * (a model-backed one through its cache), because their output is recorded in the ledger and
 * replay never calls them again.
 */
export interface Extractor {
  /** Stable identity recorded on every observation it produces: `<id>@<version>`. */
  readonly id: string;
  readonly version: string;
  /**
   * Extracts observations from one text. Expected failures (a model timeout, an answer that
   * fails the schema) are returned as errors, never thrown; nothing partial is returned.
   */
  extract(input: ExtractionInput): Promise<Result<Extraction>>;
}
