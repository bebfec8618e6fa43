// Run: npm run bench:surface. Measures what an agent pays to use Verity: the size of MCP
// tools/list (bytes of the JSON result the model reads) and the wall time of a CLI read
// (`verity state get`) as a fresh process, from spawn to exit. Writes the "surface" section of
// docs/BENCHMARKS.md. Needs `npm run build` (the CLI runs from dist, as installed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEngine } from '../src/engine/index.js';
import { createMcpServer } from '../src/interfaces/mcp/index.js';
import { machine, writeSection } from './report.js';

const RUNS = 21;
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'verity.js');
if (!existsSync(join(root, 'dist', 'interfaces', 'cli', 'index.js'))) {
  throw new Error('run npm run build first: the CLI is measured from dist');
}

const home = mkdtempSync(join(tmpdir(), 'verity-bench-surface-'));
const engine = await createEngine({ home, embeddings: { model: null } });
await engine.recordMessages([
  { thread_id: 't', message_id: '1', role: 'user', content: "We're in Tahoe now." },
]);
const server = createMcpServer(engine);
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: 'bench', version: '0.0.0' });
await client.connect(clientSide);
const listed = await client.listTools();
const toolsBytes = Buffer.byteLength(JSON.stringify(listed));
const perTool = listed.tools
  .map((tool) => ({ name: tool.name, bytes: Buffer.byteLength(JSON.stringify(tool)) }))
  .sort((a, b) => b.bytes - a.bytes);
await client.close();
await engine.close();

/** Wall milliseconds of one fresh process, from spawn to exit; throws when it fails. */
function timeOnce(args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${child.stderr}`);
  return ms;
}

/**
 * CPU milliseconds (user + system, every thread) one fresh process used, as it reports on exit
 * through a preloaded hook. Less sensitive than wall time to other processes sharing the cores.
 */
const CPU_HOOK =
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu_us="+(u.user+u.system)+"\\n")})';
function cpuOnce(args: readonly string[]): number {
  const child = spawnSync(process.execPath, ['--import', CPU_HOOK, ...args], { encoding: 'utf8' });
  const reported = /cpu_us=(\d+)/.exec(child.stderr)?.[1];
  if (child.status !== 0 || reported === undefined) {
    throw new Error(`node ${args.join(' ')} failed: ${child.stderr}`);
  }
  return Number(reported) / 1000;
}

// The three measures run interleaved, one of each per round, so that a change in the machine's
// load during the run weighs on all three alike rather than on whichever ran then.
type Measure = 'state_get' | 'version' | 'node';
const MEASURES: readonly (readonly [Measure, readonly string[]])[] = [
  ['state_get', [bin, '--home', home, 'state', 'get', 'user:primary']],
  ['version', [bin, '--version']],
  ['node', ['-e', '0']],
];
const runs: Record<Measure, number[]> = { state_get: [], version: [], node: [] };
const cpu: Record<Measure, number[]> = { state_get: [], version: [], node: [] };
const loadBefore = loadavg()[0] ?? 0;
for (let round = 0; round < RUNS; round++) {
  for (const [name, args] of MEASURES) runs[name].push(timeOnce(args));
}
// Separate rounds, so that the hook's own cost stays out of the wall times.
for (let round = 0; round < RUNS; round++) {
  for (const [name, args] of MEASURES) cpu[name].push(cpuOnce(args));
}
const loadAfter = loadavg()[0] ?? 0;
rmSync(home, { recursive: true, force: true });

/** The `p`-th percentile (nearest rank) of `values`. */
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const summary = (values: readonly number[]) => ({
  median_ms: Math.round(percentile(values, 50)),
  p95_ms: Math.round(percentile(values, 95)),
  runs_ms: values.map((v) => Math.round(v)),
});
const stateGet = summary(runs.state_get);
const version = summary(runs.version);
const node = summary(runs.node);
const cpuOf = (name: Measure) => Math.round(percentile(cpu[name], 50));
const results = {
  date: new Date().toISOString(),
  machine: machine(),
  runs: RUNS,
  // Wall times scale with the machine's load (2 cores shared): the 1-minute load average
  // around the CLI runs, and Node's own start-up measured beside them, say how loaded it was.
  load_average: [loadBefore, loadAfter],
  tools_list_bytes: toolsBytes,
  tools: perTool,
  node_ms: node.median_ms,
  version_ms: version.median_ms,
  state_get_ms: stateGet.median_ms,
  state_get: stateGet,
  version: version,
  node: node,
  cpu_median_ms: { state_get: cpuOf('state_get'), version: cpuOf('version'), node: cpuOf('node') },
};
console.log(JSON.stringify(results, null, 2));

writeSection(
  'surface',
  results,
  `
## Agent surface: tools/list size and CLI start-up

\`npm run bench:surface\` (\`bench/cli-startup.bench.ts\`), ${results.date.slice(0, 10)}, ${results.machine}.
Wall time from spawn to exit of \`node bin/verity.js\` (built \`dist\`) on a store holding one
message, ${RUNS} rounds of the three commands interleaved; other processes shared the machine
(1-minute load average ${loadBefore.toFixed(1)} before the runs, ${loadAfter.toFixed(1)} after, on 2 cores).

| measure | median | p95 | CPU, median | target (issue #12) |
| --- | ---: | ---: | ---: | ---: |
| MCP \`tools/list\` result, bytes of JSON (${listed.tools.length} tools) | ${toolsBytes.toLocaleString('en-US')} | | | ≤ 12,288 |
| \`verity state get user:primary\` | ${stateGet.median_ms} ms | ${stateGet.p95_ms} ms | ${cpuOf('state_get')} ms | ≤ 300 ms |
| \`verity --version\` (loading the CLI, no store) | ${version.median_ms} ms | ${version.p95_ms} ms | ${cpuOf('version')} ms | |
| \`node -e 0\` (Node start-up alone) | ${node.median_ms} ms | ${node.p95_ms} ms | ${cpuOf('node')} ms | |

Wall time is what the target is about; the CPU column (user + system time of every thread of the
process, from \`process.cpuUsage()\` at exit, in ${RUNS} more rounds) moves much less with the
machine's load, so it compares builds measured at different loads.

Largest tools: ${perTool
    .slice(0, 5)
    .map((t) => `\`${t.name}\` ${t.bytes.toLocaleString('en-US')} B`)
    .join(', ')}.
`,
);
