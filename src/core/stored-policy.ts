import { DOMAIN_SPECS, type Domain } from './domains/index.js';
import { type DomainPolicy, ROLLOUT_STAGES } from './domains/spec.js';
import { EngineError, err, ok, type Result } from './errors.js';
import { DEFAULT_POLICY, type Policy } from './policy.js';
import { isRecord } from './validation.js';
import { SOURCE_TYPES } from './vocabulary.js';

// A stored policy is validated by hand rather than with zod: zod is ~95 modules, and every CLI
// command that opens a store would pay for loading them (issue #12's start-up budget).

/** Checks one value; pushes `path: problem` onto `issues` when it does not fit. */
type Check = (value: unknown, path: string, issues: string[]) => void;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function numberCheck(test: (n: number) => boolean, expected: string): Check {
  return (value, path, issues) => {
    if (!isNumber(value) || !test(value)) issues.push(`${path}: expected ${expected}`);
  };
}

const share = numberCheck((n) => n >= 0 && n <= 1, 'a number from 0 to 1');
const hours = numberCheck((n) => n > 0, 'a positive number');
const atLeast = (min: number): Check =>
  numberCheck((n) => Number.isInteger(n) && n >= min, `a whole number of at least ${min}`);
const boolean: Check = (value, path, issues) => {
  if (typeof value !== 'boolean') issues.push(`${path}: expected true or false`);
};
const oneOf =
  (options: readonly string[]): Check =>
  (value, path, issues) => {
    if (typeof value !== 'string' || !options.includes(value)) {
      issues.push(`${path}: expected one of ${options.join(', ')}`);
    }
  };
const stage = oneOf(ROLLOUT_STAGES);
const source = oneOf(SOURCE_TYPES);
const listOf =
  (item: Check, min = 0): Check =>
  (value, path, issues) => {
    if (!Array.isArray(value) || value.length < min) {
      issues.push(`${path}: expected a list of at least ${min} item(s)`);
      return;
    }
    for (const [i, v] of value.entries()) item(v, `${path}.${i}`, issues);
  };
const bounds: Check = (value, path, issues) => {
  if (!Array.isArray(value) || value.length !== 2) {
    issues.push(`${path}: expected two numbers`);
    return;
  }
  for (const [i, v] of value.entries()) share(v, `${path}.${i}`, issues);
};

type Fields = Readonly<Record<string, Check>>;

const DOMAIN_FIELDS: Fields = {
  ask: share,
  auto: share,
  margin: share,
  halfLifeHours: hours,
  graceHours: numberCheck((n) => n >= 0, 'a number of at least 0'),
  staleAfterHours: hours,
  bootstrapFloor: share,
  authority: listOf(listOf(source)),
  confirmChanges: boolean,
  sameDayUserOverride: boolean,
  userCorrectionsOnly: boolean,
  stage,
  commitUncontested: boolean,
};

/**
 * The members of `value` that `fields` names, each checked (absent ones are left out); members it
 * does not name are dropped, as a stored policy written by a newer version may hold more.
 */
function pick(
  value: unknown,
  fields: Fields,
  path: string,
  issues: string[],
): Record<string, unknown> {
  if (!isRecord(value)) {
    issues.push(`${path || '(policy)'}: expected an object`);
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(fields)) {
    const member = value[key];
    if (member === undefined) continue;
    check(member, path === '' ? key : `${path}.${key}`, issues);
    out[key] = member;
  }
  return out;
}

const nested =
  (fields: Fields): Check =>
  (value, path, issues) =>
    void pick(value, fields, path, issues);

const POLICY_FIELDS: Fields = {
  stage,
  reliability: (value, path, issues) => {
    if (!isRecord(value)) issues.push(`${path}: expected an object`);
    else
      for (const [key, v] of Object.entries(value)) {
        source(key, `${path}.${key}`, issues);
        share(v, `${path}.${key}`, issues);
      }
  },
  intentFactor: nested({ assertive: share, planning: share }),
  tierWeights: listOf(share, 1),
  corroborationStep: share,
  calibrationAuto: share,
  calibrationMutations: atLeast(0),
  domains: (value, path, issues) => {
    if (!isRecord(value)) issues.push(`${path}: expected an object`);
    else
      for (const [name, rules] of Object.entries(value)) {
        pick(rules, DOMAIN_FIELDS, `${path}.${name}`, issues);
      }
  },
  review: nested({ maxPending: atLeast(1), expiryHours: hours }),
  adaptiveLearning: nested({
    enabled: boolean,
    alpha: share,
    askBounds: bounds,
    autoBounds: bounds,
  }),
  maxEvidencePerSlot: atLeast(1),
};

interface StoredPolicy {
  readonly stage?: Policy['stage'];
  readonly reliability?: Partial<Policy['reliability']>;
  readonly intentFactor?: Partial<Policy['intentFactor']>;
  readonly domains?: Record<string, Partial<DomainPolicy>>;
  readonly review?: Partial<Policy['review']>;
  readonly adaptiveLearning?: Partial<Policy['adaptiveLearning']>;
  readonly [key: string]: unknown;
}

/** A stored domain's members, checked, unknown members dropped. */
function domainOf(rules: unknown, path: string, issues: string[]): Partial<DomainPolicy> {
  return pick(rules, DOMAIN_FIELDS, path, issues) as Partial<DomainPolicy>;
}

/** Drops absent members, so a spread never overwrites a default with them. */
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
  const issues: string[] = [];
  const value = pick(stored, POLICY_FIELDS, '', issues) as StoredPolicy;
  if (issues.length > 0) {
    return err(
      new EngineError('VALIDATION_FAILED', `stored policy is malformed: ${issues.join('; ')}`, {
        operation: 'policy',
        issues: issues.length,
      }),
    );
  }
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
    domains[spec.name] = {
      ...required,
      ...present(domainOf(held, `domains.${spec.name}`, issues)),
    } as DomainPolicy;
  }
  for (const [name, rules] of Object.entries(storedDomains)) {
    if (domains[name] !== undefined) continue;
    const checked = domainOf(rules, `domains.${name}`, issues);
    const optional = new Set(['stage', 'commitUncontested']);
    const missing = Object.keys(DOMAIN_FIELDS).filter(
      (key) => !optional.has(key) && checked[key as keyof DomainPolicy] === undefined,
    );
    if (missing.length > 0) {
      return err(
        new EngineError(
          'VALIDATION_FAILED',
          `stored policy is malformed: domains.${name} is not a registered domain and is incomplete`,
          { operation: 'policy', domain: name },
        ),
      );
    }
    domains[name] = present(checked) as DomainPolicy;
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
