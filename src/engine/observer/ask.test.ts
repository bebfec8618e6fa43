import { describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import { createEmbedder } from '../../embeddings/index.js';
import type { AskDocument } from '../../observer/index.js';
import { createFakeEmbeddingModel } from '../../providers/fake/index.js';
import { withSimilarity } from './ask.js';

function memory(id: string, text: string): AskDocument {
  return { kind: 'memory', id, text, at: null, source: 'MEMORY.md#Notes', weight: 1.5 };
}

const DOCUMENTS = [
  memory('m1', 'I prefer pnpm over npm for every project'),
  memory('m2', 'The staging server is staging.example.internal'),
  memory('m3', 'Logs are kept for 30 days'),
];

/** The document texts the model was asked to embed, call by call (queries have no document). */
function embeddedTexts(calls: readonly (readonly string[])[]): string[] {
  return calls.flat();
}

describe('withSimilarity', () => {
  it('embeds a document once for every question that reaches it', async () => {
    const model = createFakeEmbeddingModel({ prefixes: { query: 'q: ', document: 'd: ' } });
    const embedder = createEmbedder(model);
    const first = await withSimilarity(embedder, 'which project manager do I prefer?', DOCUMENTS);
    expect(embeddedTexts(model.calls).filter((t) => t.startsWith('d: '))).toEqual([
      'd: I prefer pnpm over npm for every project',
    ]);
    model.calls.length = 0;
    const again = await withSimilarity(embedder, 'what do I prefer for a project?', DOCUMENTS);
    // Only the new question went to the model; the document's vector was kept.
    expect(embeddedTexts(model.calls)).toEqual(['q: what do I prefer for a project?']);
    expect(again[0]?.similarity).toBeGreaterThan(0);
    expect(first[0]?.similarity).toBeGreaterThan(0);
    expect(again[1]?.similarity).toBeUndefined();
  });

  it('gives a kept vector the same similarity as a freshly embedded one', async () => {
    const question = 'where is the staging server?';
    const warmModel = createFakeEmbeddingModel();
    const warm = createEmbedder(warmModel);
    await withSimilarity(warm, 'is staging a server?', DOCUMENTS);
    const reused = await withSimilarity(warm, question, DOCUMENTS);
    const fresh = await withSimilarity(
      createEmbedder(createFakeEmbeddingModel()),
      question,
      DOCUMENTS,
    );
    expect(reused[1]?.similarity).toBeCloseTo(fresh[1]?.similarity ?? Number.NaN, 10);
  });

  it('embeds a document again once its text changed, and keeps vectors per embedder', async () => {
    const model = createFakeEmbeddingModel();
    const embedder = createEmbedder(model);
    await withSimilarity(embedder, 'how long are logs kept?', DOCUMENTS);
    model.calls.length = 0;
    const edited = [memory('m3', 'Logs are kept for 90 days')];
    await withSimilarity(embedder, 'how long are logs kept?', edited);
    expect(embeddedTexts(model.calls)).toEqual(['Logs are kept for 90 days']);

    const other = createFakeEmbeddingModel();
    await withSimilarity(createEmbedder(other), 'how long are logs kept?', DOCUMENTS);
    expect(embeddedTexts(other.calls)).toContain('Logs are kept for 30 days');
  });

  it('ranks on words alone when the model fails', async () => {
    const failing = createEmbedder(
      createFakeEmbeddingModel({ failWith: new EngineError('PROVIDER_FAILED', 'model down') }),
    );
    const ranked = await withSimilarity(failing, 'how long are logs kept?', DOCUMENTS);
    expect(ranked).toEqual(DOCUMENTS);
  });
});
