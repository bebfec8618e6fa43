// HTTP latency of a real `verity serve` (child process, SQLite, loopback only) under 50 concurrent
// clients: state reads, search and context, each for a fixed 10 s. Run: npm run bench:http.
// Writes the "http" section of docs/BENCHMARKS.md. Latency percentiles come from every response's
// own time (autocannon's 'response' event), so p95 is exact rather than read off a histogram.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fixedClock } from '../src/core/index.js';
import { createEngine } from '../src/engine/index.js';
import { mixedRecords, toJsonl } from '../src/testing/index.js';
import { machine, writeSection } from './report.js';
import { percentile, startServe } from './serve-process.js';

const CONNECTIONS = 50;
const DURATION_S = 10;
const RECORDS = 3000;
const ENTITIES = 50;
const NOW = '2026-06-01T00:00:00Z';

interface Scenario {
  readonly name: string;
  readonly path: (i: number) => string;
}

const QUERIES = ['city now', 'we are in city 7', 'where are we', 'city 12 now', 'status update'];
const scenarios: readonly Scenario[] = [
  { name: 'state read (GET /api/state/:entity)', path: (i) => `/api/state/user:u${i % ENTITIES}` },
  {
    name: 'search (GET /api/search)',
    path: (i) =>
      `/api/search?query=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}&limit=10`,
  },
  {
    name: 'context (GET /api/context)',
    path: (i) =>
      `/api/context?entity=user:u${i % ENTITIES}&query=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}`,
  },
];

const home = mkdtempSync(join(tmpdir(), 'verity-bench-http-'));
const seedStart = performance.now();
const engine = await createEngine({ home, clock: fixedClock(Date.parse(NOW)) });
await engine.ingest(toJsonl(mixedRecords({ count: RECORDS, entities: ENTITIES, seed: 16 })));
await engine.close();
const seedSeconds = (performance.now() - seedStart) / 1000;

const server = await startServe(home, NOW);
const url = server.url;

interface Row {
  readonly scenario: string;
  readonly requests: number;
  readonly per_second: number;
  readonly p50_ms: number;
  readonly p95_ms: number;
  readonly p99_ms: number;
  readonly non_2xx: number;
  readonly errors: number;
}

const rows: Row[] = [];
try {
  for (const scenario of scenarios) {
    // One warm-up request per path shape (model load, statement preparation) before timing.
    await fetch(`${url}${scenario.path(0)}`).then((r) => r.text());
    let counter = 0;
    const times: number[] = [];
    const instance = autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: scenario.path(counter++) }),
        },
      ],
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
      times.push(time);
    });
    const result = await instance;
    times.sort((a, b) => a - b);
    rows.push({
      scenario: scenario.name,
      requests: result.requests.total,
      per_second: Math.round(result.requests.average),
      p50_ms: Number(percentile(times, 50).toFixed(1)),
      p95_ms: Number(percentile(times, 95).toFixed(1)),
      p99_ms: Number(percentile(times, 99).toFixed(1)),
      non_2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
} finally {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
}

const table = rows
  .map(
    (r) =>
      `| ${r.scenario} | ${r.requests.toLocaleString('en-US')} | ${r.per_second.toLocaleString('en-US')} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.non_2xx} | ${r.errors} |`,
  )
  .join('\n');
const markdown = `## HTTP API latency (\`npm run bench:http\`)

A real \`verity serve\` (child process, SQLite, bundled local embedder) on 127.0.0.1, seeded with
${RECORDS.toLocaleString('en-US')} mixed records over ${ENTITIES} entities (seeding took ${seedSeconds.toFixed(0)} s).
autocannon keeps ${CONNECTIONS} connections busy for ${DURATION_S} s per row, in the same process
tree on the same machine (so client and server share the CPUs). Latency is per response,
percentiles over every response of the row. No token (loopback).

| scenario | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}

Machine: ${machine()}; load average at the end ${loadavg()[0]?.toFixed(2)} (other work was running).
`;
writeSection(
  'http',
  { connections: CONNECTIONS, duration_s: DURATION_S, records: RECORDS, rows },
  markdown,
);
console.log(markdown);
