import { family } from './family.js';
import { nearKnownField } from './field-typo.js';
import { financial } from './financial.js';
import { health } from './health.js';
import { profile } from './profile.js';
import { project } from './project.js';
import type { DomainSpec, ValueKind } from './spec.js';

export type { DomainSpec, FieldSpec, TimelineRule, ValueKind } from './spec.js';

import { travel } from './travel.js';

/**
 * The one registration list of state domains, one spec file each (`core/domains/<name>.ts`).
 * Everything that varies by domain — vocabulary, policy defaults, authority matrix, coherence
 * groups, rollback and timeline rules, extraction examples — is read from here. The order is
 * the order of every per-domain listing (state tracker, stats, schemas); a new domain adds its
 * file and one line at the end.
 */
export const DOMAIN_SPECS = [travel, family, project, financial, profile, health] as const;

/** A state domain: a field's first path segment. */
export type Domain = (typeof DOMAIN_SPECS)[number]['name'];

/** The registered domains, in registry order. */
export const DOMAINS = DOMAIN_SPECS.map((spec) => spec.name) as unknown as readonly [
  Domain,
  ...Domain[],
];

const BY_NAME: ReadonlyMap<string, DomainSpec<Domain>> = new Map(
  DOMAIN_SPECS.map((spec) => [spec.name, spec]),
);

/** Whether `name` is a registered domain. */
export function isDomain(name: string): name is Domain {
  return BY_NAME.has(name);
}

/** The domains whose household slots are read with each member's message (`sharedWithMembers`). */
export const MEMBER_SHARED_DOMAINS: readonly Domain[] = DOMAIN_SPECS.filter(
  (spec) => spec.sharedWithMembers === true,
).map((spec) => spec.name);

/** The spec of a registered domain. */
export function domainSpec(domain: Domain): DomainSpec<Domain> {
  const spec = BY_NAME.get(domain);
  if (spec === undefined) throw new Error(`unregistered domain "${domain}"`);
  return spec;
}

/** The domain of a field path (`travel.status` → `travel`), or null for an unknown domain. */
export function domainOf(field: string): Domain | null {
  const head = field.split('.', 1)[0] ?? '';
  return isDomain(head) ? head : null;
}

/**
 * The kind of a field's values, from its domain's vocabulary (a `<name>` segment of a path
 * matches any one segment), or null when no path of the vocabulary matches.
 */
export function fieldKind(field: string): ValueKind | null {
  const domain = domainOf(field);
  if (domain === null) return null;
  const segments = field.split('.');
  const spec = domainSpec(domain).fields.find((f) => {
    const path = f.path.split('.');
    return (
      path.length === segments.length &&
      path.every((part, i) => part.startsWith('<') || part === segments[i])
    );
  });
  return spec?.kind ?? null;
}

/** A regular-expression source matching a field path of any registered domain. */
export const FIELD_PATTERN = `^(${DOMAINS.join('|')})(\\.[a-z0-9][a-z0-9_-]*)+$`;

/**
 * The vocabulary field `field` looks like a misspelling of ("travel.sttus" → "travel.status"),
 * or null for a vocabulary field, an open field, or a field of no domain. A reason to ask, never
 * to refuse (see `nearKnownField`).
 */
export function misspeltFieldOf(field: string): string | null {
  const domain = domainOf(field);
  return domain === null ? null : nearKnownField(field, domainSpec(domain));
}
