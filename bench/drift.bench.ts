// Memory drift: threshold calibration on labelled pairs (train/held-out), precision and recall of
// both drift signals, added latency of detection for a 10-memory retrieval at a 10,000-note vault,
// and index time per 1,000 notes, with the bundled embedding model.
// Run: npm run bench:drift [-- --notes N]. Writes the "drift" section of docs/BENCHMARKS.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosineDistance, passageHash } from '../src/core/index.js';
import { createEmbedder } from '../src/embeddings/index.js';
import { createEngine } from '../src/engine/index.js';
import { toModelKey } from '../src/providers/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { createManualClock } from '../src/testing/index.js';
import { DRIFT_PAIRS, type DriftPair } from '../src/vault/drift-pairs.js';
import { SEED_DRIFT_THRESHOLD } from '../src/vault/index.js';
import { machine, writeSection } from './report.js';

const notesAt = process.argv.indexOf('--notes');
const NOTES = notesAt === -1 ? 10_000 : Number(process.argv[notesAt + 1]);
const RETRIEVALS = 30;

const model = createLocalEmbeddingModel();
const modelKey = toModelKey(model);
const embedder = createEmbedder(model);

// --- Calibration ---------------------------------------------------------------------------
interface Scored {
  readonly pair: DriftPair;
  readonly distance: number;
}

async function score(pairs: readonly DriftPair[]): Promise<Scored[]> {
  const inputs = pairs.flatMap((p) => [p.memory, p.now]).map((t) => embedder.documentInput(t));
  const vectors = await embedder.embedDocuments(inputs);
  return pairs.map((pair, i) => {
    const a = vectors[2 * i];
    const b = vectors[2 * i + 1];
    if (a === undefined || b === undefined) throw new Error('missing vector');
    return { pair, distance: cosineDistance(a, b) };
  });
}

interface Counts {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
}

function count(items: readonly { fired: boolean; meaningful: boolean }[]): Counts {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const { fired, meaningful } of items) {
    if (fired && meaningful) tp += 1;
    else if (fired) fp += 1;
    else if (meaningful) fn += 1;
    else tn += 1;
  }
  return { tp, fp, fn, tn };
}

const precision = (c: Counts) => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
const recall = (c: Counts) => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));
const fBeta = (c: Counts, beta: number) => {
  const p = precision(c);
  const r = recall(c);
  return p + r === 0 ? 0 : ((1 + beta * beta) * p * r) / (beta * beta * p + r);
};

const atThreshold = (scored: readonly Scored[], threshold: number) =>
  count(
    scored.map((s) => ({
      fired: s.distance > threshold,
      meaningful: s.pair.label === 'meaningful',
    })),
  );

const scored = await score(DRIFT_PAIRS);
// Even positions train, odd positions are held out (each label alternates across both).
const train = scored.filter((_, i) => i % 2 === 0);
const test = scored.filter((_, i) => i % 2 === 1);
// Precision first: maximise F0.5 on the training half over the midpoints between its distances.
const sorted = [...train.map((s) => s.distance)].sort((a, b) => a - b);
const candidates = sorted.slice(1).map((d, i) => (d + (sorted[i] ?? d)) / 2);
let best = { threshold: SEED_DRIFT_THRESHOLD, f: -1 };
for (const threshold of candidates) {
  const f = fBeta(atThreshold(train, threshold), 0.5);
  if (f > best.f + 1e-12) best = { threshold, f };
}
const calibrated = Math.round(best.threshold * 1000) / 1000;

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
const distancesOf = (label: string, formattingOnly?: boolean) =>
  scored
    .filter(
      (s) =>
        s.pair.label === label &&
        (formattingOnly === undefined || s.pair.formattingOnly === formattingOnly),
    )
    .map((s) => s.distance);

const sourceChanged = count(
  DRIFT_PAIRS.map((p) => ({
    fired: passageHash(p.then) !== passageHash(p.now),
    meaningful: p.label === 'meaningful',
  })),
);
const sourceOnFormatting = DRIFT_PAIRS.filter(
  (p) => p.formattingOnly && passageHash(p.then) !== passageHash(p.now),
).length;
const either = count(
  scored.map((s, i) => {
    const p = DRIFT_PAIRS[i] as DriftPair;
    return {
      fired: s.distance > calibrated || passageHash(p.then) !== passageHash(p.now),
      meaningful: s.pair.label === 'meaningful',
    };
  }),
);

// --- Latency and index time ------------------------------------------------------------------
const WORDS =
  'alpha beta gamma delta release budget owner review launch schedule meeting design audit migration contract hotel flight dentist lease rotation export hiring flag'.split(
    ' ',
  );

function noteText(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return [
    `# Note ${i}`,
    '',
    `Project ${i} covers the ${w(1)} and the ${w(2)} for team ${i % 97}.`,
    '',
    '## Status',
    '',
    `Item ${i} is a blocker for the ${w(3)}; owner ${w(4)} checks it weekly.`,
    '',
    `- next step: ${w(5)} ${w(6)}`,
    `- due: week ${i % 52}`,
  ].join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'verity-bench-drift-'));
const vault = join(dir, 'vault');
const clock = createManualClock('2026-06-01T09:00:00Z');
const engine = await createEngine({
  home: join(dir, 'home'),
  clock,
  embeddings: { model: createLocalEmbeddingModel() },
});

let indexSeconds1k = 0;
let indexSecondsAll = 0;
let reindexUnchangedSeconds = 0;
const latency = { baseline: [] as number[], steady: [] as number[], firstDetection: 0 };
try {
  for (let i = 0; i < NOTES; i += 1) {
    const folder = join(vault, `area-${i % 50}`);
    if (i < 50) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `note-${i}.md`), noteText(i));
  }
  await engine.vault.addRoot(vault);
  let started = performance.now();
  const report = await engine.vault.index();
  indexSecondsAll = (performance.now() - started) / 1000;
  indexSeconds1k = (indexSecondsAll * 1000) / NOTES;
  started = performance.now();
  await engine.vault.index();
  reindexUnchangedSeconds = (performance.now() - started) / 1000;
  console.log(
    `indexed ${report.notes} notes (${report.chunks} chunks) in ${indexSecondsAll.toFixed(1)} s`,
  );

  const ids: string[] = [];
  for (let m = 0; m < 10; m += 1) {
    const n = m * Math.floor(NOTES / 10);
    const result = await engine.vault.recordMemory({
      text: `Item ${n} is a blocker; see [[note-${n}]] and [[note-${n + 1}]]`,
    });
    ids.push(result.memory.memory_id);
  }
  // Warm-up: memory vectors are computed once and cached.
  await engine.vault.checkDrift(ids);
  for (let run = 0; run < RETRIEVALS; run += 1) {
    let t = performance.now();
    await engine.vault.listMemories();
    latency.baseline.push(performance.now() - t);
    t = performance.now();
    await engine.vault.checkDrift(ids);
    latency.steady.push(performance.now() - t);
  }
  // First detection: every cited note changed, every memory gets rows (events written).
  for (let m = 0; m < 10; m += 1) {
    const n = m * Math.floor(NOTES / 10);
    writeFileSync(
      join(vault, `area-${n % 50}`, `note-${n}.md`),
      noteText(n).replace('is a blocker for', 'was resolved before'),
    );
  }
  await engine.vault.index();
  const t = performance.now();
  await engine.vault.checkDrift(ids);
  latency.firstDetection = performance.now() - t;
} finally {
  await engine.close();
  await model.close();
  rmSync(dir, { recursive: true, force: true });
}

const percentile = (values: readonly number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const ms = (v: number) => v.toFixed(1);
const pct = (v: number) => `${(v * 100).toFixed(0)} %`;
const date = new Date().toISOString().slice(0, 10);
// A signal that never fired has no precision to report.
const row = (name: string, c: Counts) =>
  `| ${name} | ${c.tp + c.fp === 0 ? '—' : pct(precision(c))} | ${pct(recall(c))} | ${c.tp} | ${c.fp} | ${c.fn} | ${c.tn} |`;

const results = {
  date,
  machine: machine(),
  model: modelKey,
  pairs: DRIFT_PAIRS.length,
  calibrated_threshold: calibrated,
  mean_distance: {
    meaningful: mean(distancesOf('meaningful')),
    reworded: mean(distancesOf('cosmetic', false)),
    formatting: mean(distancesOf('cosmetic', true)),
  },
  memory_drift: {
    train: atThreshold(train, calibrated),
    test: atThreshold(test, calibrated),
    seed_threshold_test: atThreshold(test, SEED_DRIFT_THRESHOLD),
  },
  memory_source_changed: sourceChanged,
  source_changed_on_formatting_only: sourceOnFormatting,
  either_signal: either,
  notes: NOTES,
  index_seconds_per_1000_notes: indexSeconds1k,
  index_seconds_all: indexSecondsAll,
  reindex_unchanged_seconds: reindexUnchangedSeconds,
  latency_ms: {
    baseline_p50: percentile(latency.baseline, 0.5),
    detection_p50: percentile(latency.steady, 0.5),
    detection_p95: percentile(latency.steady, 0.95),
    first_detection: latency.firstDetection,
  },
};
console.log(JSON.stringify(results, null, 2));

writeSection(
  'drift',
  results,
  `
## Memory drift (\`npm run bench:drift\`)

Measured ${date} on ${machine()}, with the bundled model \`${modelKey}\`.

**Calibration.** ${DRIFT_PAIRS.length} labelled pairs written for Verity (\`src/vault/drift-pairs.ts\`):
a memory, the passage it cited, and the passage after an edit, labelled \`meaningful\` (24: resolved,
moved, cancelled, changed numbers) or \`cosmetic\` (12 reworded, 12 formatting only). Distance is
the cosine distance between the memory and the edited passage. Mean distance: meaningful
${results.mean_distance.meaningful.toFixed(3)}, reworded ${results.mean_distance.reworded.toFixed(3)},
formatting only ${results.mean_distance.formatting.toFixed(3)}. The threshold maximises F0.5
(precision first) on the even-numbered pairs; the odd-numbered pairs are held out.
Calibrated \`memory_drift\` threshold: **${calibrated}** (seed's starting point: ${SEED_DRIFT_THRESHOLD}).

| signal | precision | recall | TP | FP | FN | TN |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row('memory_drift, train half, calibrated', results.memory_drift.train)}
${row('memory_drift, held-out half, calibrated', results.memory_drift.test)}
${row(`memory_drift, held-out half, seed ${SEED_DRIFT_THRESHOLD}`, results.memory_drift.seed_threshold_test)}
${row('memory_source_changed, all pairs', sourceChanged)}
${row('either signal, all pairs', either)}

\`memory_source_changed\` fired on ${sourceOnFormatting} of 12 formatting-only edits; its false
positives are rewordings (the words changed, the meaning did not).

**Cost** at ${NOTES.toLocaleString('en-US')} synthetic notes (3 chunks each), 10 memories citing 2
notes each, ${RETRIEVALS} retrievals after a warm-up:

| measure | value |
| --- | ---: |
| index time per 1,000 notes (fresh store, model included; total / notes × 1,000) | ${indexSeconds1k.toFixed(1)} s |
| index time, all ${NOTES.toLocaleString('en-US')} notes | ${indexSecondsAll.toFixed(1)} s |
| re-index with nothing changed | ${reindexUnchangedSeconds.toFixed(1)} s |
| listing the 10 memories without detection, p50 | ${ms(results.latency_ms.baseline_p50)} ms |
| drift detection for the 10 memories, p50 (added latency) | ${ms(results.latency_ms.detection_p50)} ms |
| drift detection, p95 | ${ms(results.latency_ms.detection_p95)} ms |
| first detection with all 10 notes changed (20 events written) | ${ms(results.latency_ms.first_detection)} ms |
| target (seed's budget) | < 200 ms |
`,
);
