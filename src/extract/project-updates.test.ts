import { describe, expect, it } from 'vitest';
import { extractWithRules } from './rule-extractor.js';
import { EMPTY_REGISTRY, type KnownSlot } from './types.js';

// A project's provider or owner replaced by a new one, said with the project as the subject
// ("the billing api moved over to Mollie") or with "now" ("Tomas is now the owner of it").
// Sentences written for this test (in no benchmark file).

const known: KnownSlot[] = [
  { entityId: 'user:primary', field: 'project.billing_api.provider', value: 'Braintree' },
  { entityId: 'user:primary', field: 'project.billing_api.status', value: 'in_progress' },
];
const read = (text: string, slots: readonly KnownSlot[] = known) =>
  extractWithRules({
    text,
    at: '2026-03-19T16:40:00Z',
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known: slots,
    registry: EMPTY_REGISTRY,
  })
    .observations.filter((o) => o.field.startsWith('project.'))
    .map((o) => `${o.field}=${o.value} (${o.evidence ?? 'strong'})`);

describe('a project as the subject of a provider switch', () => {
  it('reads the new provider of the project on record', () => {
    expect(read('FYI: billing api has moved over to Mollie. Braintree could not do SEPA.')).toEqual(
      ['project.billing_api.provider=Mollie (strong)'],
    );
    expect(read('the billing api moved to Mollie')).toEqual([
      'project.billing_api.provider=Mollie (strong)',
    ]);
  });

  it('reads nothing for things that go somewhere, people, or a project without a provider', () => {
    for (const text of [
      'the package moved to Oslo',
      'the ticket moved to In Review',
      'Sara moved to Mollie',
    ])
      expect(read(text), text).toEqual([]);
    const noProvider: KnownSlot[] = [
      { entityId: 'user:primary', field: 'project.billing_api.status', value: 'in_progress' },
    ];
    expect(read('the billing api moved to Mollie', noProvider)).toEqual([]);
  });
});

describe('an owner said with "now"', () => {
  it('reads the new owner of a named project', () => {
    expect(
      read('Confirming that Tomas Berg is now the owner of Billing Api, effective today.'),
    ).toEqual(['project.billing_api.owner=Tomas Berg (strong)']);
    expect(read('Tomas Berg now owns billing api')).toEqual([
      'project.billing_api.owner=Tomas Berg (strong)',
    ]);
  });

  it('reads nothing when what is owned is no project', () => {
    for (const text of ['Tomas is now in charge of the kids', 'Tomas is now the owner of a dog'])
      expect(read(text), text).toEqual([]);
  });
});
