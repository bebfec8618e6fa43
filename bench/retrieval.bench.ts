import type { SearchOptions } from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { DEFAULT_FUSION } from '../src/search/index.js';
import { LOCOMO_DIR, loadLocomo, locomoAvailable, memoised } from './locomo.js';
import { machine, writeSection } from './report.js';
import {
  average,
  type Breakdown,
  breakdown,
  buildCorpora,
  evaluate,
  HEAD,
  type Judged,
  type Latency,
  latencyAt,
  openSqlite,
  type Row,
  score,
} from './retrieval-harness.js';

if (!locomoAvailable()) {
  console.log(
    `skipped: ${LOCOMO_DIR} is absent (the LoCoMo dev set is read in place, never copied)`,
  );
  process.exit(0);
}

const { messages, queries } = loadLocomo();
const conversations = [...new Set(messages.map((m) => m.conversation_id))].sort();
const HALF_A = conversations.slice(0, 5);
const HALF_B = conversations.slice(5);

// ---------------------------------------------------------------- the README's BM25 baseline

const STOP = new Set(
  `a an the and or but if then else of to in on at by for with about against between into through
  during before after above below from up down out off over under again further once here there when
  where why how all any both each few more most other some such no nor not only own same so than too
  very s t can will just don should now i me my myself we our ours ourselves you your yours yourself
  yourselves he him his himself she her hers herself it its itself they them their theirs themselves
  what which who whom this that these those am is are was were be been being have has had having do
  does did doing would could ought i'm you're he's she's it's we're they're i've you've we've they've
  i'd you'd he'd she'd we'd they'd i'll you'll he'll she'll we'll they'll isn't aren't wasn't weren't
  hasn't haven't hadn't doesn't don't didn't won't wouldn't shan't shouldn't can't cannot couldn't
  mustn't let's that's who's what's here's there's when's where's why's how's as until while also
  did get got much many`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

function baselineTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t));
}

/** BM25 exactly as ../shared/bench/locomo/README.md defines it (k1 1.2, b 0.75, ties in file order). */
function baselineRanker(documents: readonly { id: string; text: string }[]) {
  const docs = documents.map((d) => ({ id: d.id, tokens: baselineTokens(d.text) }));
  const df = new Map<string, number>();
  for (const doc of docs) for (const t of new Set(doc.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const avgdl = docs.reduce((sum, d) => sum + d.tokens.length, 0) / Math.max(1, docs.length);
  const tf = docs.map((doc) => {
    const counts = new Map<string, number>();
    for (const t of doc.tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    return counts;
  });
  return (query: string): string[] => {
    const terms = [...new Set(baselineTokens(query))];
    const scored = docs.map((doc, index) => {
      let total = 0;
      for (const term of terms) {
        const f = tf[index]?.get(term) ?? 0;
        if (f === 0) continue;
        const n = df.get(term) ?? 0;
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        total += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * doc.tokens.length) / avgdl));
      }
      return { id: doc.id, total, index };
    });
    return scored
      .filter((s) => s.total > 0)
      .sort((a, b) => b.total - a.total || a.index - b.index)
      .map((s) => s.id);
  };
}

function baseline(conversationIds: readonly string[]): Breakdown {
  const judged: Judged[] = [];
  for (const conversation of conversationIds) {
    const own = messages.filter((m) => m.conversation_id === conversation);
    const byMessage = baselineRanker(
      own.map((m) => ({ id: m.message_id, text: `${m.speaker}: ${m.content}` })),
    );
    const sessionIds = [...new Set(own.map((m) => m.session_id))];
    const bySession = baselineRanker(
      sessionIds.map((id) => ({
        id,
        text: own
          .filter((m) => m.session_id === id)
          .map((m) => `${m.speaker}: ${m.content}`)
          .join('\n'),
      })),
    );
    for (const q of queries.filter((query) => query.conversation_id === conversation)) {
      judged.push({
        category: q.category,
        message: score(byMessage(q.question), q.evidence_message_ids),
        session: score(bySession(q.question), q.evidence_session_ids),
      });
    }
  }
  return breakdown(judged);
}

// ---------------------------------------------------------------- the engine under test

const local = createLocalEmbeddingModel();
const memo = memoised(local);

let peakRss = 0;
function sampleMemory(): void {
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
}

// ---------------------------------------------------------------- run

const f3 = (n: number) => n.toFixed(3);

const baselines = { all: baseline(conversations), a: baseline(HALF_A), b: baseline(HALF_B) };
console.log(
  'baseline (all, message R@10):',
  f3(baselines.all['overall (excl. adversarial)']?.message.r10 ?? 0),
);

const runStarted = performance.now();
const data = { messages, queries };
const { corpora, build } = await buildCorpora(
  data,
  conversations,
  memo.model,
  openSqlite,
  sampleMemory,
);
const embedStats = memo.stats();

const CONFIGS: readonly { readonly name: string; readonly options: SearchOptions }[] = [
  {
    name: 'BM25 only (porter), no context column, no time boost',
    options: { mode: 'text', timeAware: false, fusion: { contextWeight: 0 } },
  },
  { name: 'BM25 only + context column 0.5', options: { mode: 'text', timeAware: false } },
  { name: 'BM25 only + context column + time boost', options: { mode: 'text' } },
  { name: 'vector only (USE-lite, cosine)', options: { mode: 'vector', timeAware: false } },
  {
    name: 'hybrid, plain RRF 1:1 k=60, no context, no time boost',
    options: {
      timeAware: false,
      fusion: { vectorWeight: 1, rankConstant: 60, contextWeight: 0 },
    },
  },
  { name: 'hybrid, chosen weights + context, no time boost', options: { timeAware: false } },
  { name: 'hybrid, vector weight 1 (else chosen)', options: { fusion: { vectorWeight: 1 } } },
  { name: 'hybrid, chosen (default) settings', options: {} },
];

const tuning: Record<string, Row> = {};
const heldOut: Record<string, Breakdown> = {};
for (const config of CONFIGS) {
  const a = await evaluate(data, corpora, HALF_A, config.options);
  const b = await evaluate(data, corpora, HALF_B, config.options);
  tuning[config.name] = a['overall (excl. adversarial)'] ?? average([]);
  heldOut[config.name] = b;
  console.log(
    `${config.name}: A R@10 ${f3(a['overall (excl. adversarial)']?.message.r10 ?? 0)} | B R@10 ${f3(b['overall (excl. adversarial)']?.message.r10 ?? 0)} NDCG ${f3(b['overall (excl. adversarial)']?.message.ndcg ?? 0)}`,
  );
}
const chosenAll = await evaluate(data, corpora, conversations, {});
sampleMemory();
for (const corpus of corpora) await corpus.dispose();
const qualitySeconds = (performance.now() - runStarted) / 1000;

const pool = [...queries].sort((a, b) => a.query_id.localeCompare(b.query_id));
const latency: Latency[] = [];
for (const size of [10_000, 100_000]) {
  const result = await latencyAt({
    items: size,
    data,
    questionPool: pool,
    model: local,
    memo: memo.memo,
    open: openSqlite,
    onProgress: sampleMemory,
  });
  latency.push(result);
  console.log(JSON.stringify(result));
}
await local.close();
sampleMemory();

// ---------------------------------------------------------------- report

const date = new Date().toISOString().slice(0, 10);
const chosen = heldOut['hybrid, chosen (default) settings'] ?? {};
const chosenHead = chosen[HEAD] ?? average([]);
const throughput = build.indexSeconds > 0 ? embedStats.modelTexts / build.indexSeconds : 0;
const buildTotal = build.ingestSeconds + build.indexSeconds;
const at100k = latency.find((l) => l.items === 100_000);

function messageCells(row: Row | undefined): string {
  const m = row?.message;
  return m === undefined
    ? '| – | – | – | – | – |'
    : `| ${f3(m.r5)} | ${f3(m.r10)} | ${f3(m.rall5)} | ${f3(m.rall10)} | ${f3(m.ndcg)} |`;
}
function sessionCells(row: Row | undefined): string {
  const s = row?.session;
  return s === undefined
    ? '| – | – | – | – | – |'
    : `| ${f3(s.r5)} | ${f3(s.r10)} | ${f3(s.rall5)} | ${f3(s.rall10)} | ${f3(s.ndcg)} |`;
}

const headline = [
  `| BM25 baseline (README definition, recomputed on half B) | ${baselines.b[HEAD]?.n ?? 0} ${messageCells(baselines.b[HEAD])}`,
  ...CONFIGS.map(
    (c) =>
      `| ${c.name === 'hybrid, chosen (default) settings' ? '**hybrid (Verity default)**' : c.name} | ${heldOut[c.name]?.[HEAD]?.n ?? 0} ${messageCells(heldOut[c.name]?.[HEAD])}`,
  ),
];
const sessionRows = [
  `| BM25 baseline (whole-session documents, recomputed on half B) ${sessionCells(baselines.b[HEAD])}`,
  ...[
    'BM25 only + context column + time boost',
    'vector only (USE-lite, cosine)',
    'hybrid, chosen (default) settings',
  ].map((name) => `| ${name} (sessions by best message) ${sessionCells(heldOut[name]?.[HEAD])}`),
];
const categoryRows = Object.keys(chosen).map(
  (name) =>
    `| ${name} | ${chosen[name]?.n ?? 0} | ${f3(baselines.b[name]?.message.r10 ?? 0)} | ${f3(chosen[name]?.message.r5 ?? 0)} | ${f3(chosen[name]?.message.r10 ?? 0)} | ${f3(chosen[name]?.message.rall10 ?? 0)} | ${f3(chosen[name]?.message.ndcg ?? 0)} | ${f3(baselines.b[name]?.session.r10 ?? 0)} | ${f3(chosen[name]?.session.r10 ?? 0)} | ${f3(chosen[name]?.session.ndcg ?? 0)} |`,
);
const tuningRows = CONFIGS.map(
  (c) =>
    `| ${c.name} | ${f3(tuning[c.name]?.message.r5 ?? 0)} | ${f3(tuning[c.name]?.message.r10 ?? 0)} | ${f3(tuning[c.name]?.message.ndcg ?? 0)} | ${f3(tuning[c.name]?.session.r10 ?? 0)} |`,
);
const allHead = chosenAll[HEAD];
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

writeSection(
  'retrieval',
  {
    date,
    machine: machine(),
    halves: { tuning: HALF_A, heldOut: HALF_B },
    fusion: DEFAULT_FUSION,
    baseline: baselines,
    heldOut,
    tuning,
    allConversations: chosenAll,
    build: { ...build, embeddedTexts: embedStats.modelTexts, textsPerSecond: throughput },
    latency,
    peakRssMiB: Math.round(peakRss / 2 ** 20),
    qualitySeconds,
  },
  `
## Retrieval (\`npm run bench:retrieval\`)

Measured ${date} on ${machine()}. Data: the LoCoMo dev set in \`../shared/bench/locomo\` (read in
place, never copied; A. Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM
Agents", ACL 2024; CC BY-NC 4.0, evaluation only), scored exactly as its README defines: each
conversation its own store, questions with \`retrieval_scorable\`, headline = categories 1–4.

Setup: one \`createEngine\` per conversation with the defaults (bundled Universal Sentence Encoder
lite, fusion settings \`DEFAULT_FUSION\`), rule extraction off. Each message is ingested as a
\`message\` record with \`thread_id\` = its session, \`content\` = \`"<speaker>: <text>"\` (the
baseline's document text) and \`created_at\` = its timestamp. The query is the question text; the
engine's clock is pinned to \`question_date\`, which only the time-aware boost reads (declared extra
input). Session rankings order sessions by their best message among the top 100 hits.
Settings were chosen on **half A** (${HALF_A.join(', ')}); the figures below are on the held-out
**half B** (${HALF_B.join(', ')}), which played no part in choosing them.

Message level, held-out half B, categories 1–4:

| method | n | R@5 | R@10 | Rall@5 | Rall@10 | NDCG@10 |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${headline.join('\n')}

Targets (issue #4, message level, categories 1–4): R@10 ≥ 0.68 — ${f3(chosenHead.message.r10)},
${verdict(chosenHead.message.r10 >= 0.68)}; NDCG@10 ≥ 0.50 — ${f3(chosenHead.message.ndcg)},
${verdict(chosenHead.message.ndcg >= 0.5)}.

Session level, held-out half B, categories 1–4:

| method | R@5 | R@10 | Rall@5 | Rall@10 | NDCG@10 |
| --- | ---: | ---: | ---: | ---: | ---: |
${sessionRows.join('\n')}

Per question type, held-out half B, Verity default (hybrid) beside the recomputed baseline:

| question type | n | base msg R@10 | R@5 | R@10 | Rall@10 | NDCG@10 | base sess R@10 | sess R@10 | sess NDCG@10 |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${categoryRows.join('\n')}

All ten conversations (includes the tuning half, so optimistic), categories 1–4: README BM25
baseline message R@10 0.563 / NDCG@10 0.434 (recomputed here: ${f3(baselines.all[HEAD]?.message.r10 ?? 0)} /
${f3(baselines.all[HEAD]?.message.ndcg ?? 0)}), session R@10 0.893; Verity default message R@5
${f3(allHead?.message.r5 ?? 0)}, R@10 ${f3(allHead?.message.r10 ?? 0)}, NDCG@10 ${f3(allHead?.message.ndcg ?? 0)}, session R@10
${f3(allHead?.session.r10 ?? 0)}, NDCG@10 ${f3(allHead?.session.ndcg ?? 0)}.

How the settings were chosen (tuning half A, categories 1–4):

| configuration | msg R@5 | msg R@10 | msg NDCG@10 | sess R@10 |
| --- | ---: | ---: | ---: | ---: |
${tuningRows.join('\n')}

Performance (one process; the model runs in ${local.maxBatchSize}-text batches on worker threads):

| measure | value | target |
| --- | ---: | --- |
| index build, whole dev set (${build.messages.toLocaleString('en-US')} messages, 10 stores): ingest + full-text | ${build.ingestSeconds.toFixed(1)} s | |
| index build: embeddings | ${build.indexSeconds.toFixed(1)} s | |
| index build: total (machine load average ${build.loadAverage.join(' → ')} on 2 cores) | ${buildTotal.toFixed(1)} s | ≤ 120 s: ${verdict(buildTotal <= 120)} |
| embedding throughput (bundled model, ${embedStats.modelTexts.toLocaleString('en-US')} distinct texts) | ${throughput.toFixed(1)} texts/s | |
${latency
  .map(
    (l) =>
      `| search latency at ${l.items.toLocaleString('en-US')} items, hybrid, query embedding included (${l.queries} queries, load average ${l.loadAverage.join(' → ')}): p50 / p95 | ${l.hybrid.p50} / ${l.hybrid.p95} ms | ${l.items === 100_000 ? `p95 ≤ 50 ms: ${verdict(l.hybrid.p95 <= 50)}` : ''} |\n| … BM25 only: p50 / p95 | ${l.text.p50} / ${l.text.p95} ms | |\n| … vector only (query embedding + binary scan + exact re-rank): p50 / p95 | ${l.vector.p50} / ${l.vector.p95} ms | |\n| … hybrid scoped to one entity (as \`search_memory\` runs): p50 / p95 | ${l.entityFiltered.p50} / ${l.entityFiltered.p95} ms | |\n| … building the ${l.items.toLocaleString('en-US')}-item store (ingest + vectors from the cache) | ${l.buildSeconds} s | |`,
  )
  .join('\n')}
| peak RSS (process, worker threads included) | ${Math.round(peakRss / 2 ** 20)} MiB | |

The latency stores hold the dev-set messages repeated in renamed threads up to the size; their
document vectors come from the quality run's cache, and every query is embedded for real.
Performance figures move with the load other work puts on this shared 2-core machine (the load
averages are shown): runs the same day under load average about 4 measured index builds of
127–162 s and 100k-item p95 latencies of 52–57 ms, both over target
(docs/decisions/2026-11-25-hybrid-search.md).
${buildTotal > 120 ? `\n**Index build target missed**: the bundled model is the bottleneck (${throughput.toFixed(1)} texts/s with two worker threads on two cores shared with other work at load average ${build.loadAverage.join(' → ')}); ingest and full-text indexing take ${build.ingestSeconds.toFixed(1)} s of it. The target needs about 49 texts/s.\n` : ''}${at100k !== undefined && at100k.hybrid.p95 > 50 ? `\n**100k latency target missed** (p95 ${at100k.hybrid.p95} ms): a search embeds the query on a worker thread (one text through the bundled model, about 15–25 ms here) while the main thread runs BM25, then scans the vectors; the BM25 and vector-only rows show each part. Both compete for two cores that other work also used (load average ${at100k.loadAverage.join(' → ')}).\n` : ''}
`,
);
console.log(`done in ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
