/**
 * The script each embedding worker thread runs, as CommonJS source for `new Worker(source, {
 * eval: true })`. It is a string rather than a module file so the same worker starts whether
 * Verity runs from `dist/` (compiled) or from `src/` (tsx, vitest), where a `.js` worker file
 * would not exist. The packages it loads are resolved by the main thread and passed as absolute
 * paths in `workerData`.
 *
 * Protocol: the main thread posts `{ id, texts, maxTokens }` (texts never blank); the worker
 * answers `{ id, vectors }` (a flat Float32Array, `texts.length × 512`) or `{ id, error }`.
 * Requests run one at a time, in arrival order.
 * @internal
 */
export const USE_LITE_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
const tf = require(workerData.core);
const loading = initModel(modelSource);
loading.catch(() => {});

async function embed(texts, maxTokens) {
  const model = await loading;
  const encoded = texts.map((text) => model.tokenizer.encode(text).slice(0, maxTokens));
  let total = 0;
  for (const tokens of encoded) total += tokens.length;
  const indices = new Int32Array(total * 2);
  const values = new Int32Array(total);
  let position = 0;
  encoded.forEach((tokens, row) => {
    tokens.forEach((token, column) => {
      indices[2 * position] = row;
      indices[2 * position + 1] = column;
      values[position] = token;
      position += 1;
    });
  });
  const inputs = {
    indices: tf.tensor2d(indices, [total, 2], 'int32'),
    values: tf.tensor1d(values, 'int32'),
  };
  try {
    const output = await model.model.executeAsync(inputs);
    try {
      return Float32Array.from(output.dataSync());
    } finally {
      output.dispose();
    }
  } finally {
    inputs.indices.dispose();
    inputs.values.dispose();
  }
}

let queue = Promise.resolve();
parentPort.on('message', ({ id, texts, maxTokens }) => {
  queue = queue.then(async () => {
    try {
      const vectors = await embed(texts, maxTokens);
      parentPort.postMessage({ id, vectors }, [vectors.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: String((error && error.stack) || error) });
    }
  });
});
`;
