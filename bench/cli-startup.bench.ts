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

const RUNS = 7;
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

function time(args: readonly string[]): number[] {
  const out: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, [bin, '--home', home, ...args], { encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`verity ${args.join(' ')} failed: ${child.stderr}`);
    out.push(ms);
  }
  return out.sort((a, b) => a - b);
}

const node = (() => {
  const out: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0']);
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out.sort((a, b) => a - b);
})();
const loadBefore = loadavg()[0] ?? 0;
const stateGet = time(['state', 'get', 'user:primary']);
const version = time(['--version']);
const loadAfter = loadavg()[0] ?? 0;
rmSync(home, { recursive: true, force: true });

const median = (values: readonly number[]) => values[Math.floor(values.length / 2)] ?? 0;
const results = {
  date: new Date().toISOString(),
  machine: machine(),
  runs: RUNS,
  // Wall times scale with the machine's load (2 cores shared): the 1-minute load average
  // around the CLI runs, and Node's own start-up measured beside them, say how loaded it was.
  load_average: [loadBefore, loadAfter],
  tools_list_bytes: toolsBytes,
  tools: perTool,
  node_ms: median(node),
  version_ms: median(version),
  state_get_ms: median(stateGet),
  state_get_all_ms: stateGet,
};
console.log(JSON.stringify(results, null, 2));

writeSection(
  'surface',
  results,
  `
## Agent surface: tools/list size and CLI start-up

\`npm run bench:surface\` (\`bench/cli-startup.bench.ts\`), ${results.date.slice(0, 10)}, ${results.machine}.
Wall time from spawn to exit of \`node bin/verity.js\` (built \`dist\`), median of ${RUNS} runs, on a
store holding one message; other processes shared the machine (1-minute load average
${loadBefore.toFixed(1)} before the CLI runs, ${loadAfter.toFixed(1)} after, on 2 cores).

| measure | value | target (issue #12) |
| --- | ---: | ---: |
| MCP \`tools/list\` result, bytes of JSON (${listed.tools.length} tools) | ${toolsBytes.toLocaleString('en-US')} | ≤ 12,288 |
| \`verity state get user:primary\` | ${median(stateGet).toFixed(0)} ms | ≤ 300 ms |
| \`verity --version\` (loading the CLI, no store) | ${median(version).toFixed(0)} ms | |
| \`node -e 0\` (Node start-up alone) | ${median(node).toFixed(0)} ms | |

Largest tools: ${perTool
    .slice(0, 5)
    .map((t) => `\`${t.name}\` ${t.bytes.toLocaleString('en-US')} B`)
    .join(', ')}.
`,
);
