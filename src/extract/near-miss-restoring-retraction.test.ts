import { describe, expect, it } from 'vitest';
import { feedUserMessages, useTestEngine } from '../engine/__fixtures__/test-engine.js';
import { extractWithRules } from './rule-extractor.js';
import { EMPTY_REGISTRY, type KnownSlot } from './types.js';

// A retraction that says what stays ("Never mind, stick with Kyoto."): the named value is kept,
// not whatever the previous message happened to say withdrawn. Near-misses first (issue #10, the
// session-13 protocol): the same "<retraction>, keep/stick with <thing>" with a thing that is no
// value on record, another subject, a mood or a negation must withdraw nothing and set nothing.
// Every sentence was written for this test (in no benchmark file).

const AT = '2026-03-01T10:00:00Z';
/** The destination was changed to Osaka; Kyoto was the trip before. */
const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Osaka', earlier: ['Kyoto'] },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-04-02' },
];

/** What one message does: whether it withdraws the previous statement, and what it reads. */
function reading(text: string, known: readonly KnownSlot[] = TRIP): string[] {
  const out = extractWithRules({
    text,
    at: AT,
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known,
    registry: EMPTY_REGISTRY,
  });
  return [
    ...(out.retractsPrevious && out.observations.length === 0 ? ['withdraws previous'] : []),
    ...out.observations
      .filter((o) => o.evidence !== 'weak' && (o.intent === 'assertive' || o.intent === 'planning'))
      .map((o) => `${o.field}=${o.value}`),
  ];
}

describe('a retraction naming what stays: near-misses', () => {
  it('withdraws and sets nothing when what is kept is no value on record', () => {
    for (const text of [
      'Scratch that, keep the receipts.',
      'Never mind, keep the change.',
      'never mind, stick with the blue one for the kitchen',
      'Scratch that, keep your phone on.',
      'Forget it, keep this between us.',
      'Never mind, keep my seat warm.',
    ]) {
      expect(reading(text), text).toEqual([]);
    }
  });

  it('sets nothing for a question, a hedge, another subject, a condition or a negation', () => {
    for (const text of [
      'Never mind, stick with Kyoto?',
      'Never mind, maybe stick with Kyoto.',
      'Never mind, my sister will stick with Kyoto.',
      'Never mind, we could stick with Kyoto if flights are cheap.',
      "Scratch that, don't stick with Kyoto.",
    ]) {
      expect(
        reading(text).filter((r) => r.startsWith('travel.')),
        text,
      ).toEqual([]);
    }
  });

  it('sets no destination the trip never had ("Jordan" may be a person)', () => {
    // Found by probing the first version of the reading with sentences of my own.
    for (const text of ['never mind, stick with Jordan', 'Scratch that, stick with Florence.']) {
      expect(reading(text), text).toEqual(['withdraws previous']);
    }
  });

  it('sets no destination without a trip on record', () => {
    expect(reading('Never mind, stick with Kyoto.', [])).not.toContain('travel.destination=Kyoto');
  });
});

describe('a retraction naming what stays: positives', () => {
  it('keeps the named place as the trip destination, in several registers', () => {
    for (const text of [
      'Never mind, stick with Kyoto.',
      'scratch that - stick with kyoto',
      'Forget it, back to Kyoto.',
      'nevermind, keep Kyoto',
      'Scratch that, go back to Kyoto please.',
    ]) {
      expect(reading(text), text).toEqual(['travel.destination=Kyoto']);
    }
  });

  it('withdraws the previous statement when what stays is said by a back-reference', () => {
    for (const text of ['Scratch that, stick with the plan.', 'Never mind, keep the original.']) {
      expect(reading(text), text).toEqual(['withdraws previous']);
    }
  });
});

const t = useTestEngine('verity-restoring-retraction-', '2026-02-10T09:00:00Z', {
  embeddings: { model: null },
});

async function committed(field: string): Promise<string | null> {
  const view = await t().engine.getField('user:primary', field);
  return view.status === 'committed' ? view.value : null;
}

describe('a retraction naming what stays, through the engine', () => {
  it('keeps a trip whole after "Scratch that, keep the receipts."', async () => {
    await feedUserMessages(t(), [
      'I booked a trip to Kyoto, leaving March 4 and back March 9.',
      'Scratch that, keep the receipts.',
    ]);
    expect(await committed('travel.destination')).toBe('Kyoto');
    expect(await committed('travel.departure_date')).toBe('2026-03-04');
  });

  it('goes back to the named place when the change was not the last message', async () => {
    await feedUserMessages(t(), [
      'I booked a trip to Kyoto, leaving March 4 and back March 9.',
      "Actually we're going to Osaka instead.",
      'Our hotel has a great onsen apparently.',
      'Never mind, stick with Kyoto.',
    ]);
    expect(await committed('travel.destination')).toBe('Kyoto');
    expect(await committed('travel.departure_date')).toBe('2026-03-04');
  });
});
