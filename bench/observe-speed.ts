// npx tsx bench/observe-speed.ts OLD_MODEL.json — the observer's throughput (messages/s, after
// parsing) with the shipped scorer, with a model read from a file (e.g. the previous version, from
// `git show`), and with the rules alone, interleaved over rounds on every observe set so that a
// shared machine's load falls on all three alike. Prints the median of each.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { observeTranscript, type ScorerModel, SHIPPED_SCORER } from '../src/observer/index.js';
import * as corpus from './observe/corpus.js';

const file = process.argv[2];
const other = file === undefined ? null : (JSON.parse(readFileSync(file, 'utf8')) as ScorerModel);
const sessions = corpus.trainingAuthors().flatMap((a) => corpus.sessionsOf(a));
const messages = sessions.reduce((n, s) => n + s.entries.length, 0);
const pass = (scorer: ScorerModel | null) => {
  const started = performance.now();
  for (const s of sessions) observeTranscript({ ...corpus.observeInput(s), scorer });
  return messages / ((performance.now() - started) / 1000);
};
const models: [string, ScorerModel | null][] = [
  [SHIPPED_SCORER.version, SHIPPED_SCORER],
  ...(other === null ? [] : ([[`${other.version} (from file)`, other]] as [string, ScorerModel][])),
  ['rules alone', null],
];
const rates = new Map<string, number[]>(models.map(([name]) => [name, []]));
for (let round = 0; round < 12; round++)
  for (const [name, model] of models) rates.get(name)?.push(pass(model));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const [name, xs] of rates)
  console.log(`${name}: ${Math.round(median(xs.slice(2))).toLocaleString('en-US')} messages/s`);
console.log(`(${messages} messages per pass, 12 rounds, the first two dropped)`);
