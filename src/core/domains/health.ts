import { BASE_DOMAIN_POLICY, defineDomain, groupAlone, groupByItem } from './spec.js';

/**
 * Health: the medicines a person takes (and at what dose) and their allergies. A wrong value here
 * can hurt someone, so the domain is precision-first: a higher review band and auto threshold, a
 * wide margin, a higher floor for seeding an empty slot, and a change to a value already held is
 * never automatic unless the person states it as an explicit correction ("no longer", "switched
 * to"). The person's own word is primary; pharmacy and health-app feeds (webhook, email) and the
 * calendar come second, notes third, and a location or the assistant prove nothing. A corrected
 * auto-commit is a P0 incident, as in travel and financial. Appointments stay where they already
 * live, as `family.schedule.*` entries, so one appointment is never held in two slots.
 */
export const health = defineDomain({
  name: 'health',
  fields: [
    {
      path: 'health.medication.<name>.status',
      kind: 'enum',
      values: ['taking', 'paused', 'stopped'],
    },
    {
      path: 'health.medication.<name>.dose',
      kind: 'text',
      note: 'amount and unit as stated, e.g. "10 mg" or "400 mg twice a day"',
    },
    {
      path: 'health.allergy.<substance>',
      kind: 'enum',
      values: ['allergic', 'not_allergic'],
    },
  ],
  policy: {
    ...BASE_DOMAIN_POLICY,
    ask: 0.7,
    auto: 0.95,
    margin: 0.25,
    graceHours: 24,
    bootstrapFloor: 0.5,
    halfLifeHours: 30 * 24,
    staleAfterHours: 90 * 24,
    confirmChanges: true,
    authority: [
      ['user_confirmation', 'user_statement', 'conversation_assertive', 'manual_markdown'],
      ['webhook', 'transactions_email', 'calendar'],
      ['static_markdown'],
      ['assistant_statement', 'location'],
    ],
  },
  // A medicine's status and dose change together; an allergy stands alone.
  coherenceGroup: (field) =>
    field.startsWith('health.medication.') ? groupByItem(field) : groupAlone(field),
  rollback: { falseStateIsP0: true },
  timeline: [],
  examples: [
    {
      message: 'Dr Okafor switched me from lisinopril to losartan 50 mg.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"self","field":"health.medication.lisinopril.status","value":"stopped","intent":"assertive","confidence":1,"correction":true},{"subject":"self","field":"health.medication.losartan.status","value":"taking","intent":"assertive","confidence":1,"correction":true},{"subject":"self","field":"health.medication.losartan.dose","value":"50 mg","intent":"assertive","confidence":1,"correction":false}]}',
    },
    {
      message: 'Turns out Ines is allergic to peanuts.',
      answer:
        '{"intent":"assertive","retracts_previous":false,"observations":[{"subject":"person:Ines","field":"health.allergy.peanut","value":"allergic","intent":"assertive","confidence":1,"correction":false}]}',
    },
  ],
});
