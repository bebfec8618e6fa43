import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../core/index.js';
import { SEED_OBSERVATION, SEED_PROMPT } from '../testing/index.js';
import {
  SCHEMAS,
  validateConfirmation,
  validateMessage,
  validateObservation,
  validateSignal,
} from './index.js';

const seedObservation = SEED_OBSERVATION;

const seedPrompt = SEED_PROMPT;

function issuesOf(result: { ok: boolean; issues?: readonly { path: string; rule: string }[] }) {
  return result.ok ? [] : (result.issues ?? []).map((i) => `${i.path} ${i.rule}`);
}

describe('canonical schemas', () => {
  it('accepts the seed StateObservation and UserConfirmation examples as written', () => {
    expect(validateObservation(seedObservation).ok).toBe(true);
    expect(validateConfirmation(seedPrompt).ok).toBe(true);
  });

  it.each([
    ['an unknown property', { ...seedObservation, mood: 'happy' }, '/mood additionalProperties'],
    ['a non-UUID event id', { ...seedObservation, event_id: '42' }, '/event_id format'],
    ['a non-RFC3339 time', { ...seedObservation, event_ts: '19/02/2026' }, '/event_ts format'],
    ['an unknown domain', { ...seedObservation, domain: 'weather' }, '/domain enum'],
    ['an unknown intent', { ...seedObservation, intent: 'certain' }, '/intent enum'],
    [
      'an unknown source type',
      { ...seedObservation, source: { type: 'rumour', ref: 'x' } },
      '/source/type enum',
    ],
    ['a bad entity id', { ...seedObservation, entity_id: 'User:Primary' }, '/entity_id pattern'],
    [
      'a field outside its domain',
      { ...seedObservation, field: 'project.x.status' },
      '/field pattern',
    ],
    ['an empty value', { ...seedObservation, candidate_value: '' }, '/candidate_value minLength'],
    [
      'a null value that is not a retraction',
      { ...seedObservation, candidate_value: null },
      '/intent const',
    ],
    [
      'a confidence above 1',
      { ...seedObservation, extraction_confidence: 1.5 },
      '/extraction_confidence maximum',
    ],
    [
      'a retraction target on an assertion',
      { ...seedObservation, retracts: seedObservation.event_id },
      '/intent const',
    ],
  ])('rejects an observation with %s, naming the field and rule', (_name, input, expected) => {
    expect(issuesOf(validateObservation(input))).toContain(expected);
  });

  it('reports every broken rule at once', () => {
    const issues = issuesOf(
      validateObservation({ ...seedObservation, event_id: 'x', intent: 'maybe', extra: 1 }),
    );
    expect(issues).toEqual(
      expect.arrayContaining(['/event_id format', '/intent enum', '/extra additionalProperties']),
    );
  });

  it('bounds reason_summary to 5 entries of at most 160 characters', () => {
    expect(
      issuesOf(
        validateConfirmation({ ...seedPrompt, reason_summary: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      ),
    ).toContain('/reason_summary maxItems');
    expect(
      issuesOf(validateConfirmation({ ...seedPrompt, reason_summary: ['x'.repeat(161)] })),
    ).toContain('/reason_summary/0 maxLength');
  });

  it('requires exactly one action and an edited value for an edit answer', () => {
    const answer = {
      answer_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5d',
      prompt_id: seedPrompt.prompt_id,
      action: 'edit',
      answered_at: '2026-02-19T15:10:00Z',
    };
    expect(issuesOf(validateConfirmation(answer))).toContain('/edited_value required');
    expect(validateConfirmation({ ...answer, edited_value: 'completed' }).ok).toBe(true);
    expect(
      issuesOf(validateConfirmation({ ...answer, action: 'maybe', edited_value: 'x' })),
    ).toContain('/action enum');
  });

  it('validates signals with claims and messages with their identity', () => {
    const signal = {
      event_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5e',
      kind: 'transaction',
      source: { type: 'transactions_email', ref: 'bank:chase' },
      external_id: 'txn-991',
      occurred_at: '2026-02-19T09:00:00Z',
      entity_id: 'user:primary',
      summary: 'CITY POWER UTIL 84.20',
      payload: { amount: 84.2, currency: 'USD' },
      claims: [{ field: 'financial.power_bill.status', candidate_value: 'paid' }],
    };
    expect(validateSignal(signal).ok).toBe(true);
    expect(issuesOf(validateSignal({ ...signal, kind: 'fax' }))).toContain('/kind enum');
    expect(
      issuesOf(
        validateMessage({
          thread_id: 't',
          message_id: 'm',
          role: 'robot',
          content: '',
          created_at: 'now',
        }),
      ),
    ).toEqual(expect.arrayContaining(['/role enum', '/created_at format']));
  });

  it('publishes every schema as plain JSON that compiles on its own', () => {
    // The published files are `JSON.stringify` of these objects (scripts/write-schemas.ts, run by
    // the build): nothing may be lost in that round trip, and each must stand alone.
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const published = JSON.parse(JSON.stringify(schema));
      expect(published, name).toEqual(schema);
      const standalone = new Ajv2020({
        allErrors: true,
        strict: true,
        strictTuples: false,
        strictRequired: false,
        allowUnionTypes: true,
      });
      addFormats.default(standalone);
      expect(() => standalone.compile(published), name).not.toThrow();
    }
  });

  it('takes the domain enum and the field pattern from the domain registry', () => {
    const observation = SCHEMAS.state_observation;
    expect(observation.properties.domain.enum).toEqual([...DOMAINS]);
    for (const domain of DOMAINS) {
      expect(
        validateObservation({ ...seedObservation, domain, field: `${domain}.x.status` }).ok,
        domain,
      ).toBe(true);
      const other = DOMAINS.find((d) => d !== domain) ?? domain;
      expect(
        issuesOf(validateObservation({ ...seedObservation, domain, field: `${other}.x.status` })),
      ).toContain('/field pattern');
    }
  });
});
