import type { Candidate, Clause, DocContext } from '../clauses.js';
import { familyRules } from './family.js';
import { financialRules } from './financial.js';
import { healthRules } from './health.js';
import { profileRules } from './profile.js';
import { projectRules } from './project.js';
import { travelRules } from './travel.js';

export { personKey, profileField } from './profile.js';
export { isProjectDocument, projectField } from './project.js';

/** The rules of one state domain: what they read from one classified clause. */
export interface DomainRules {
  readonly domain: string;
  readonly read: (clause: Clause, doc: DocContext) => Candidate[];
}

/**
 * The one registration list of domain rules, one file per domain (`rules/<domain>.ts`), run in
 * this order on every clause. A new domain adds its file and one line here.
 */
export const DOMAIN_RULES: readonly DomainRules[] = [
  { domain: 'travel', read: travelRules },
  { domain: 'project', read: projectRules },
  { domain: 'family', read: familyRules },
  { domain: 'financial', read: financialRules },
  { domain: 'profile', read: profileRules },
  { domain: 'health', read: healthRules },
];
