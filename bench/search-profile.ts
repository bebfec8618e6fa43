// Issue #17 §6: where a 100k-item hybrid search spends its time, by wall time and by CPU time
// (process.cpuUsage, the embedding worker thread included), which a loaded machine distorts far
// less. Builds the bench:retrieval latency store (LoCoMo messages repeated to 100,000 items,
// vectors from the disk cache) once in <home> and reuses it; then times the query embedding, the
// FTS top 50, the vector top 50 and whole searches (cold: a new query; warm: its vector cached).
// Run: npx tsx bench/search-profile.ts [home]   (default /tmp/verity-search-profile)
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fixedClock } from '../src/core/index.js';
import { createEmbedder } from '../src/embeddings/index.js';
import { createEngine } from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { hybridSearch } from '../src/search/index.js';
import { queryTerms } from '../src/search/query-terms.js';
import { createSqliteStore } from '../src/stores/sqlite/index.js';
import { diskCachedModel } from './embedding-cache.js';
import { loadLocomo, memoised, toRecord } from './locomo.js';

const home = process.argv[2] ?? '/tmp/verity-search-profile';
const ITEMS = 100_000;
const NOW = Date.parse('2024-01-15T00:00:00Z');
const local = createLocalEmbeddingModel({ workers: 1 });
const data = loadLocomo();

/** Builds the store as bench:retrieval's latency step does (no extraction, cached vectors). */
async function build(): Promise<void> {
  mkdirSync(home, { recursive: true });
  const cached = diskCachedModel(local);
  const documents = [...new Set(data.messages.map((m) => `${m.speaker}: ${m.content}`))];
  const vectors = await cached.model.embed(documents);
  const memo = new Map(
    documents.map((text, index) => [text, vectors[index] ?? new Float32Array(local.dimension)]),
  );
  const known = memoised(local, { onlyKnown: memo });
  const engine = await createEngine({
    home,
    clock: fixedClock(NOW),
    embeddings: { model: known.model },
    extraction: null,
  });
  const lines: string[] = [];
  for (let copy = 0; lines.length < ITEMS; copy += 1) {
    for (const m of data.messages) {
      if (lines.length >= ITEMS) break;
      lines.push(toRecord(m, `${m.session_id}#${copy}`));
    }
  }
  for (let i = 0; i < lines.length; i += 5000) {
    await engine.ingest(lines.slice(i, i + 5000).join('\n'), { waitForIndex: false });
  }
  console.log('built', await engine.indexEmbeddings({ batchSize: 5000 }));
  await engine.close();
}

if (!existsSync(`${home}/verity.db`)) await build();
const store = await createSqliteStore({ path: `${home}/verity.db` });
const embedder = createEmbedder(local);
const pool = [...data.queries].sort((a, b) => a.query_id.localeCompare(b.query_id));
const steps = ['embed', 'fts', 'vectors', 'search (cold)', 'search (warm)'] as const;
const wall = new Map<string, number[]>(steps.map((s) => [s, []]));
const cpu = new Map<string, number[]>(steps.map((s) => [s, []]));
async function time<T>(step: (typeof steps)[number], run: () => Promise<T>): Promise<T> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await run();
  wall.get(step)?.push(performance.now() - t0);
  const used = process.cpuUsage(c0);
  cpu.get(step)?.push((used.user + used.system) / 1000);
  return result;
}
for (const q of pool.slice(0, 20)) await hybridSearch({ store, embedder }, q.question, NOW, {});
const loadBefore = loadavg()[0] ?? 0;
for (const q of pool.slice(20, 170)) {
  const vector = await time('embed', () => embedder.embedQuery(q.question));
  const terms = queryTerms(q.question);
  await time('fts', () => store.searchText({ terms, contextWeight: 0.5 }, {}, 50));
  await time('vectors', () => store.searchVectors(embedder.space, vector, {}, 50));
  // The query's vector is now in the embedder's cache: the search without the model.
  await time('search (warm)', () => hybridSearch({ store, embedder }, q.question, NOW, {}));
}
for (const q of pool.slice(170, 320)) {
  await time('search (cold)', () => hybridSearch({ store, embedder }, q.question, NOW, {}));
}
const percentile = (list: readonly number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))] ?? 0;
console.log('| step | n | wall p50 / p95 ms | CPU p50 / p95 ms |\n| --- | ---: | ---: | ---: |');
for (const step of steps) {
  const w = wall.get(step) ?? [];
  const c = cpu.get(step) ?? [];
  console.log(
    `| ${step} | ${w.length} | ${percentile(w, 0.5).toFixed(1)} / ${percentile(w, 0.95).toFixed(1)} | ${percentile(c, 0.5).toFixed(1)} / ${percentile(c, 0.95).toFixed(1)} |`,
  );
}
console.log(`load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`);
await store.close();
await local.close();
