import { BASE_DOMAIN_POLICY, defineDomain, groupByItem } from './spec.js';

/**
 * Financial: bills, memberships, subscriptions and refunds. Transaction and email signals win
 * unless the user explicitly corrects them (seed 000); an item is one coherence group, and a
 * corrected auto-commit is a P0 incident.
 */
export const financial = defineDomain({
  name: 'financial',
  fields: [
    {
      path: 'financial.<item>.amount',
      kind: 'amount',
      note: 'no currency sign or separators',
    },
    {
      path: 'financial.<item>.status',
      kind: 'enum',
      values: ['paid', 'unpaid', 'active', 'cancelled', 'pending', 'refunded'],
    },
    { path: 'financial.<item>.payment_status', kind: 'text' },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
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
  coherenceGroup: groupByItem,
  rollback: { falseStateIsP0: true },
  timeline: [],
  examples: [
    {
      message: 'Paid the water bill, 64.20.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"financial.water_bill.status","value":"paid","intent":"assertive","confidence":1,"correction":false},{"subject":"self","field":"financial.water_bill.amount","value":"64.20","intent":"assertive","confidence":1,"correction":false}]}',
    },
  ],
});
