// Ingest throughput through validate → append → resolve → persist, at 10k and 100k events.
// Run: npm run bench:ingest. Writes the "ingest" section of docs/BENCHMARKS.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../src/engine/index.js';
import { createManualClock, mixedRecords } from '../src/testing/index.js';
import { machine, previous, writeSection } from './report.js';

const SIZES = [10_000, 100_000];
const BATCH = 2000;
interface Run {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly peakRssMiB: number;
  readonly verifySeconds: number;
  readonly verified: boolean | null;
}

async function run(count: number): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'verity-bench-'));
  const clock = createManualClock('2026-03-01T00:00:00Z');
  const engine = await createEngine({ home, clock });
  const lines = mixedRecords({ count }).map((record) => JSON.stringify(record));
  let peak = process.memoryUsage().rss;
  const started = performance.now();
  for (let i = 0; i < lines.length; i += BATCH) {
    // Each call commits its batch durably (synchronous=FULL) before it returns.
    await engine.ingest(lines.slice(i, i + BATCH).join('\n'), { waitForIndex: false });
    clock.advance(1000);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  const verifyStart = performance.now();
  const verify = count <= 10_000 ? await engine.rebuild({ verify: true }) : null;
  const verifySeconds = (performance.now() - verifyStart) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  await engine.close();
  rmSync(home, { recursive: true, force: true });
  return {
    events: count,
    seconds: Math.round(seconds * 100) / 100,
    eventsPerSecond: Math.round(count / seconds),
    peakRssMiB: Math.round(peak / 2 ** 20),
    verifySeconds: Math.round(verifySeconds * 100) / 100,
    verified: verify?.verified ?? null,
  };
}

const before = previous<{ runs: Run[] }>('ingest');
// Warm the JIT and the SQLite page cache so the first measured size is not penalised.
await run(2_000);
const runs: Run[] = [];
for (const size of SIZES) {
  const result = await run(size);
  runs.push(result);
  console.log(JSON.stringify(result));
}
const date = new Date().toISOString().slice(0, 10);
const baseline = (events: number) => before?.runs.find((r) => r.events === events)?.eventsPerSecond;
const rows = runs.map((r) => {
  const prior = baseline(r.events);
  return `| ${r.events.toLocaleString('en-US')} | ${r.eventsPerSecond.toLocaleString('en-US')} | ${prior ? prior.toLocaleString('en-US') : '—'} | 5,000 | ${r.seconds} | ${r.peakRssMiB} | ${r.verified === null ? 'not run' : `${r.verified ? 'equal' : 'DIFFERENT'} (${r.verifySeconds} s)`} |`;
});
writeSection(
  'ingest',
  { date, machine: machine(), batch: BATCH, synchronous: 'FULL', runs },
  `
## Ingest throughput (\`npm run bench:ingest\`)

Measured ${date} on ${machine()}, one process (one core for JavaScript and SQLite).
Mixed JSONL (≈80 % observations over 1,000 entities × 6 fields and every source type and intent,
10 % retractions, 10 % messages, which also go through rule extraction and the FTS5 index) through
parse → Ajv validation → ledger append → resolve → persist, without waiting for vector indexing (measured in the retrieval section), via \`engine.ingest\` in calls of ${BATCH} lines, which the engine commits as one SQLite write transaction of up to 2,000 lines. Each
transaction uses \`synchronous=FULL\` in WAL mode; a call returns only after its transactions committed.
Baseline: the previous run of this benchmark on this machine; target from the foundation issue.

| events | events/s | baseline events/s | target events/s | seconds | peak RSS MiB | replay vs live |
| ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}
`,
);
