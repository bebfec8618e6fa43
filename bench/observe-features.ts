// npx tsx bench/observe-features.ts — does a feature that is not a phrase list help the scorer
// across authors? Leave-one-author-out over the eight observe authors: for each author, train a
// logistic regression on the other seven and score the left-out author's candidates, with
//   base    the shipped scorer's features (rule signals + hashed lemma uni/bigrams),
//   syntax  + the language layer's clause analysis (tense, aspect, mood, negation, person of the
//           subject, has number / path / version),
//   embed   + the sentence's 512-d USE-lite embedding (the engine's bundled model),
//   both    syntax and embed together,
// each with the scorer allowed to lift only the user's 🟡 candidates (as shipped) or the
// assistant's too ("+asst"). The figure is observe-select's candidate-level proxy, with its
// selection rule (proxy junk ≤ 2.5 %, at most 20 % more 🔴 than the rules, unlabelled share not up;
// then the highest recall). Sentence vectors are cached by text in $OBSERVE_VECTORS
// (default /tmp/verity-observe-vectors.json) so reruns do not embed again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ScorerCandidate } from '../src/observer/index.js';
import { vectorOf } from '../src/observer/scorer.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { labelledCandidates, trainingAuthors } from './observe/corpus.js';
import {
  add,
  bestFirst,
  fitsRule,
  fmt,
  type GridRow,
  gridRows,
  rulesAlone,
  zero,
} from './observe/proxy.js';

const authors = trainingAuthors();
const candidates = authors.map((a) => labelledCandidates(a));
const durableCount = authors.map((a) =>
  a.ids.reduce((n, id) => n + (a.labelled[id]?.durable.length ?? 0), 0),
);

// ---- sentence vectors, cached by text
const cachePath = process.env['OBSERVE_VECTORS'] ?? '/tmp/verity-observe-vectors.json';
const cache: Record<string, number[]> = existsSync(cachePath)
  ? (JSON.parse(readFileSync(cachePath, 'utf8')) as Record<string, number[]>)
  : {};
const texts = [...new Set(candidates.flat().map((c) => c.candidate.text))].sort();
const missing = texts.filter((t) => cache[t] === undefined);
if (missing.length > 0) {
  const model = createLocalEmbeddingModel({ workers: 1, batchSize: 32 });
  const started = performance.now();
  const vectors = await model.embed(missing, {});
  const ms = performance.now() - started;
  console.log(
    `embedded ${missing.length} sentences in ${(ms / 1000).toFixed(1)} s (${((1000 * missing.length) / ms).toFixed(0)} sentences/s, 1 worker)`,
  );
  for (const [i, t] of missing.entries())
    cache[t] = [...(vectors[i] as Float32Array)].map((x) => Math.round(x * 1e4) / 1e4);
  writeFileSync(cachePath, JSON.stringify(cache));
}

const DIMS = 4096;

type Variant = { name: string; syntax: boolean; embed: boolean; assistant: boolean };
const variants: Variant[] = [];
for (const assistant of [false, true])
  for (const [name, syntax, embed] of [
    ['base', false, false],
    ['syntax', true, false],
    ['embed', false, true],
    ['both', true, true],
  ] as const)
    variants.push({ name: `${name}${assistant ? '+asst' : ''}`, syntax, embed, assistant });

function vectorFor(
  c: ScorerCandidate,
  v: Variant,
): { sparse: [number, number][]; dense: number[] } {
  return {
    sparse: vectorOf(c, DIMS, v.syntax ? ['syntax'] : []),
    dense: v.embed ? (cache[c.text] ?? []) : [],
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

interface Fitted {
  w: Float64Array;
  d: Float64Array;
  bias: number;
}
function fitModel(
  xs: readonly { sparse: [number, number][]; dense: number[] }[],
  ys: readonly number[],
  ws: readonly number[],
  l2: number,
): Fitted {
  const w = new Float64Array(DIMS);
  const d = new Float64Array(512);
  const gw = new Float64Array(DIMS);
  const gd = new Float64Array(512);
  let bias = 0;
  const total = ws.reduce((a, b) => a + b, 0) || 1;
  for (let epoch = 0; epoch < 300; epoch++) {
    gw.fill(0);
    gd.fill(0);
    let gb = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as { sparse: [number, number][]; dense: number[] };
      let z = bias;
      for (const [s, val] of x.sparse) z += (w[s] as number) * val;
      for (let j = 0; j < x.dense.length; j++) z += (d[j] as number) * (x.dense[j] as number);
      const err = (sigmoid(z) - (ys[i] as number)) * (ws[i] as number);
      gb += err;
      for (const [s, val] of x.sparse) gw[s] = (gw[s] as number) + err * val;
      for (let j = 0; j < x.dense.length; j++)
        gd[j] = (gd[j] as number) + err * (x.dense[j] as number);
    }
    for (let j = 0; j < DIMS; j++)
      w[j] = (w[j] as number) - 0.5 * ((gw[j] as number) / total + l2 * (w[j] as number));
    for (let j = 0; j < 512; j++)
      d[j] = (d[j] as number) - 0.5 * ((gd[j] as number) / total + l2 * (d[j] as number));
    bias -= 0.5 * (gb / total);
  }
  return { w, d, bias };
}
function score(m: Fitted, x: { sparse: [number, number][]; dense: number[] }): number {
  let z = m.bias;
  for (const [s, val] of x.sparse) z += (m.w[s] as number) * val;
  for (let j = 0; j < x.dense.length; j++) z += (m.d[j] as number) * (x.dense[j] as number);
  return sigmoid(z);
}

const rulesPer = rulesAlone(candidates, durableCount);
const rules = rulesPer.reduce(add, zero);
console.log(`authors: ${authors.map((a) => a.key).join(' ')}`);
console.log(`rules alone: ${fmt(rules)} | ${rulesPer.map(fmt).join(' | ')}`);

const only = process.env['VARIANTS']?.split(',');
for (const v of variants) {
  if (only && !only.includes(v.name)) continue;
  const xs = candidates.map((held) => held.map((c) => vectorFor(c.candidate, v)));
  const rows: GridRow[] = [];
  for (const l2 of [1e-4, 1e-3]) {
    const otherWeight = 0.3;
    const foldScores = candidates.map((held, k) => {
      const tx: { sparse: [number, number][]; dense: number[] }[] = [];
      const ty: number[] = [];
      const tw: number[] = [];
      for (const [j, set] of candidates.entries()) {
        if (j === k) continue;
        for (const [i, c] of set.entries()) {
          tx.push((xs[j] as { sparse: [number, number][]; dense: number[] }[])[i] as never);
          ty.push(c.label === 'durable' ? 1 : 0);
          tw.push(c.label === 'other' ? otherWeight : 1);
        }
      }
      const m = fitModel(tx, ty, tw, l2);
      return held.map((_, i) => score(m, (xs[k] as never[])[i] as never));
    });
    rows.push(
      ...gridRows(
        candidates,
        foldScores,
        {
          gates: [0, 0.1, 0.2, 0.3, 0.4],
          admits: [0.5, 0.6, 0.7, 0.8, 0.9, 2],
          liftAssistant: v.assistant,
        },
        durableCount,
        `l2=${l2}`,
      ),
    );
  }
  bestFirst(rows, rules);
  const best = rows[0];
  if (best)
    console.log(
      `${v.name} [${best.name}${fitsRule(best.pooled, rules) ? '' : ' — none fits'}]: ${fmt(best.pooled)} | ${best.perFold.map(fmt).join(' | ')}`,
    );
}
