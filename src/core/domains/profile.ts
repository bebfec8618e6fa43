import { BASE_DOMAIN_POLICY, defineDomain, groupAlone } from './spec.js';

/**
 * Profile: standing preferences. The user's own documents are primary and a change is never
 * automatic unless the user states it as a correction (seed 000: "requires stronger confirmation
 * before mutation"). Each preference stands alone.
 */
export const profile = defineDomain({
  name: 'profile',
  fields: [
    {
      path: 'profile.preference.<topic>',
      kind: 'text',
      note: 'a standing preference only (never a one-off exception)',
    },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
    margin: 0.2,
    halfLifeHours: 365 * 24,
    staleAfterHours: 365 * 24,
    confirmChanges: true,
    authority: [
      ['user_confirmation', 'manual_markdown', 'static_markdown'],
      ['user_statement', 'conversation_assertive'],
      ['calendar', 'transactions_email', 'webhook', 'location'],
      ['assistant_statement'],
    ],
  },
  coherenceGroup: groupAlone,
  rollback: { falseStateIsP0: false },
  timeline: [],
  examples: [
    {
      message: 'Going forward, vegetarian options for me please.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"profile.preference.diet","value":"vegetarian","intent":"assertive","confidence":1,"correction":true}]}',
    },
  ],
});
