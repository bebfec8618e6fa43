import { z } from 'zod';
import { DOMAIN_SPECS, type Domain } from './domains/index.js';
import { type DomainPolicy, ROLLOUT_STAGES } from './domains/spec.js';
import { EngineError, err, ok, type Result } from './errors.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { SOURCE_TYPES } from './vocabulary.js';

const share = z.number().min(0).max(1);
const hours = z.number().positive();

const domainPolicySchema = z.object({
  ask: share,
  auto: share,
  margin: share,
  halfLifeHours: hours,
  graceHours: z.number().min(0),
  staleAfterHours: hours,
  bootstrapFloor: share,
  authority: z.array(z.array(z.enum(SOURCE_TYPES))),
  confirmChanges: z.boolean(),
  sameDayUserOverride: z.boolean(),
  userCorrectionsOnly: z.boolean(),
  stage: z.enum(ROLLOUT_STAGES),
  commitUncontested: z.boolean(),
});

const bounds = z.tuple([share, share]);

// Every member optional: what a stored policy lacks is filled from the defaults below.
const storedPolicySchema = z.object({
  stage: z.enum(ROLLOUT_STAGES).optional(),
  reliability: z.partialRecord(z.enum(SOURCE_TYPES), share).optional(),
  intentFactor: z.object({ assertive: share, planning: share }).partial().optional(),
  tierWeights: z.array(share).min(1).optional(),
  corroborationStep: share.optional(),
  calibrationAuto: share.optional(),
  calibrationMutations: z.number().int().min(0).optional(),
  domains: z.record(z.string(), domainPolicySchema.partial()).optional(),
  review: z
    .object({ maxPending: z.number().int().min(1), expiryHours: hours })
    .partial()
    .optional(),
  adaptiveLearning: z
    .object({ enabled: z.boolean(), alpha: share, askBounds: bounds, autoBounds: bounds })
    .partial()
    .optional(),
  maxEvidencePerSlot: z.number().int().min(1).optional(),
});

/** Drops the members zod reports as absent, so a spread never overwrites a default with them. */
function present<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

/**
 * Turns a stored policy (the `policy` meta row or a `policy.changed` payload: untrusted JSON) into
 * a valid `Policy`; null (nothing stored) gives the defaults. What it lacks is filled from the defaults, so a domain registered after the
 * store was created gets its spec's defaults, and a domain missing a newer setting gets that
 * domain's default for it. Domains it holds that are not registered (written by a newer version)
 * are validated and kept. A malformed value (wrong type, a share outside [0, 1], an unknown source
 * or stage) is a `VALIDATION_FAILED` error naming every offending path. Pure.
 */
export function policyFromStored(stored: unknown): Result<Policy> {
  if (stored === null) return ok(DEFAULT_POLICY);
  const parsed = storedPolicySchema.safeParse(stored);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(policy)'}: ${issue.message}`,
    );
    return err(
      new EngineError('VALIDATION_FAILED', `stored policy is malformed: ${issues.join('; ')}`, {
        operation: 'policy',
        issues: issues.length,
      }),
    );
  }
  const value = parsed.data;
  const storedDomains = value.domains ?? {};
  const domains: Record<string, DomainPolicy> = {};
  for (const spec of DOMAIN_SPECS) {
    const held = storedDomains[spec.name];
    if (held === undefined) {
      domains[spec.name] = spec.policy;
      continue;
    }
    // The optional members keep their stored meaning: absent means off (commitUncontested) or
    // the global stage, as it did when the policy was written.
    const { commitUncontested: _on, stage: _stage, ...required } = spec.policy;
    domains[spec.name] = { ...required, ...present(held) } as DomainPolicy;
  }
  for (const [name, rules] of Object.entries(storedDomains)) {
    if (domains[name] !== undefined) continue;
    const complete = domainPolicySchema.partial({ stage: true, commitUncontested: true });
    const checked = complete.safeParse(rules);
    if (!checked.success) {
      return err(
        new EngineError(
          'VALIDATION_FAILED',
          `stored policy is malformed: domains.${name} is not a registered domain and is incomplete`,
          { operation: 'policy', domain: name },
        ),
      );
    }
    domains[name] = present(checked.data) as DomainPolicy;
  }
  return ok({
    ...DEFAULT_POLICY,
    ...present({ ...value, domains: undefined, review: undefined, adaptiveLearning: undefined }),
    reliability: { ...DEFAULT_POLICY.reliability, ...present(value.reliability) },
    intentFactor: { ...DEFAULT_POLICY.intentFactor, ...present(value.intentFactor) },
    domains: domains as Record<Domain, DomainPolicy>,
    review: { ...DEFAULT_POLICY.review, ...present(value.review) },
    adaptiveLearning: { ...DEFAULT_POLICY.adaptiveLearning, ...present(value.adaptiveLearning) },
  } as Policy);
}
