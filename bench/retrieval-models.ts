// Issue #17: scores learned-ranker model files side by side on saved candidate lists (a
// `bench/retrieval.bench.ts --collected <file>` save), through search's own ranking
// (`rankCandidates` with `method: 'learned'`). Tuning halves by default; `--held-out` prints the
// held-out halves instead — a check of models already chosen on the tuning halves, never a way to
// choose one. A model file may name any feature set `FEATURE_SETS` lists.
// Run: npx tsx bench/retrieval-models.ts <collected.json> <model.json> [<model.json> …] [--held-out]
import { readFileSync } from 'node:fs';
import type { LearnedModel } from '../src/search/index.js';
import {
  type Collected,
  evaluateConfig,
  readCollected,
  type SuiteConfig,
} from './retrieval-suite.js';
import { halves } from './retrieval-train.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [file, ...models] = args;
if (file === undefined || models.length === 0) {
  throw new Error('usage: retrieval-models <collected.json> <model.json> … [--held-out]');
}
const held = process.argv.includes('--held-out');
const h = halves(readCollected(file));
const [first, second] = held
  ? ([
      ['LoCoMo B', h.locomoB],
      ['LME held out', h.lmeHeld],
    ] as const)
  : ([
      ['LoCoMo A', h.locomoA],
      ['LME tuning', h.lmeTuning],
    ] as const);
const f3 = (n: number) => n.toFixed(3);
const cell = (list: readonly Collected[], config: SuiteConfig) => {
  const row = evaluateConfig(list, config)['overall'];
  return `n ${row?.n ?? 0} R@10 ${f3(row?.message.r10 ?? 0)} NDCG@10 ${f3(row?.message.ndcg ?? 0)} session R@5 ${f3(row?.session.r5 ?? 0)}`;
};
console.log(`${first[0]} | ${second[0]}`);
for (const path of models) {
  const model = JSON.parse(readFileSync(path, 'utf8')) as LearnedModel;
  const config: SuiteConfig = {
    name: path,
    mode: 'hybrid',
    fusion: { method: 'learned', model },
  };
  console.log(
    `${path} (feature set ${model.version}): ${cell(first[1], config)} | ${cell(second[1], config)}`,
  );
}
