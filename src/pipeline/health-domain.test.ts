import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, DOMAINS, domainSpec, type JsonObject } from '../core/index.js';
import { createRuleExtractor, EMPTY_REGISTRY, extractWithRules } from '../extract/index.js';
import { validateObservation } from '../schemas/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import {
  createManualClock,
  createSequentialIds,
  messageRecord,
  SEED_OBSERVATION,
} from '../testing/index.js';
import { ingest, type PipelineDeps } from './index.js';

// The sixth domain, added with one spec file, one rules file and this test (ADR
// 2026-11-26-domain-registry): what it reads, what it refuses to read, and how it resolves.

function read(text: string): string[] {
  const extraction = extractWithRules({
    text,
    at: '2026-03-01T09:00:00Z',
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known: [],
    registry: EMPTY_REGISTRY,
  });
  return extraction.observations
    .filter((o) => o.field.startsWith('health.'))
    .map((o) => `${o.entityId} ${o.field}=${o.value}${o.confidence < 1 ? ' (weak)' : ''}`);
}

describe('health rules', () => {
  it.each([
    [
      "I'm taking ibuprofen 400 mg twice a day.",
      [
        'user:primary health.medication.ibuprofen.status=taking',
        'user:primary health.medication.ibuprofen.dose=400 mg twice a day',
      ],
    ],
    ['I stopped taking metformin.', ['user:primary health.medication.metformin.status=stopped']],
    ["I'm no longer on warfarin.", ['user:primary health.medication.warfarin.status=stopped']],
    [
      'Dr Okafor switched me from lisinopril to losartan 50 mg.',
      [
        'user:primary health.medication.lisinopril.status=stopped',
        'user:primary health.medication.losartan.status=taking',
        'user:primary health.medication.losartan.dose=50 mg',
      ],
    ],
    ['My lisinopril went up to 20 mg.', ['user:primary health.medication.lisinopril.dose=20 mg']],
    ['Sam came off the sertraline.', ['user:sam health.medication.sertraline.status=stopped']],
    [
      'Turns out Ines is allergic to peanuts and sesame.',
      ['user:ines health.allergy.peanut=allergic', 'user:ines health.allergy.sesame=allergic'],
    ],
    ['Maya has a peanut allergy.', ['user:maya health.allergy.peanut=allergic']],
    [
      "I'm not allergic to penicillin after all.",
      ['user:primary health.allergy.penicillin=not_allergic'],
    ],
    ["I think I'm allergic to cats.", ['user:primary health.allergy.cat=allergic (weak)']],
  ])('reads %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ["I'm on the train."],
    ["I'm taking the kids to school."],
    ["I'm on call this weekend."],
    ["I'm starting insulin next week."], // a plan: not taken yet
    ['I was on metformin for years.'], // the past
    ["He's on amoxicillin."], // nobody named: whose medicine?
    ['The kids are on antibiotics.'], // a group, not a person
    ['The doctor prescribed amoxicillin.'], // for whom?
    ['She is allergic to it.'],
  ])('reads nothing health-related from %j', (text) => {
    const readings = read(text);
    // The last one names cats plainly; the rest must read nothing at all.
    if (text.includes('cats'))
      expect(readings).toEqual(['user:primary health.allergy.cat=allergic']);
    else expect(readings).toEqual([]);
  });
});

describe('the health domain spec', () => {
  it('is registered, validated by the schemas, and precision-first by default', () => {
    expect(DOMAINS).toContain('health');
    const observation = {
      ...SEED_OBSERVATION,
      domain: 'health',
      field: 'health.allergy.penicillin',
      candidate_value: 'allergic',
    };
    expect(validateObservation(observation).ok).toBe(true);
    expect(validateObservation({ ...observation, field: 'travel.status' }).ok).toBe(false);
    const policy = DEFAULT_POLICY.domains.health;
    expect(policy.auto).toBeGreaterThan(DEFAULT_POLICY.domains.travel.auto);
    expect(policy.confirmChanges).toBe(true);
    expect(domainSpec('health').rollback.falseStateIsP0).toBe(true);
    expect(domainSpec('health').coherenceGroup('health.medication.losartan.dose')).toBe(
      'health.medication.losartan',
    );
  });
});

let store: Store;
let deps: PipelineDeps;
let clock: ReturnType<typeof createManualClock>;

beforeEach(async () => {
  store = await createSqliteStore({ path: ':memory:' });
  clock = createManualClock('2026-03-01T09:00:00Z');
  deps = {
    store,
    clock,
    ids: createSequentialIds(),
    writeMode: 'serial',
    extraction: { extractor: createRuleExtractor(), registry: EMPTY_REGISTRY },
  };
});

afterEach(async () => {
  await store.close();
});

function message(id: string, content: string, createdAt: string, source = 'chat') {
  return messageRecord('t1', id, 'user', content, createdAt, { source });
}

describe('health state through the pipeline', () => {
  it('keeps an allergy until the person confirms it is gone, and never commits a hedge', async () => {
    await ingest(deps, [message('m1', "I'm allergic to penicillin.", '2026-03-01T09:00:00Z')]);
    const first = await store.getSlot('user:primary', 'health.allergy.penicillin');
    expect(first?.committed?.value).toBe('allergic');

    clock.set('2026-03-02T09:00:00Z');
    await ingest(deps, [
      message('m2', "I'm not allergic to penicillin after all.", '2026-03-02T09:00:00Z'),
      message('m3', "I think I'm allergic to cats.", '2026-03-02T09:01:00Z'),
    ]);
    const after = await store.getSlot('user:primary', 'health.allergy.penicillin');
    expect(after?.committed?.value).toBe('allergic');
    const open = await store.listPrompts({ status: ['open'] });
    expect(open.map((p) => [p.field, p.proposedValue])).toContainEqual([
      'health.allergy.penicillin',
      'not_allergic',
    ]);
    expect(
      (await store.getSlot('user:primary', 'health.allergy.cat'))?.committed ?? null,
    ).toBeNull();
  });

  it('works on a store whose stored policy predates the domain', async () => {
    const policy = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as Record<string, unknown>;
    delete (policy['domains'] as Record<string, unknown>)['health'];
    await store.withWriteLock({ entities: [], global: true }, async (tx) => {
      await tx.putMeta('policy', policy as JsonObject);
    });
    const report = await ingest(deps, [
      message('m1', 'Started on lisinopril 10mg this morning.', '2026-03-01T09:00:00Z'),
    ]);
    expect(report.rejected).toBe(0);
    const status = await store.getSlot('user:primary', 'health.medication.lisinopril.status');
    expect(status?.committed?.value).toBe('taking');
    expect(status?.committed?.thresholds).toEqual({ ask: 0.7, auto: 0.95, margin: 0.25 });
  });
});
