import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onnx } from 'onnx-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import {
  createTransformersEmbeddingModel,
  type TransformersEmbeddingModel,
  type TransformersEmbeddingModelOptions,
} from './index.js';

/** Skip (with the reason) when the optional package was not installed. */
function transformersInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@huggingface/transformers');
    return true;
  } catch {
    return false;
  }
}
const INSTALLED = transformersInstalled();

const WORDS = ['sailing', 'boat', 'harbour', 'tax', 'invoice', 'refund', 'the', 'a', 'my'];
const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];
const VOCAB = [...SPECIAL, ...WORDS];
const DIMENSION = 4;

/** Topic of each word: sailing words point one way, money words another, fillers nowhere. */
function wordVector(token: string): number[] {
  if (['sailing', 'boat', 'harbour'].includes(token)) return [1, 0.2, 0, 0];
  if (['tax', 'invoice', 'refund'].includes(token)) return [0, 0.2, 1, 0];
  if (token === '[UNK]') return [0, 0, 0, 1];
  return [0, 0.1, 0, 0];
}

/**
 * A BERT-shaped ONNX graph small enough to write here: a word-embedding Gather plus a token-type
 * Gather, masked by the attention mask. transformers.js loads it like any sentence-transformer.
 */
function tinyBertModel(): Uint8Array {
  const float = onnx.TensorProto.DataType.FLOAT;
  const int64 = onnx.TensorProto.DataType.INT64;
  const dims = (...names: (string | number)[]) => ({
    dim: names.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
  });
  const input = (name: string) => ({
    name,
    type: { tensorType: { elemType: int64, shape: dims('batch', 'sequence') } },
  });
  const model = onnx.ModelProto.fromObject({
    irVersion: 8,
    producerName: 'verity-test',
    opsetImport: [{ version: 17 }],
    graph: {
      name: 'tiny-bert',
      node: [
        { opType: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['words'] },
        { opType: 'Gather', input: ['type_embeddings', 'token_type_ids'], output: ['types'] },
        { opType: 'Add', input: ['words', 'types'], output: ['summed'] },
        {
          opType: 'Cast',
          input: ['attention_mask'],
          output: ['mask'],
          attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: float }],
        },
        { opType: 'Unsqueeze', input: ['mask', 'last_axis'], output: ['mask3'] },
        { opType: 'Mul', input: ['summed', 'mask3'], output: ['last_hidden_state'] },
      ],
      initializer: [
        {
          name: 'word_embeddings',
          dataType: float,
          dims: [VOCAB.length, DIMENSION],
          floatData: VOCAB.flatMap(wordVector),
        },
        {
          name: 'type_embeddings',
          dataType: float,
          dims: [2, DIMENSION],
          floatData: [0, 0, 0, 0, 0, 0, 0, 0],
        },
        { name: 'last_axis', dataType: int64, dims: [1], int64Data: [-1] },
      ],
      input: [input('input_ids'), input('attention_mask'), input('token_type_ids')],
      output: [
        {
          name: 'last_hidden_state',
          type: { tensorType: { elemType: float, shape: dims('batch', 'sequence', DIMENSION) } },
        },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(): unknown {
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((token, id) => special(id, token)),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((token, id) => [token, id])),
    },
  };
}

/** Writes `<root>/<id>/` as transformers.js expects a local model. */
function writeTinyModel(root: string, id: string): void {
  const folder = join(root, id);
  mkdirSync(join(folder, 'onnx'), { recursive: true });
  writeFileSync(join(folder, 'onnx', 'model.onnx'), tinyBertModel());
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(tokenizerJson()));
  writeFileSync(
    join(folder, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 16,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
    }),
  );
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: DIMENSION,
      vocab_size: VOCAB.length,
      max_position_embeddings: 16,
      type_vocab_size: 2,
    }),
  );
}

function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
  if (a === undefined || b === undefined) throw new Error('missing vector');
  return a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
}

describe.skipIf(!INSTALLED)('TransformersEmbeddingModel (generated ONNX model, offline)', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'verity-onnx-'));
    writeTinyModel(root, 'tiny-bert');
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** Runs `use` on the generated model (with `options` on top), closing it afterwards. */
  async function withTinyModel(
    options: Partial<TransformersEmbeddingModelOptions>,
    use: (model: TransformersEmbeddingModel) => Promise<void>,
  ): Promise<void> {
    const model = createTransformersEmbeddingModel({
      model: 'tiny-bert',
      dimension: DIMENSION,
      localModelPath: root,
      ...options,
    });
    try {
      await use(model);
    } finally {
      await model.close();
    }
  }

  it('loads a local model offline and embeds by meaning, mean-pooled and unit length', async () => {
    await withTinyModel({}, async (model) => {
      const [sailing, boat, tax, blank] = await model.embed([
        'Sailing the boat',
        'my boat in the harbour',
        'the tax refund invoice',
        '   ',
      ]);
      expect(sailing).toHaveLength(DIMENSION);
      expect(Math.hypot(...(sailing ?? []))).toBeCloseTo(1, 5);
      expect(cosine(sailing, boat)).toBeGreaterThan(0.9);
      expect(cosine(sailing, tax)).toBeLessThan(0.3);
      expect(blank).toEqual(new Float32Array(DIMENSION));
      expect(model.id).toBe('tiny-bert');
      // Closing is idempotent: the helper closes it a second time.
      await model.close();
    });
  });

  it('splits inputs into batches and keeps their order', async () => {
    await withTinyModel({ maxBatchSize: 2 }, async (model) => {
      const texts = ['boat', 'tax', 'harbour', 'refund', 'sailing'];
      const one = await Promise.all(texts.map(async (text) => (await model.embed([text]))[0]));
      const batched = await model.embed(texts);
      batched.forEach((vector, index) => {
        expect(cosine(vector, one[index])).toBeCloseTo(1, 5);
      });
    });
  });

  it.each([
    ['CONFIG_INVALID when the model returns another dimension', { dimension: 8 }, 'CONFIG_INVALID'],
    [
      'PROVIDER_FAILED for a model that is not there, without downloading',
      { model: 'missing-model' },
      'PROVIDER_FAILED',
    ],
  ])('fails with %s', async (_name, options, code) => {
    await withTinyModel(options, async (model) => {
      await expect(model.embed(['boat'])).rejects.toMatchObject({ code });
    });
  });
});

describe('TransformersEmbeddingModel without the optional package', () => {
  it('names the install command when the library cannot be imported', async () => {
    const model = createTransformersEmbeddingModel({
      model: 'any',
      dimension: 4,
      loadModule: () =>
        Promise.reject(new Error("Cannot find package '@huggingface/transformers'")),
    });
    const attempt = model.embed(['text']);
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
    await expect(attempt).rejects.toThrow(/ONNXRUNTIME_NODE_INSTALL=skip npm install/);
    expect(await model.embed([''])).toEqual([new Float32Array(4)]);
  });

  it.runIf(!INSTALLED)('says how to install it when the real import fails', async () => {
    const model = createTransformersEmbeddingModel({ model: 'any', dimension: 4 });
    await expect(model.embed(['text'])).rejects.toThrow(
      /not installed; install it with .*npm install @huggingface\/transformers@3/,
    );
  });

  it('rejects unusable options with CONFIG_INVALID', () => {
    expect(() => createTransformersEmbeddingModel({ model: ' ', dimension: 4 })).toThrow(
      EngineError,
    );
    expect(() => createTransformersEmbeddingModel({ model: 'm', dimension: 0 })).toThrow(
      /dimension/,
    );
    expect(() =>
      createTransformersEmbeddingModel({ model: 'm', dimension: 4, maxBatchSize: 0 }),
    ).toThrow(/maxBatchSize/);
  });
});
