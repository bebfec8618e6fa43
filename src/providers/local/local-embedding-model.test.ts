import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import { createLocalEmbeddingModel } from './index.js';

function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
  if (a === undefined || b === undefined) throw new Error('missing vector');
  return a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
}

/** The real bundled model (Universal Sentence Encoder lite), on small inputs. */
describe('LocalEmbeddingModel (the bundled model, for real)', () => {
  const model = createLocalEmbeddingModel({ workers: 2, batchSize: 2 });

  afterAll(async () => {
    await model.close();
  });

  it('embeds related sentences close together and unrelated ones apart', async () => {
    const [question, related, unrelated] = await model.embed([
      'How do I reset my password?',
      'I forgot my login credentials and need a new password.',
      'The cat is sleeping on the sofa.',
    ]);
    expect(question).toHaveLength(512);
    expect(Math.hypot(...(question ?? []))).toBeCloseTo(1, 4);
    expect(cosine(question, related)).toBeGreaterThan(0.6);
    expect(cosine(question, unrelated)).toBeLessThan(0.35);
    expect(model).toMatchObject({
      id: 'universal-sentence-encoder-lite',
      version: '0.2.0',
      dimension: 512,
      maxInputTokens: 128,
    });
  });

  it('gives the same vector for a text alone or in a batch split across workers', async () => {
    const texts = [
      'We land in Denver at noon.',
      'short',
      'The quarterly report is due on Friday, and the draft still needs numbers.',
      'Leo has a fever and stays home from school today.',
      'ok',
    ];
    const batched = await model.embed(texts);
    const alone = await model.embed([texts[2] ?? '']);
    expect(cosine(batched[2], alone[0])).toBeCloseTo(1, 5);
    for (const vector of batched) expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
  });

  it('returns the zero vector for blank texts without calling the model on them', async () => {
    const [blank, empty, word] = await model.embed(['   ', '', 'hello']);
    expect(blank).toEqual(new Float32Array(512));
    expect(empty).toEqual(new Float32Array(512));
    expect(Math.hypot(...(word ?? []))).toBeCloseTo(1, 4);
    expect(await model.embed([])).toEqual([]);
  });

  it('reads only the first 128 tokens of a long text', async () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index % 37}`).join(' ');
    const [full, longer] = await model.embed([words, `${words} and a different ending entirely`]);
    expect(cosine(full, longer)).toBeCloseTo(1, 5);
  });

  it('starts again after close, and closes idempotently', async () => {
    await model.close();
    await model.close();
    const [vector] = await model.embed(['back again']);
    expect(vector).toHaveLength(512);
  });

  it('rejects an aborted call and bad options', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(model.embed(['x'], { signal: controller.signal })).rejects.toThrow('stopped');
    expect(() => createLocalEmbeddingModel({ workers: 0 })).toThrow(EngineError);
    expect(() => createLocalEmbeddingModel({ batchSize: 1.5 })).toThrow(/batchSize/);
  });
});
