// PostgreSQL beside SQLite, measured in one run on one machine: ingest throughput with 1 and 4
// writer processes (then `rebuild --verify` on the 4-writer database), search latency at 100k
// items, and LoCoMo retrieval quality on the held-out half B.
// Run: npm run bench:postgres (the server from VERITY_BENCH_PG_URL, else VERITY_TEST_PG_URL; each
// store lives in a fresh schema that is dropped afterwards). Writes the "postgres" section of
// docs/BENCHMARKS.md; without a server, the section says it was not run and why.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { DatabaseTarget } from '../src/config/index.js';
import { createEngine, type SearchOptions } from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { createManualClock } from '../src/testing/index.js';
import { LOCOMO_DIR, loadLocomo, locomoAvailable, memoised } from './locomo.js';
import type { ScopeCounts, Workload, WriterReport, WriterTask } from './postgres-writer.js';
import { machine, previous, writeSection } from './report.js';
import {
  type Breakdown,
  buildCorpora,
  evaluate,
  HEAD,
  type Latency,
  latencyAt,
  type OpenEngine,
  openSqlite,
} from './retrieval-harness.js';

const SLICES = 4;
const PER_SLICE = 6000;
const BATCH = 2000;
const LATENCY_ITEMS = 100_000;
const WORKLOADS: readonly Workload[] = [
  'as generated',
  'messages with an entity',
  'uncontested observations',
];
const WRITER = join(import.meta.dirname, 'postgres-writer.ts');

const date = new Date().toISOString().slice(0, 10);
const load = () => Math.round((loadavg()[0] ?? 0) * 10) / 10;
const f3 = (n: number) => n.toFixed(3);
const thousands = (n: number) => n.toLocaleString('en-US');
const verdict = (met: boolean) => (met ? 'met' : '**not met**');
const TITLE = '## PostgreSQL beside SQLite (`npm run bench:postgres`)';

const url = process.env['VERITY_BENCH_PG_URL'] || process.env['VERITY_TEST_PG_URL'] || '';

/** Where the server is, without credentials, for the report. */
function serverName(connection: string): string {
  try {
    const parsed = new URL(connection);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

function notRun(reason: string): never {
  writeSection(
    'postgres',
    { date, machine: machine(), ran: false, reason },
    `
${TITLE}

**Not run** (${date}): ${reason}. The PostgreSQL figures need a server with pgvector:
set \`VERITY_BENCH_PG_URL\` (or \`VERITY_TEST_PG_URL\`, which \`.ci/run\` sets after starting
PostgreSQL 15 with pgvector on loopback) and run \`npm run bench:postgres\` again.
`,
  );
  console.log(`postgres bench not run: ${reason}`);
  process.exit(0);
}

if (url === '') notRun('neither `VERITY_BENCH_PG_URL` nor `VERITY_TEST_PG_URL` is set');

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface Server {
  readonly version: string;
  readonly pgvector: string;
  readonly settings: Record<string, string>;
}

let server: Server;
try {
  server = await withClient(async (client) => {
    const version = await client.query<{ v: string }>(
      `SELECT current_setting('server_version') AS v`,
    );
    const vector = await client.query<{ v: string | null }>(
      `SELECT default_version AS v FROM pg_available_extensions WHERE name = 'vector'`,
    );
    const settings: Record<string, string> = {};
    for (const name of ['synchronous_commit', 'shared_buffers', 'maintenance_work_mem']) {
      const row = await client.query<Record<string, string>>(`SHOW ${name}`);
      settings[name] = row.rows[0]?.[name] ?? '?';
    }
    return {
      version: version.rows[0]?.v ?? '?',
      pgvector: vector.rows[0]?.v ?? 'absent',
      settings,
    };
  });
} catch (error: unknown) {
  const code = (error as { code?: string }).code;
  notRun(`the server at ${serverName(url)} did not answer (${code ?? String(error)})`);
}
if (server.pgvector === 'absent') notRun(`the server at ${serverName(url)} has no pgvector`);

// ---------------------------------------------------------------- schemas

const schemas = new Set<string>();
let schemaCount = 0;
function newSchema(label: string): string {
  schemaCount += 1;
  const schema = `verity_bench_${process.pid}_${schemaCount}_${label}`;
  schemas.add(schema);
  return schema;
}

async function dropSchema(schema: string): Promise<void> {
  await withClient(async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  });
  schemas.delete(schema);
}

async function dropLeftovers(): Promise<void> {
  for (const schema of [...schemas]) await dropSchema(schema);
}

/** An engine on a fresh schema of the server; `dispose` drops the schema. */
const openPostgres: OpenEngine = async (settings) => {
  const home = mkdtempSync(join(tmpdir(), 'verity-pg-bench-'));
  const schema = newSchema('search');
  const engine = await createEngine({
    home,
    ...settings,
    database: { kind: 'postgres', url, schema },
  });
  return {
    engine,
    dispose: async () => {
      await engine.close();
      rmSync(home, { recursive: true, force: true });
      await dropSchema(schema);
    },
  };
};

// ---------------------------------------------------------------- ingest

interface IngestRun {
  readonly store: 'sqlite' | 'postgres';
  readonly workload: Workload;
  readonly writers: number;
  readonly events: number;
  /** Wall time from the start signal to the last writer's report (engines already open). */
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly scopes: ScopeCounts;
  readonly fallbackReasons: Record<string, number>;
  /** 1-minute load average at the start and at the end. */
  readonly loadAverage: readonly number[];
  readonly verify: { readonly verified: boolean; readonly seconds: number } | null;
}

function startWriter(task: WriterTask): {
  readonly ready: Promise<void>;
  readonly done: Promise<WriterReport>;
  go(): void;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, JSON.stringify(task)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let last = '';
  const ready = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line === 'ready') resolve();
      else last = line;
    });
  });
  const done = new Promise<WriterReport>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(last) as WriterReport);
      else reject(new Error(`writer exited with ${code}`));
    });
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

/** Creates the store's tables up front, so the writers do not all race to migrate them. */
async function prepare(database: DatabaseTarget, home: string): Promise<void> {
  const engine = await createEngine({ home, database });
  await engine.close();
}

async function verify(database: DatabaseTarget, home: string): Promise<IngestRun['verify']> {
  const engine = await createEngine({
    home,
    clock: createManualClock('2026-03-02T00:00:00Z'),
    database,
  });
  const started = performance.now();
  const result = await engine.rebuild({ verify: true });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await engine.close();
  return { verified: result.verified === true, seconds };
}

async function ingestRun(
  store: 'sqlite' | 'postgres',
  workload: Workload,
  writers: number,
): Promise<IngestRun> {
  const home = mkdtempSync(join(tmpdir(), 'verity-pg-bench-'));
  const schema = store === 'postgres' ? newSchema('ingest') : '';
  const database: DatabaseTarget =
    store === 'postgres'
      ? { kind: 'postgres', url, schema }
      : { kind: 'sqlite', path: join(home, 'verity.db') };
  try {
    await prepare(database, home);
    const slices = Array.from({ length: SLICES }, (_, slice) => slice);
    const parts =
      writers === 1 ? [slices] : slices.map((slice) => slices.filter((s) => s % writers === slice));
    const started = parts.map((own) =>
      startWriter({
        database,
        slices: own,
        perSlice: PER_SLICE,
        batch: BATCH,
        workload,
      }),
    );
    await Promise.all(started.map((w) => w.ready));
    const loadBefore = load();
    const t0 = performance.now();
    for (const w of started) w.go();
    const reports = await Promise.all(started.map((w) => w.done));
    const seconds = (performance.now() - t0) / 1000;
    const loadAfter = load();
    const events = reports.reduce((sum, r) => sum + r.events, 0);
    const applied = reports.reduce((sum, r) => sum + r.applied, 0);
    if (applied !== events) throw new Error(`${store}: ${applied} of ${events} applied`);
    const scopes: ScopeCounts = { entity: 0, fallback: 0, global: 0, other: 0 };
    const fallbackReasons: Record<string, number> = {};
    for (const report of reports) {
      for (const key of Object.keys(scopes) as (keyof ScopeCounts)[])
        scopes[key] += report.scopes[key];
      for (const [reason, n] of Object.entries(report.fallbackReasons))
        fallbackReasons[reason] = (fallbackReasons[reason] ?? 0) + n;
    }
    const run: IngestRun = {
      store,
      workload,
      writers,
      events,
      seconds: Math.round(seconds * 100) / 100,
      eventsPerSecond: Math.round(events / seconds),
      scopes,
      fallbackReasons,
      loadAverage: [loadBefore, loadAfter],
      verify: writers > 1 ? await verify(database, home) : null,
    };
    console.log(JSON.stringify(run));
    return run;
  } finally {
    rmSync(home, { recursive: true, force: true });
    if (schema !== '') await dropSchema(schema);
  }
}

// ---------------------------------------------------------------- search

const QUALITY_CONFIGS: readonly { readonly name: string; readonly options: SearchOptions }[] = [
  { name: 'hybrid, chosen (default) settings', options: {} },
  { name: 'BM25 only + context column + time boost', options: { mode: 'text' } },
  { name: 'vector only (USE-lite, cosine)', options: { mode: 'vector', timeAware: false } },
];

interface Agreement {
  /** Questions whose top 10 are the same ids in the same order on both stores. */
  readonly sameTop10: number;
  /** Mean share of the top 10 ids both stores return (as sets). */
  readonly overlapTop10: number;
}

interface SearchResults {
  readonly halfB: readonly string[];
  readonly quality: Record<
    string,
    { sqlite: Breakdown; postgres: Breakdown; agreement: Agreement; questions: number }
  >;
  readonly build: { sqlite: unknown; postgres: unknown };
  readonly latency: { readonly sqlite: Latency; readonly postgres: Latency };
}

async function searchBench(): Promise<SearchResults> {
  const data = loadLocomo();
  const conversations = [...new Set(data.messages.map((m) => m.conversation_id))].sort();
  const halfB = conversations.slice(5);
  const local = createLocalEmbeddingModel();
  const memo = memoised(local);
  try {
    // Every conversation goes through the model once (the latency stores need every message's
    // vector); only half B, held out when the fusion settings were chosen, is scored.
    const sqlite = await buildCorpora(data, conversations, memo.model, openSqlite);
    const postgres = await buildCorpora(data, halfB, memo.model, openPostgres);
    const quality: SearchResults['quality'] = {};
    try {
      for (const config of QUALITY_CONFIGS) {
        const rankings = { sqlite: new Map<string, string[]>(), postgres: new Map() };
        const on = (map: Map<string, string[]>) => (queryId: string, ranked: string[]) =>
          map.set(queryId, ranked.slice(0, 10));
        const onSqlite = await evaluate(data, sqlite.corpora, halfB, config.options, {
          onRanking: on(rankings.sqlite),
        });
        const onPostgres = await evaluate(data, postgres.corpora, halfB, config.options, {
          onRanking: on(rankings.postgres),
        });
        quality[config.name] = {
          sqlite: onSqlite,
          postgres: onPostgres,
          agreement: agreement(rankings.sqlite, rankings.postgres),
          questions: rankings.sqlite.size,
        };
        console.log(
          `${config.name}: R@10 sqlite ${f3(onSqlite[HEAD]?.message.r10 ?? 0)} postgres ${f3(onPostgres[HEAD]?.message.r10 ?? 0)}`,
        );
      }
    } finally {
      for (const corpus of [...sqlite.corpora, ...postgres.corpora]) await corpus.dispose();
    }
    const pool = [...data.queries].sort((a, b) => a.query_id.localeCompare(b.query_id));
    const at = (open: OpenEngine) =>
      latencyAt({
        items: LATENCY_ITEMS,
        data,
        questionPool: pool,
        model: local,
        memo: memo.memo,
        open,
      });
    const latencySqlite = await at(openSqlite);
    console.log('sqlite', JSON.stringify(latencySqlite));
    const latencyPostgres = await at(openPostgres);
    console.log('postgres', JSON.stringify(latencyPostgres));
    return {
      halfB,
      quality,
      build: { sqlite: sqlite.build, postgres: postgres.build },
      latency: { sqlite: latencySqlite, postgres: latencyPostgres },
    };
  } finally {
    await local.close();
  }
}

function agreement(a: Map<string, string[]>, b: Map<string, string[]>): Agreement {
  let same = 0;
  let overlap = 0;
  for (const [id, left] of a) {
    const right = b.get(id) ?? [];
    if (left.length === right.length && left.every((hit, index) => hit === right[index])) same += 1;
    const shared = left.filter((hit) => right.includes(hit)).length;
    overlap += shared / Math.max(1, left.length, right.length);
  }
  return { sameTop10: same / Math.max(1, a.size), overlapTop10: overlap / Math.max(1, a.size) };
}

// ---------------------------------------------------------------- run

const before = previous<{
  ran?: boolean;
  ingest?: IngestRun[];
  search?: SearchResults | null;
}>('postgres');
const fromIngestBench = previous<{
  date: string;
  runs: { events: number; eventsPerSecond: number }[];
}>('ingest');

const ingest: IngestRun[] = [];
let search: SearchResults | null = null;
const runStarted = performance.now();
try {
  for (const workload of WORKLOADS) {
    ingest.push(await ingestRun('sqlite', workload, 1));
    ingest.push(await ingestRun('sqlite', workload, 4));
    ingest.push(await ingestRun('postgres', workload, 1));
    ingest.push(await ingestRun('postgres', workload, 4));
  }
  search = locomoAvailable() ? await searchBench() : null;
} finally {
  await dropLeftovers();
}
const totalSeconds = Math.round((performance.now() - runStarted) / 1000);

// ---------------------------------------------------------------- report

const previousRate = (run: IngestRun) =>
  before?.ingest?.find(
    (r) => r.store === run.store && r.workload === run.workload && r.writers === run.writers,
  )?.eventsPerSecond;
const scopeCell = (run: IngestRun) =>
  run.store === 'sqlite' && run.scopes.entity + run.scopes.fallback === 0
    ? `${run.scopes.global} global (one writer)`
    : `${run.scopes.entity} / ${run.scopes.fallback} / ${run.scopes.global}`;
const ingestRows = ingest.map((run) => {
  const prior = previousRate(run);
  const verified =
    run.verify === null
      ? '—'
      : `${run.verify.verified ? 'verified: true' : '**verified: false**'} (${run.verify.seconds} s)`;
  return `| ${run.store === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${run.workload} | ${run.writers} | ${thousands(run.eventsPerSecond)} | ${prior === undefined ? '—' : thousands(prior)} | ${run.seconds} | ${scopeCell(run)} | ${verified} | ${run.loadAverage.join(' → ')} |`;
});
const pgRuns = ingest.filter((r) => r.store === 'postgres');
const reasons = new Map<string, number>();
for (const run of pgRuns) {
  for (const [reason, n] of Object.entries(run.fallbackReasons))
    reasons.set(reason, (reasons.get(reason) ?? 0) + n);
}
const rate = (store: string, workload: Workload, writers: number) =>
  ingest.find((r) => r.store === store && r.workload === workload && r.writers === writers)
    ?.eventsPerSecond ?? 0;
const workloadLines = WORKLOADS.map((workload) => {
  const runs = pgRuns.filter((r) => r.workload === workload);
  const batches = runs.reduce(
    (sum, r) => sum + r.scopes.entity + r.scopes.fallback + r.scopes.global,
    0,
  );
  const scoped = runs.reduce((sum, r) => sum + r.scopes.entity, 0);
  const fellBack = runs.reduce((sum, r) => sum + r.scopes.fallback, 0);
  const one = rate('postgres', workload, 1);
  const ratio = one === 0 ? 0 : rate('postgres', workload, 4) / one;
  const share = batches === 0 ? 0 : Math.round((scoped / batches) * 100);
  return `- ${workload}: 4 PostgreSQL writers at ${ratio.toFixed(2)}× the rate of 1; of ${batches} transactions (both runs), ${scoped} (${share} %) committed entity-scoped and ${fellBack} fell back.`;
});
/** Lines per ingest transaction on a store, as measured: calls of BATCH lines over transactions. */
function lineRange(store: 'sqlite' | 'postgres'): string {
  const sizes = ingest
    .filter((r) => r.store === store)
    .map((r) => {
      const transactions = r.scopes.entity + r.scopes.fallback + r.scopes.global;
      return transactions === 0 ? 0 : Math.round(r.events / transactions);
    });
  const low = Math.min(...sizes);
  const high = Math.max(...sizes);
  return low === high ? thousands(low) : `${thousands(low)}–${thousands(high)}`;
}
const allVerified = ingest.every((r) => r.verify === null || r.verify.verified);
const ingestBench = fromIngestBench?.runs.find((r) => r.events === 10_000);

function searchMarkdown(results: SearchResults | null): string {
  if (results === null) {
    return `### Search\n\nNot run: ${LOCOMO_DIR} is absent (the latency stores and the quality figures use the LoCoMo dev set, read in place, never copied).`;
  }
  const { sqlite, postgres } = results.latency;
  const priorLatency = before?.search?.latency.postgres;
  const cell = (l: { p50: number; p95: number }) => `${l.p50} / ${l.p95}`;
  const build = (l: Latency) => `${l.buildSeconds} s (${l.ingestSeconds ?? '?'} s)`;
  const latencyRows = [
    ['hybrid, query embedding included', (l: Latency) => cell(l.hybrid)],
    [
      'hybrid scoped to one entity (as `search_memory` runs)',
      (l: Latency) => cell(l.entityFiltered),
    ],
    ['BM25 only', (l: Latency) => cell(l.text)],
    ['vector only (query embedding included)', (l: Latency) => cell(l.vector)],
  ] as const;
  const qualityRows = Object.entries(results.quality).map(([name, q]) => {
    const s = q.sqlite[HEAD]?.message;
    const p = q.postgres[HEAD]?.message;
    const r10 = (p?.r10 ?? 0) - (s?.r10 ?? 0);
    const ndcg = (p?.ndcg ?? 0) - (s?.ndcg ?? 0);
    const sign = (n: number) => `${n >= 0 ? '+' : '−'}${f3(Math.abs(n))}`;
    return `| ${name} | ${q.sqlite[HEAD]?.n ?? 0} | ${f3(s?.r10 ?? 0)} | ${f3(p?.r10 ?? 0)} | ${sign(r10)} | ${f3(s?.ndcg ?? 0)} | ${f3(p?.ndcg ?? 0)} | ${sign(ndcg)} | ${Math.round(q.agreement.sameTop10 * 100)} % / ${Math.round(q.agreement.overlapTop10 * 100)} % |`;
  });
  const hybrid = results.quality['hybrid, chosen (default) settings'];
  const gap = Math.abs(
    (hybrid?.postgres[HEAD]?.message.r10 ?? 0) - (hybrid?.sqlite[HEAD]?.message.r10 ?? 0),
  );
  return `### Search latency at ${thousands(LATENCY_ITEMS)} items

The method of \`bench:retrieval\` (shared code, \`bench/retrieval-harness.ts\`): the LoCoMo dev-set
messages repeated in renamed threads up to ${thousands(LATENCY_ITEMS)} items, document vectors from
this run's embedding cache, every query embedded for real by the bundled model; ${sqlite.queries}
hybrid queries, 150 BM25-only and 150 vector-only; p50 / p95 in ms. Both stores measured in this
run, one after the other (load average at the start and end of each store's timed searches).

| search | SQLite | PostgreSQL | PostgreSQL, previous run |
| --- | ---: | ---: | ---: |
${latencyRows.map(([name, get]) => `| ${name} | ${get(sqlite)} | ${get(postgres)} | ${priorLatency === undefined ? '—' : get(priorLatency)} |`).join('\n')}
| building the store: ingest + vectors from the cache (ingest alone) | ${build(sqlite)} | ${build(postgres)} | ${priorLatency === undefined ? '—' : build(priorLatency)} |
| load average during the timed searches | ${sqlite.loadAverage.join(' → ')} | ${postgres.loadAverage.join(' → ')} | ${priorLatency === undefined ? '—' : priorLatency.loadAverage.join(' → ')} |

Issue #4's target (hybrid p95 ≤ 50 ms at 100k items, set for SQLite): SQLite ${sqlite.hybrid.p95} ms,
${verdict(sqlite.hybrid.p95 <= 50)}; PostgreSQL ${postgres.hybrid.p95} ms, ${verdict(postgres.hybrid.p95 <= 50)}.

### Retrieval quality on PostgreSQL

LoCoMo, scored as in \`bench:retrieval\` (same harness, same settings \`DEFAULT_FUSION\`, rule
extraction off, clock pinned to the question date), held-out **half B** (${results.halfB.join(', ')}),
one store per conversation: SQLite files, and PostgreSQL schemas on the server above. Both stores
get identical vectors (one embedding cache for the run). Message level, categories 1–4; the last
column compares the top 10 of each question: same ids in the same order / mean shared ids.

| method | n | SQLite R@10 | PostgreSQL R@10 | Δ | SQLite NDCG@10 | PostgreSQL NDCG@10 | Δ | same top 10 / overlap |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${qualityRows.join('\n')}

Target (issue #6): PostgreSQL within 0.02 of SQLite's message R@10 (hybrid, default settings):
|Δ| = ${f3(gap)}, ${verdict(gap <= 0.02)}.

Where top-10 lists differ in order, BM25 is why: PostgreSQL takes IDF as
ln(1 + (N − n + 0.5)/(n + 0.5)) (docs/decisions/2026-11-26-postgres-write-locks.md), while
FTS5's \`bm25()\` takes ln((N − n + 0.5)/(n + 0.5)) and floors it at 10⁻⁶, so a term in more than
half the items (a speaker's name, which starts every message here) scores about 0 on SQLite and
not on PostgreSQL. Vectors are the same on both stores.`;
}

const reasonList = [...reasons.entries()]
  .sort((a, b) => b[1] - a[1])
  .map(([reason, n]) => `\`${reason}\` (${n})`)
  .join(', ');

writeSection(
  'postgres',
  {
    date,
    machine: machine(),
    ran: true,
    server: { ...server, at: serverName(url) },
    slices: SLICES,
    perSlice: PER_SLICE,
    batch: BATCH,
    ingest,
    search,
    totalSeconds,
  },
  `
${TITLE}

Measured ${date} on ${machine()}, against PostgreSQL ${server.version} with pgvector
${server.pgvector} on the same machine over loopback (so the server shares the 2 cores with the
bench; \`synchronous_commit=${server.settings['synchronous_commit']}\`, \`shared_buffers=${server.settings['shared_buffers']}\`,
\`maintenance_work_mem=${server.settings['maintenance_work_mem']}\`). Each store is a fresh schema,
dropped afterwards. Load averages are the machine's 1-minute figures, which other work moves.

### Ingest throughput

${thousands(SLICES * PER_SLICE)} events from \`mixedRecords\` (≈80 % observations, 10 % retractions,
10 % messages), in ${SLICES} slices of ${thousands(PER_SLICE)}, each with its own seed and its own
entities, threads and ids, ingested by writer **processes** (\`bench/postgres-writer.ts\`) through
\`engine.ingest\` in calls of ${thousands(BATCH)} lines (which the pipeline commits in transactions of,
on average, ${lineRange('sqlite')} lines on SQLite and ${lineRange('postgres')} on PostgreSQL), without waiting for vector indexing. One
writer ingests the four slices one after another; four writers take one slice each and start
together. events/s = events / wall time from the start signal to the last writer's end (engines
already open). Three workloads: the records **as generated** (their messages carry no entity, so
every batch that holds one takes the global write scope); the same records with **messages given
an entity** of their slice, so a batch may run entity-scoped; and **uncontested observations**
(messages and retractions dropped, every observation an assertive user statement of its slot's
first value, so nothing goes to review), the best case for entity-scoped writes. The ingest
transactions: committed entity-scoped / tried entity-scoped, then rolled back and rerun globally /
global from the start, counted by wrapping the store's \`withWriteLock\` in each writer. After
every 4-writer run, \`engine.rebuild({ verify: true })\` (what \`verity rebuild --verify\` runs)
replays the ledger and compares its content hash with the live state.

| store | workload | writers | events/s | previous run | seconds | transactions: scoped / fell back / global | rebuild --verify | load average |
| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |
${ingestRows.join('\n')}

${workloadLines.join('\n')}

${reasons.size === 0 ? 'No transaction fell back.' : `Why transactions fell back: ${reasonList}. A review prompt takes the next number of the shared \`review:sequence\`, so a transaction that raises one must run globally, after paying for the entity-scoped attempt.`}
Replay equals live state after every 4-writer run: ${allVerified ? 'yes' : '**no**'}. For reference,
\`bench:ingest\` (one process, SQLite, ${ingestBench === undefined ? 'no result file' : `10,000 events: ${thousands(ingestBench.eventsPerSecond)} events/s on ${fromIngestBench?.date}`}).

${searchMarkdown(search)}

The whole run took ${totalSeconds} s.
`,
);
console.log(`done in ${totalSeconds} s`);
