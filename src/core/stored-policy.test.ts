import { describe, expect, it } from 'vitest';
import { DOMAIN_SPECS, DOMAINS } from './domains/index.js';
import { statsFromStored } from './learning.js';
import { DEFAULT_POLICY } from './policy.js';
import { policyFromStored } from './stored-policy.js';

/** The default policy as JSON, as a store holds it. */
function stored(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(DEFAULT_POLICY));
}

function withoutDomain(name: string): Record<string, unknown> {
  const policy = stored();
  const domains = { ...(policy['domains'] as Record<string, unknown>) };
  delete domains[name];
  return { ...policy, domains };
}

describe('policyFromStored', () => {
  it('reads a complete stored policy back unchanged', () => {
    expect(policyFromStored(stored())).toEqual({ ok: true, value: DEFAULT_POLICY });
  });

  it('gives the defaults when nothing is stored', () => {
    expect(policyFromStored(null)).toEqual({ ok: true, value: DEFAULT_POLICY });
  });

  it.each(DOMAINS.map((d) => [d]))(
    'fills a missing %s domain from its spec and keeps the others as stored',
    (missing) => {
      const policy = withoutDomain(missing);
      const changed = policy['domains'] as Record<string, Record<string, unknown>>;
      const other = DOMAINS.find((d) => d !== missing) ?? missing;
      changed[other] = { ...changed[other], auto: 0.97, stage: '1' };
      const result = policyFromStored(policy);
      if (!result.ok) throw result.error;
      const spec = DOMAIN_SPECS.find((s) => s.name === missing);
      expect(result.value.domains[missing]).toEqual(spec?.policy);
      expect(result.value.domains[other]).toMatchObject({ auto: 0.97, stage: '1' });
    },
  );

  it('fills missing settings: top level, review, and a stored domain’s required members', () => {
    const policy = stored();
    delete policy['maxEvidencePerSlot'];
    policy['review'] = { maxPending: 5 };
    const domains = policy['domains'] as Record<string, Record<string, unknown>>;
    const travel = { ...domains['travel'] };
    delete travel['bootstrapFloor'];
    delete travel['commitUncontested'];
    domains['travel'] = travel;
    const result = policyFromStored(policy);
    if (!result.ok) throw result.error;
    expect(result.value.maxEvidencePerSlot).toBe(DEFAULT_POLICY.maxEvidencePerSlot);
    expect(result.value.review).toEqual({ maxPending: 5, expiryHours: 72 });
    expect(result.value.domains.travel.bootstrapFloor).toBe(
      DEFAULT_POLICY.domains.travel.bootstrapFloor,
    );
    // An optional member keeps its stored meaning: absent was off when the policy was written.
    expect(result.value.domains.travel.commitUncontested).toBeUndefined();
  });

  it('keeps a domain it does not know (written by a newer version) when it is complete', () => {
    const policy = stored();
    const domains = policy['domains'] as Record<string, unknown>;
    domains['garden'] = domains['travel'];
    const result = policyFromStored(policy);
    if (!result.ok) throw result.error;
    expect((result.value.domains as Record<string, unknown>)['garden']).toEqual(
      DEFAULT_POLICY.domains.travel,
    );
    domains['garden'] = { ask: 0.5 };
    const incomplete = policyFromStored(policy);
    expect(incomplete.ok).toBe(false);
    if (!incomplete.ok) expect(incomplete.error.message).toContain('domains.garden');
  });

  it.each([
    ['a threshold above 1', ['domains', 'travel', 'ask'], 1.4, 'domains.travel.ask'],
    ['a threshold of the wrong type', ['domains', 'family', 'auto'], 'high', 'domains.family.auto'],
    ['an unknown stage', ['stage'], '9', 'stage'],
    [
      'an unknown source in a tier',
      ['domains', 'project', 'authority'],
      [['rumour']],
      'domains.project.authority.0.0',
    ],
    ['a negative reliability', ['reliability', 'calendar'], -0.2, 'reliability.calendar'],
    ['a non-integer review limit', ['review', 'maxPending'], 2.5, 'review.maxPending'],
  ])('rejects %s, naming the path', (_name, path, value, expected) => {
    const policy = stored();
    let target = policy as Record<string, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[path[path.length - 1] ?? ''] = value;
    const result = policyFromStored(policy);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION_FAILED');
    expect(result.error.message).toMatch(/^stored policy is malformed: /);
    expect(result.error.message).toContain(expected);
  });

  it('rejects a value that is not a policy at all', () => {
    for (const value of ['policy', 42, [], { domains: [] }]) {
      expect(policyFromStored(value).ok, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('statsFromStored', () => {
  it('gives every registered domain it lacks fresh counters with the calibration period', () => {
    const policy = { ...DEFAULT_POLICY, calibrationMutations: 7 };
    const result = statsFromStored({ travel: { autoCommits: 3 } }, policy);
    if (!result.ok) throw result.error;
    expect(result.value.travel).toMatchObject({ autoCommits: 3, asks: 0, days: {} });
    expect(result.value.family.calibrationRemaining).toBe(7);
    expect(Object.keys(result.value)).toEqual(expect.arrayContaining([...DOMAINS]));
  });

  it('rejects counters that are not an object of per-domain objects', () => {
    expect(statsFromStored([], DEFAULT_POLICY).ok).toBe(false);
    expect(statsFromStored({ travel: 3 }, DEFAULT_POLICY).ok).toBe(false);
  });
});
