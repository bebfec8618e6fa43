import { describe, expect, it } from 'vitest';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import { messageRecord, toJsonl } from '../testing/index.js';
import { useSuiteTestEngine } from './__fixtures__/test-engine.js';

const filler = 'The assistant lists general advice about packing light and checking the weather. ';
const LONG_ANSWER = `${filler.repeat(8)}The ferry to Skye leaves at seven from Mallaig. ${filler.repeat(8)}`;

const suite = useSuiteTestEngine(
  'verity-context-memories-',
  '2026-03-02T09:00:00Z',
  {
    embeddings: { model: createFakeEmbeddingModel({ dimension: 64 }) },
    items: { extractor: null },
  },
  async ({ engine }) => {
    await engine.ingest(
      toJsonl([
        messageRecord('old', 'a1', 'assistant', LONG_ANSWER, '2026-01-05T10:00:00Z'),
        messageRecord('now', 'n1', 'user', 'Let us plan the next trip.', '2026-03-01T10:00:00Z'),
      ]),
    );
  },
);

describe('memories in the context pack', () => {
  it('show an excerpt of a long hit around the query word, not the whole text', async () => {
    const result = await suite().engine.buildContext({
      thread: 'now',
      query: 'when does the ferry leave?',
    });
    const memories = result.sections.find((section) => section.name === 'memories');
    expect(memories?.includedIds).toContain('message:old/a1');
    expect(memories?.text).toContain('The ferry to Skye leaves at seven from Mallaig.');
    expect(memories?.text.length ?? 0).toBeLessThan(LONG_ANSWER.length);
    expect(result.included.messageIds).toContain('a1');
  });
});
