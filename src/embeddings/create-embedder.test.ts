import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../core/index.js';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import { createEmbedder } from './index.js';

describe('createEmbedder', () => {
  it('names the space id@version with the dimension', () => {
    const embedder = createEmbedder(
      createFakeEmbeddingModel({ id: 'm', version: '3', dimension: 8 }),
    );
    expect(embedder.space).toEqual({ model: 'm@3', dimension: 8 });
  });

  it('adds the document prefix, bounds the input and hashes exactly what the model reads', () => {
    const model = createFakeEmbeddingModel({
      prefixes: { query: 'query: ', document: 'passage: ' },
    });
    const embedder = createEmbedder(model);
    const input = embedder.documentInput('the ferry leaves at nine');
    expect(input).toBe('passage: the ferry leaves at nine');
    expect(embedder.contentHash(input)).toBe(sha256Hex(input));
    const bounded = createEmbedder({
      id: 'short',
      version: '1',
      dimension: 4,
      maxInputTokens: 2,
      maxBatchSize: 1,
      prefixes: { query: '', document: '' },
      embed: (texts) => model.embed(texts),
      close: () => model.close(),
    });
    expect(bounded.documentInput('x'.repeat(100))).toHaveLength(32);
  });

  it('embeds queries with the query prefix and remembers recent ones', async () => {
    const model = createFakeEmbeddingModel({ prefixes: { query: 'query: ', document: '' } });
    const embedder = createEmbedder(model, { queryCacheSize: 2 });
    const first = await embedder.embedQuery('ferry times');
    expect(await embedder.embedQuery('ferry times')).toBe(first);
    await embedder.embedQuery('bus times');
    await embedder.embedQuery('train times');
    await embedder.embedQuery('ferry times');
    expect(model.calls).toEqual([
      ['query: ferry times'],
      ['query: bus times'],
      ['query: train times'],
      ['query: ferry times'],
    ]);
  });
});
