import { BASE_DOMAIN_POLICY, defineDomain, groupAlone, groupByItem } from './spec.js';

/**
 * Family: how each member is and the household schedule. The calendar is primary, but a user
 * statement the same day overrides it (seed 000: "same-day user updates can override calendar").
 * A member is one coherence group; a schedule entry stands alone.
 */
export const family = defineDomain({
  name: 'family',
  fields: [
    {
      path: 'family.<member>.status',
      kind: 'text',
      values: ['sick', 'at_school', 'at_home', 'at_camp'],
    },
    {
      path: 'family.schedule.<event_slug>',
      kind: 'datetime',
      note: '"YYYY-MM-DD HH:MM", "HH:MM", or "cancelled"',
    },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
    halfLifeHours: 48,
    staleAfterHours: 3 * 24,
    sameDayUserOverride: true,
    authority: [
      ['user_confirmation', 'calendar'],
      ['user_statement', 'conversation_assertive', 'manual_markdown', 'webhook', 'location'],
      ['static_markdown', 'transactions_email'],
      ['assistant_statement'],
    ],
  },
  coherenceGroup: (field) =>
    field.split('.')[1] === 'schedule' ? groupAlone(field) : groupByItem(field),
  rollback: { falseStateIsP0: false },
  timeline: [],
  sharedWithMembers: true,
  examples: [
    {
      message: 'Priya has the flu and is home today.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"person:Priya","field":"family.priya.status","value":"sick","intent":"assertive","confidence":1,"correction":false}]}',
    },
  ],
});
