import { describe, expect, it } from 'vitest';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { createMemoryExtractionCache } from './extraction-cache.js';
import { createLlmExtractor, createRulesThenLlmExtractor } from './llm-extractor.js';
import { EMPTY_REGISTRY, type ExtractionInput } from './types.js';

const input: ExtractionInput = {
  text: 'Finally in Reykjavik, and Ana has the flu.',
  at: '2026-03-01T10:00:00Z',
  source: 'chat',
  role: 'user',
  entityId: 'user:primary',
  known: [],
  registry: { ...EMPTY_REGISTRY, members: { 'family:lund': ['Ana'] } },
};

const answer = {
  intent: 'assertive',
  retracts_previous: false,
  observations: [
    {
      subject: 'self',
      field: 'travel.location',
      value: 'Reykjavik',
      intent: 'assertive',
      confidence: 0.97,
      correction: false,
    },
    {
      subject: 'person:Ana',
      field: 'family.ana.status',
      value: 'sick',
      intent: 'assertive',
      confidence: 0.95,
      correction: false,
    },
    {
      subject: 'self',
      field: 'travel.status',
      value: 'in_progress',
      intent: 'assertive',
      confidence: 0.6,
      correction: false,
    },
    {
      subject: 'self',
      field: 'not a field',
      value: 'x',
      intent: 'assertive',
      confidence: 1,
      correction: false,
    },
  ],
};

describe('createLlmExtractor', () => {
  it('maps a schema-valid answer to observations and forces low confidence to tentative', async () => {
    const model = createFakeLanguageModel({ replies: [{ value: answer }] });
    const result = await createLlmExtractor({ model }).extract(input);
    if (!result.ok) throw result.error;
    expect(
      result.value.observations.map((o) => [o.entityId, o.field, o.value, o.confidence]),
    ).toEqual([
      ['user:primary', 'travel.location', 'Reykjavik', 0.97],
      ['family:lund', 'family.ana.status', 'sick', 0.95],
      ['user:primary', 'travel.status', 'in_progress', 0.35],
    ]);
    expect(model.calls[0]?.schemaName).toBe('extraction_output');
    expect(model.calls[0]?.prompt).toContain('Finally in Reykjavik');
  });

  it('refuses an answer outside the schema instead of reading free text', async () => {
    const model = createFakeLanguageModel({
      replies: [{ value: { text: 'She is in Reykjavik.' } }],
    });
    const result = await createLlmExtractor({ model }).extract(input);
    expect(result.ok ? null : result.error.code).toBe('PROVIDER_FAILED');
  });

  it('returns a provider failure as an error result', async () => {
    const model = createFakeLanguageModel({ replies: [{ error: 'timed out after 10 ms' }] });
    const result = await createLlmExtractor({ model, timeoutMs: 10 }).extract(input);
    expect(result.ok ? null : result.error.message).toBe('timed out after 10 ms');
  });

  it('caches answers by message hash and prompt version', async () => {
    const model = createFakeLanguageModel({ replies: [{ value: answer }] });
    const extractor = createLlmExtractor({ model, cache: createMemoryExtractionCache() });
    await extractor.extract(input);
    await extractor.extract(input);
    await extractor.extract({ ...input, text: 'Something else.' });
    expect(model.calls).toHaveLength(2);
  });
});

describe('createRulesThenLlmExtractor', () => {
  it('asks the model only about what the rules did not recognise, and keeps the rules on conflicts', async () => {
    const model = createFakeLanguageModel({
      replies: () => ({
        value: {
          intent: 'assertive',
          retracts_previous: false,
          observations: [
            {
              subject: 'self',
              field: 'travel.location',
              value: 'Nowhere',
              intent: 'assertive',
              confidence: 1,
              correction: false,
            },
            {
              subject: 'self',
              field: 'profile.preference.tea',
              value: 'rooibos',
              intent: 'assertive',
              confidence: 1,
              correction: false,
            },
          ],
        },
      }),
    });
    const extractor = createRulesThenLlmExtractor(createLlmExtractor({ model }));
    const result = await extractor.extract({
      ...input,
      text: "We're in Tromso now. Rooibos is my tea these days.",
    });
    if (!result.ok) throw result.error;
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.prompt).toContain('Rooibos is my tea these days.');
    expect(model.calls[0]?.prompt).not.toContain('Tromso');
    const values = Object.fromEntries(result.value.observations.map((o) => [o.field, o.value]));
    expect(values).toMatchObject({
      'travel.location': 'Tromso',
      'profile.preference.tea': 'rooibos',
    });
    expect(extractor.id).toBe('rules-llm');
  });

  it('falls back to the rules when the model fails', async () => {
    const model = createFakeLanguageModel({ replies: [{ error: 'down' }] });
    const result = await createRulesThenLlmExtractor(createLlmExtractor({ model })).extract({
      ...input,
      text: "We're in Tromso now. Something the rules cannot read.",
    });
    expect(result.ok && result.value.observations.map((o) => o.field)).toEqual([
      'travel.status',
      'travel.location',
    ]);
  });
});
