// The default search settings on PostgreSQL beside SQLite: LoCoMo held-out half B and the
// LongMemEval-S dev haystacks whose vectors are in the disk cache, each store built twice (SQLite
// file, PostgreSQL via PGlite with pgvector — or a real server when VERITY_BENCH_PG_URL is set),
// then every question searched end to end through `engine.search` with the defaults. Prints the
// figures and writes the "retrieval-parity" section of docs/BENCHMARKS.md. Run:
// npx tsx bench/retrieval-parity.ts (`--from-json` rewrites the section from the last results).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createEngine, type Engine } from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { DEFAULT_FUSION } from '../src/search/index.js';
import { createPostgresStore } from '../src/stores/postgres/index.js';
import { diskCachedModel } from './embedding-cache.js';
import { loadLocomo, toRecord } from './locomo.js';
import { lmeRecord, loadLme, splitLme } from './longmemeval.js';
import { writeSection } from './report.js';
import { score } from './retrieval-harness.js';

const RESULTS = join(import.meta.dirname, 'results', 'retrieval-parity.json');

interface Measured {
  readonly n: number;
  readonly r10: number;
  readonly ndcg: number;
  readonly p95ms: number;
}
interface Parity {
  readonly postgres: string;
  readonly fusion: unknown;
  readonly locomoB: { readonly sqlite: Measured; readonly postgres: Measured };
  readonly lmeHeld: { readonly sqlite: Measured; readonly postgres: Measured };
  /** `--lme-max`: the cap on held-out haystacks, when one was given. */
  readonly lmeMax?: number;
}

function report(result: Parity): void {
  const f3 = (n: number) => n.toFixed(3);
  const row = (name: string, pair: Parity['locomoB']) =>
    `| ${name} | ${pair.sqlite.n} | ${f3(pair.sqlite.r10)} | ${f3(pair.postgres.r10)} | ${f3(pair.postgres.r10 - pair.sqlite.r10)} | ${f3(pair.sqlite.ndcg)} | ${f3(pair.postgres.ndcg)} | ${f3(pair.postgres.ndcg - pair.sqlite.ndcg)} | ${pair.sqlite.p95ms} / ${pair.postgres.p95ms} ms |`;
  const within = (pair: Parity['locomoB']) =>
    Math.abs(pair.postgres.r10 - pair.sqlite.r10) <= 0.02 &&
    Math.abs(pair.postgres.ndcg - pair.sqlite.ndcg) <= 0.02;
  writeSection(
    'retrieval-parity',
    result,
    `
## Search defaults on PostgreSQL beside SQLite (\`npx tsx bench/retrieval-parity.ts\`)

The default settings (\`DEFAULT_FUSION\`) end to end through \`engine.search\` on the same stores
built twice: a SQLite file, and PostgreSQL — ${result.postgres}. LongMemEval: the held-out
haystacks whose vectors were in the disk cache${result.lmeMax === undefined ? '' : ` (the first ${result.lmeMax} in the dev set's order, which groups questions by type: a bounded run on a loaded machine)`}. Latency here is per search on small stores (one
conversation or haystack), under the load of the other work on the machine; the 100k-item
latency is in the retrieval section and \`bench:postgres\`. With 8 LongMemEval questions the p95 is
the slowest search, the first one, which loads the embedding model.

| data | n | SQLite R@10 | PostgreSQL R@10 | Δ | SQLite NDCG@10 | PostgreSQL NDCG@10 | Δ | p95 SQLite / PostgreSQL |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${row('LoCoMo half B (held out), cat. 1–4', result.locomoB)}
${row('LongMemEval-S dev, held out (cached)', result.lmeHeld)}

Target (issue #17): within 0.02 of SQLite — LoCoMo ${within(result.locomoB) ? 'met' : '**not met**'}, LongMemEval ${within(result.lmeHeld) ? 'met' : '**not met**'}.
`,
  );
}

if (process.argv.includes('--from-json')) {
  report(JSON.parse(readFileSync(RESULTS, 'utf8')) as Parity);
  process.exit(0);
}

const local = createLocalEmbeddingModel({ workers: 1 });
const cached = diskCachedModel(local);
const pgUrl = process.env['VERITY_BENCH_PG_URL'] ?? '';
const pglite = pgUrl === '' ? await PGlite.create({ extensions: { vector } }) : null;
let schemaCounter = 0;

interface Corpus {
  readonly id: string;
  readonly lines: readonly string[];
  readonly now: string;
  /** The clock while ingesting, when messages are dated after `now` (see bench/retrieval-suite.ts). */
  readonly ingestAt?: string;
  readonly questions: readonly { question: string; gold: readonly string[] }[];
}

async function open(
  kind: 'sqlite' | 'postgres',
  clock: { now(): number },
): Promise<{ engine: Engine; close: () => Promise<void> }> {
  const home = mkdtempSync(join(tmpdir(), 'verity-parity-'));
  const common = {
    home,
    clock,
    embeddings: { model: cached.model },
    extraction: null,
  } as const;
  const engine =
    kind === 'sqlite'
      ? await createEngine(common)
      : pglite !== null
        ? await createEngine({
            ...common,
            store: await createPostgresStore({ pglite, schema: `parity_${++schemaCounter}` }),
          })
        : await createEngine({
            ...common,
            database: { kind: 'postgres', url: pgUrl, schema: `parity_${++schemaCounter}` },
          });
  return {
    engine,
    close: async () => {
      await engine.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

async function measure(kind: 'sqlite' | 'postgres', corpora: readonly Corpus[]) {
  const r10: number[] = [];
  const ndcg: number[] = [];
  const times: number[] = [];
  for (const corpus of corpora) {
    // Ingested at the later of its last message and the question (as bench:retrieval does:
    // ingest refuses records dated ahead of its clock), searched at the question's date.
    let current = Math.max(Date.parse(corpus.now), Date.parse(corpus.ingestAt ?? corpus.now));
    const { engine, close } = await open(kind, { now: () => current });
    await engine.ingest(corpus.lines.join('\n'), { waitForIndex: false });
    await engine.indexEmbeddings();
    current = Date.parse(corpus.now);
    for (const q of corpus.questions) {
      const t0 = performance.now();
      const result = await engine.search(q.question, { limit: 100 });
      times.push(performance.now() - t0);
      const s = score(
        result.hits.map((h) => h.id),
        q.gold,
      );
      r10.push(s.r10);
      ndcg.push(s.ndcg);
    }
    await close();
  }
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
  times.sort((a, b) => a - b);
  return {
    n: r10.length,
    r10: mean(r10),
    ndcg: mean(ndcg),
    p95ms: Math.round((times[Math.floor(0.95 * times.length)] ?? 0) * 10) / 10,
  };
}

const { messages, queries } = loadLocomo();
const conversations = [...new Set(messages.map((m) => m.conversation_id))].sort();
const locomo: Corpus[] = conversations.slice(5).map((conversation) => {
  const asked = queries.filter((q) => q.conversation_id === conversation && q.category <= 4);
  return {
    id: conversation,
    lines: messages.filter((m) => m.conversation_id === conversation).map((m) => toRecord(m)),
    now: asked[0]?.question_date ?? '2024-01-01T00:00:00Z',
    questions: asked.map((q) => ({ question: q.question, gold: q.evidence_message_ids })),
  };
});
const lme = loadLme();
const split = splitLme(lme.queries);
/** `--lme-max N`: at most N cached held-out haystacks, in the dev set's order (CPU-bound runs). */
const lmeMaxFlag = process.argv.indexOf('--lme-max');
const LME_MAX = lmeMaxFlag === -1 ? Infinity : Number(process.argv[lmeMaxFlag + 1]);
const lmeCorpora: Corpus[] = lme.queries
  .filter((q) => split.heldOut.includes(q.conversation_id))
  .filter((q) =>
    lme.messages
      .filter((m) => m.conversation_id === q.conversation_id)
      .every((m) => cached.has(m.content.slice(0, local.maxInputTokens * 16))),
  )
  .slice(0, LME_MAX)
  .map((q) => ({
    id: q.conversation_id,
    lines: lme.messages.filter((m) => m.conversation_id === q.conversation_id).map(lmeRecord),
    now: q.question_date,
    ingestAt: lme.messages
      .filter((m) => m.conversation_id === q.conversation_id)
      .reduce((last, m) => (m.timestamp > last ? m.timestamp : last), q.question_date),
    questions: [{ question: q.question, gold: q.evidence_message_ids }],
  }));

const result: Parity = {
  ...(Number.isFinite(LME_MAX) ? { lmeMax: LME_MAX } : {}),
  postgres: pglite !== null ? 'PGlite (in-process PostgreSQL 17 build with pgvector)' : 'server',
  fusion: DEFAULT_FUSION,
  locomoB: { sqlite: await measure('sqlite', locomo), postgres: await measure('postgres', locomo) },
  lmeHeld: {
    sqlite: await measure('sqlite', lmeCorpora),
    postgres: await measure('postgres', lmeCorpora),
  },
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
report(result);
await pglite?.close();
await local.close();
