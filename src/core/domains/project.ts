import { BASE_DOMAIN_POLICY, defineDomain, groupByItem } from './spec.js';

/**
 * Project: the status and attributes of each project. The user and repository signals
 * (webhooks) are primary, planning documents second (seed 000: prefer execution evidence over
 * stale planning docs). A project is one coherence group anchored by its status.
 */
export const project = defineDomain({
  name: 'project',
  fields: [
    {
      path: 'project.<slug>.status',
      kind: 'enum',
      values: ['planned', 'in_progress', 'blocked', 'shipped', 'cancelled'],
    },
    {
      path: 'project.<slug>.<attribute>',
      kind: 'text',
      note: 'provider, owner, deadline as YYYY-MM-DD, version',
    },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
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
  coherenceGroup: groupByItem,
  rollback: { falseStateIsP0: false },
  timeline: [],
  examples: [
    {
      message: 'The billing rewrite is stuck until legal signs off.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"group","field":"project.billing_rewrite.status","value":"blocked","intent":"assertive","confidence":1,"correction":false}]}',
    },
  ],
});
