import { roundTo } from './confidence.js';
import { DOMAINS, type Domain, domainSpec } from './domains/index.js';
import { EngineError, err, ok, type Result } from './errors.js';
import { DEFAULT_POLICY, type Policy, type RolloutStage } from './policy.js';

/** One day's outcome counts for one domain. */
export interface DayCounts {
  readonly autoCommits: number;
  readonly corrections: number;
  readonly asks: number;
  readonly confirmed: number;
  readonly rejected: number;
  readonly edited: number;
}

/** Outcome counters for one domain, derived from the ledger (seed 000 `learning_stats`). */
export interface DomainStats {
  readonly autoCommits: number;
  readonly autoCommitCorrections: number;
  readonly asks: number;
  readonly confirmed: number;
  readonly rejected: number;
  readonly edited: number;
  readonly tentative: number;
  /** Committed-value changes of any kind. */
  readonly mutations: number;
  /** Mutations left in the stage-1 calibration period. */
  readonly calibrationRemaining: number;
  /** Events that must still be confirmed after a correction-rate rollback. */
  readonly forceConfirmRemaining: number;
  /** Per UTC day (`YYYY-MM-DD`), the last 35 days with activity. */
  readonly days: Readonly<Record<string, DayCounts>>;
}

/** Counters for every domain. */
export type LearningStats = Readonly<Record<Domain, DomainStats>>;

const EMPTY_DAY: DayCounts = {
  autoCommits: 0,
  corrections: 0,
  asks: 0,
  confirmed: 0,
  rejected: 0,
  edited: 0,
};

function freshDomain(policy: Policy): DomainStats {
  return {
    autoCommits: 0,
    autoCommitCorrections: 0,
    asks: 0,
    confirmed: 0,
    rejected: 0,
    edited: 0,
    tentative: 0,
    mutations: 0,
    calibrationRemaining: policy.calibrationMutations,
    forceConfirmRemaining: 0,
    days: {},
  };
}

/** Fresh counters, with the calibration period from the policy. */
export function emptyStats(policy: Policy): LearningStats {
  const one = freshDomain(policy);
  return Object.fromEntries(DOMAINS.map((d) => [d, one])) as Record<Domain, DomainStats>;
}

/**
 * One domain's counters. Counters stored before the domain was registered lack it: they read as
 * fresh (`statsFromStored` fills them in when a store opens; this guards other readers).
 */
export function domainStats(stats: LearningStats, domain: Domain): DomainStats {
  return (stats as Partial<Record<Domain, DomainStats>>)[domain] ?? freshDomain(DEFAULT_POLICY);
}

/**
 * Turns stored counters (the `learning` meta row: untrusted JSON; null when none) into
 * `LearningStats`: a registered domain it lacks gets fresh counters with the policy's calibration
 * period, and a counter a stored domain lacks starts fresh. A value that is not an object of
 * per-domain objects is a `VALIDATION_FAILED` error. Pure.
 */
export function statsFromStored(stored: unknown, policy: Policy): Result<LearningStats> {
  if (stored === null) return ok(emptyStats(policy));
  const malformed = (path: string) =>
    err(
      new EngineError('VALIDATION_FAILED', `stored learning counters are malformed at ${path}`, {
        operation: 'learning',
      }),
    );
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return malformed('(counters)');
  }
  const held = stored as Record<string, unknown>;
  const result: Record<string, DomainStats> = {};
  const fresh = freshDomain(policy);
  for (const [name, value] of Object.entries(held)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed(name);
    for (const [key, counter] of Object.entries(value)) {
      const expected = fresh[key as keyof DomainStats];
      if (expected === undefined) continue;
      const wrong =
        typeof expected === 'number'
          ? typeof counter !== 'number' || !Number.isFinite(counter)
          : typeof counter !== 'object' || counter === null || Array.isArray(counter);
      if (wrong) return malformed(`${name}.${key}`);
    }
    result[name] = { ...fresh, ...(value as Partial<DomainStats>) };
  }
  for (const domain of DOMAINS) result[domain] ??= freshDomain(policy);
  return ok(result as LearningStats);
}

/** What happened, for counting. */
export type Outcome =
  | 'auto_commit'
  | 'correction'
  | 'ask'
  | 'confirmed'
  | 'rejected'
  | 'edited'
  | 'tentative'
  | 'mutation'
  | 'resolved_event';

const KEEP_DAYS = 35;

type Counter =
  | 'autoCommits'
  | 'autoCommitCorrections'
  | 'asks'
  | 'confirmed'
  | 'rejected'
  | 'edited';

/** Outcomes counted per domain and per day: the domain counter and the day counter each raises. */
const COUNTED: Readonly<Record<string, readonly [Counter, keyof DayCounts]>> = {
  auto_commit: ['autoCommits', 'autoCommits'],
  correction: ['autoCommitCorrections', 'corrections'],
  ask: ['asks', 'asks'],
  confirmed: ['confirmed', 'confirmed'],
  rejected: ['rejected', 'rejected'],
  edited: ['edited', 'edited'],
};

/** Returns the counters after one outcome in one domain at `at` (RFC 3339). Pure. */
export function recordOutcome(
  stats: LearningStats,
  domain: Domain,
  outcome: Outcome,
  at: string,
): LearningStats {
  const current = domainStats(stats, domain);
  const next: { -readonly [K in keyof DomainStats]: DomainStats[K] } = { ...current };
  const day = at.slice(0, 10);
  const counts: { -readonly [K in keyof DayCounts]: DayCounts[K] } = {
    ...(current.days[day] ?? EMPTY_DAY),
  };
  const counted = COUNTED[outcome];
  const touchDay = counted !== undefined;
  if (counted !== undefined) {
    next[counted[0]] += 1;
    counts[counted[1]] += 1;
  } else if (outcome === 'tentative') {
    next.tentative += 1;
  } else if (outcome === 'mutation') {
    next.mutations += 1;
    next.calibrationRemaining = Math.max(0, current.calibrationRemaining - 1);
  } else if (outcome === 'resolved_event') {
    next.forceConfirmRemaining = Math.max(0, current.forceConfirmRemaining - 1);
  }
  if (touchDay) {
    const days: Record<string, DayCounts> = { ...current.days, [day]: counts };
    const keys = Object.keys(days).sort();
    for (const old of keys.slice(0, Math.max(0, keys.length - KEEP_DAYS))) delete days[old];
    next.days = days;
  }
  return { ...stats, [domain]: next };
}

/** Sets the number of events that must be confirmed in a domain (after a rollback). */
export function forceConfirmations(
  stats: LearningStats,
  domain: Domain,
  count: number,
): LearningStats {
  return { ...stats, [domain]: { ...domainStats(stats, domain), forceConfirmRemaining: count } };
}

function sumDays(stats: DomainStats, fromDay: string, toDay: string): DayCounts {
  const total = { ...EMPTY_DAY } as { -readonly [K in keyof DayCounts]: DayCounts[K] };
  for (const [day, counts] of Object.entries(stats.days)) {
    if (day < fromDay || day > toDay) continue;
    total.autoCommits += counts.autoCommits;
    total.corrections += counts.corrections;
    total.asks += counts.asks;
    total.confirmed += counts.confirmed;
    total.rejected += counts.rejected;
    total.edited += counts.edited;
  }
  return total;
}

function clamp(value: number, [low, high]: readonly [number, number]): number {
  return Math.min(high, Math.max(low, value));
}

function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * Seed 000 §5: one daily exponential-moving-average step of each domain's thresholds toward what
 * the previous day's outcomes suggest. Corrections of auto-commits push `auto` up; a day where the
 * user confirmed nearly every question pulls `auto` and `ask` down; many rejected questions push
 * `ask` up. Results stay inside the hard bounds. Returns null when nothing changes.
 */
export function adaptThresholds(policy: Policy, stats: LearningStats, now: number): Policy | null {
  if (!policy.adaptiveLearning.enabled) return null;
  const { alpha, askBounds, autoBounds } = policy.adaptiveLearning;
  const yesterday = dayOf(now - 86_400_000);
  let changed = false;
  const domains = { ...policy.domains };
  for (const domain of DOMAINS) {
    const rules = policy.domains[domain];
    const day = sumDays(domainStats(stats, domain), yesterday, yesterday);
    const answered = day.confirmed + day.rejected + day.edited;
    let targetAuto = rules.auto;
    let targetAsk = rules.ask;
    if (day.autoCommits > 0) {
      const correctionRate = day.corrections / day.autoCommits;
      targetAuto += correctionRate > 0.02 ? 0.05 : -0.01;
    }
    if (answered >= 3) {
      const confirmRate = day.confirmed / answered;
      if (confirmRate >= 0.95) {
        targetAuto -= 0.02;
        targetAsk -= 0.02;
      } else if (day.rejected / answered > 0.5) {
        targetAsk += 0.05;
      }
    }
    const auto = roundTo(clamp(alpha * targetAuto + (1 - alpha) * rules.auto, autoBounds), 4);
    const ask = roundTo(clamp(alpha * targetAsk + (1 - alpha) * rules.ask, askBounds), 4);
    if (auto !== rules.auto || ask !== rules.ask) {
      changed = true;
      domains[domain] = { ...rules, auto, ask: Math.min(ask, auto) };
    }
  }
  return changed ? { ...policy, domains } : null;
}

/** A policy change a rollback rule calls for, with the reason it fired. */
export interface Rollback {
  readonly policy: Policy;
  readonly reasons: readonly string[];
  /** Domains whose next events must be confirmed, and how many. */
  readonly forceConfirm: Readonly<Partial<Record<Domain, number>>>;
}

/** Inputs of the rollback rules that do not live in the learning stats. */
export interface RollbackInputs {
  /** Share of inputs that passed schema validation over the last 24 h, or null if none. */
  readonly schemaSuccess24h: number | null;
  /** Days (`YYYY-MM-DD`) on which a correction-rate rollback already fired, per domain. */
  readonly lastRaise: Readonly<Partial<Record<Domain, string>>>;
}

const ADVANCED: readonly RolloutStage[] = ['2', '3'];

/**
 * Seed 000's rollback rules, as automatic policy changes:
 * a corrected auto-commit in a domain where a false state is P0 (`DomainSpec.rollback`: travel,
 * financial) pins that domain to stage 1; a weekly correction
 * rate above 5 % raises `auto` by 0.05 and forces the next 20 events to be confirmed; schema
 * validation success below 99.5 % over 24 h falls back to stage M and disables adaptive learning.
 */
export function rollbackRules(
  policy: Policy,
  stats: LearningStats,
  now: number,
  inputs: RollbackInputs,
): Rollback | null {
  const reasons: string[] = [];
  const forceConfirm: Partial<Record<Domain, number>> = {};
  let next: Policy = policy;
  const today = dayOf(now);
  const weekAgo = dayOf(now - 6 * 86_400_000);
  for (const domain of DOMAINS) {
    const rules = next.domains[domain];
    const stage = rules.stage ?? next.stage;
    const todayCounts = sumDays(domainStats(stats, domain), today, today);
    if (
      domainSpec(domain).rollback.falseStateIsP0 &&
      todayCounts.corrections > 0 &&
      ADVANCED.includes(stage)
    ) {
      next = { ...next, domains: { ...next.domains, [domain]: { ...rules, stage: '1' } } };
      reasons.push(
        `${domain}: a corrected auto-commit (P0 false state) pins the domain to stage 1`,
      );
    }
    const week = sumDays(domainStats(stats, domain), weekAgo, today);
    if (
      week.autoCommits > 0 &&
      week.corrections / week.autoCommits > 0.05 &&
      inputs.lastRaise[domain] === undefined
    ) {
      const current = next.domains[domain];
      const auto = roundTo(Math.min(next.adaptiveLearning.autoBounds[1], current.auto + 0.05), 4);
      next = { ...next, domains: { ...next.domains, [domain]: { ...current, auto } } };
      forceConfirm[domain] = 20;
      reasons.push(
        `${domain}: weekly correction rate ${(week.corrections / week.autoCommits).toFixed(3)} > 0.05 raises auto to ${auto} and requires 20 confirmations`,
      );
    }
  }
  if (
    inputs.schemaSuccess24h !== null &&
    inputs.schemaSuccess24h < 0.995 &&
    (next.stage !== 'M' || next.adaptiveLearning.enabled)
  ) {
    next = { ...next, stage: 'M', adaptiveLearning: { ...next.adaptiveLearning, enabled: false } };
    reasons.push(
      `schema validation success ${inputs.schemaSuccess24h.toFixed(4)} < 0.995 over 24 h: back to stage M, adaptive learning off`,
    );
  }
  return reasons.length > 0 ? { policy: next, reasons, forceConfirm } : null;
}
