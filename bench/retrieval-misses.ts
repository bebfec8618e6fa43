// Issue #17, the LongMemEval miss table: for every evidence message the default ranking leaves
// out of its top 10, why — (i) in neither candidate list, (ii) in the union but ranked below 10,
// split by whether the message is longer than the bundled embedder reads (its first 128 tokens;
// `diluted`: the vectors never saw most of it) and whether the question names or implies a time
// the ranker reads (`temporal`). Reads a `bench/retrieval.bench.ts --collected <file>` save; the
// tuning half by default (`--held` reads the held-out half, for reporting only).
// Run: npx tsx bench/retrieval-misses.ts <collected.json> [--held]
import { readFileSync } from 'node:fs';
import { queryTimeWindow } from '../src/language/index.js';
import { queryIntent } from '../src/search/query-intent.js';
import { loadLme, splitLme } from './longmemeval.js';
import { type Collected, rankOne } from './retrieval-suite.js';

const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: retrieval-misses <collected.json> [--held]');
const HELD = process.argv.includes('--held');
const saved = JSON.parse(readFileSync(file, 'utf8')) as { lme: Collected[] };
const lme = loadLme();
const split = splitLme(lme.queries);
const half = new Set(HELD ? split.heldOut : split.tuning);
const list = saved.lme.filter((c) => half.has(c.question.corpus));
const byId = new Map(lme.messages.map((m) => [m.message_id, m]));

/**
 * Tokens the bundled embedder would read, approximated as words × 1.3 (its sentence-piece
 * vocabulary splits rarer words; the exact count needs the model's tokenizer).
 */
const tokens = (text: string) => Math.round(text.split(/\s+/).filter(Boolean).length * 1.3);
const EMBEDDER_TOKENS = 128;

type Cause = 'outside union' | 'union, rank > 10';
interface Miss {
  readonly type: string;
  readonly cause: Cause;
  readonly long: boolean;
  readonly role: string;
  readonly temporal: boolean;
  readonly rank: number;
  readonly inText: boolean;
  readonly inVector: boolean;
}
const misses: Miss[] = [];
let goldTotal = 0;
for (const c of list) {
  const { ranked } = rankOne(c, { name: 'default', mode: 'hybrid' });
  const textIds = new Set(c.text.map((x) => x.id));
  const vectorIds = new Set(c.vector.map((x) => x.id));
  const temporal =
    queryIntent(c.question.question).temporal ||
    queryTimeWindow(c.question.question, c.now) !== null;
  for (const gold of c.question.gold) {
    goldTotal += 1;
    const rank = ranked.indexOf(gold);
    if (rank !== -1 && rank < 10) continue;
    const message = byId.get(gold);
    misses.push({
      type: c.question.type,
      cause: rank === -1 ? 'outside union' : 'union, rank > 10',
      long: tokens(message?.content ?? '') > EMBEDDER_TOKENS,
      role: message?.role ?? '?',
      temporal,
      rank,
      inText: textIds.has(gold),
      inVector: vectorIds.has(gold),
    });
  }
}

const count = (f: (m: Miss) => boolean) => misses.filter(f).length;
console.log(
  `${HELD ? 'held-out' : 'tuning'} half: ${list.length} questions, ${goldTotal} evidence messages, ${misses.length} outside the top 10`,
);
console.log(
  '| question type | misses | (i) outside union | (ii) union, rank > 10 | of which long (> 128 tokens) | long, not in vector list | temporal question | user turns |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const types = [...new Set(misses.map((m) => m.type))].sort();
for (const type of [...types, 'all']) {
  const mine = (m: Miss) => type === 'all' || m.type === type;
  console.log(
    `| ${type} | ${count(mine)} | ${count((m) => mine(m) && m.cause === 'outside union')} | ${count((m) => mine(m) && m.cause !== 'outside union')} | ${count((m) => mine(m) && m.long)} | ${count((m) => mine(m) && m.long && !m.inVector)} | ${count((m) => mine(m) && m.temporal)} | ${count((m) => mine(m) && m.role === 'user')} |`,
  );
}
const ranks = misses.filter((m) => m.rank >= 10).map((m) => m.rank);
const bucket = (lo: number, hi: number) => ranks.filter((r) => r >= lo && r < hi).length;
console.log(
  `union misses by rank: 10–19 ${bucket(10, 20)}, 20–49 ${bucket(20, 50)}, 50+ ${bucket(50, 1000)}`,
);
const all = list.flatMap((c) => c.question.gold.map((g) => byId.get(g)));
const longShare = all.filter((m) => tokens(m?.content ?? '') > EMBEDDER_TOKENS).length / all.length;
console.log(
  `share of all evidence messages longer than ${EMBEDDER_TOKENS} tokens: ${longShare.toFixed(3)}`,
);
