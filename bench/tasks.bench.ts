// Tasks benchmark: one reconciler pass over 10,000 active tasks, and recall-pack build latency.
// Run: npm run bench:tasks. Writes the "tasks" section of docs/BENCHMARKS.md.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Clock, sha256Hex, type TaskPriority, uuidV7 } from '../src/core/index.js';
import { createRecallCapability } from '../src/engine/recall-pack.js';
import { type PipelineDeps, recordTaskEvents } from '../src/pipeline/index.js';
import { createSqliteStore } from '../src/stores/sqlite/index.js';
import {
  draftAddTask,
  draftMoveOf,
  noopNotifier,
  runReconciler,
  type TaskEventDraft,
  type TaskRecorder,
} from '../src/tasks/index.js';
import { machine, writeSection } from './report.js';

const TASKS = 10_000;
const PACKS = 30;
const START = Date.parse('2026-01-26T09:00:00Z');
const HOUR = 3_600_000;

let now = START;
const clock: Clock = { now: () => now };
const ids = { uuid: () => uuidV7(now, randomBytes(10)) };

const dir = mkdtempSync(join(tmpdir(), 'verity-bench-tasks-'));
const store = await createSqliteStore({ path: join(dir, 'verity.db') });
const deps: PipelineDeps = { store, clock, ids };
const record: TaskRecorder = (build) => recordTaskEvents(deps, build);
const priorities: readonly TaskPriority[] = ['P0', 'P1', 'P2', 'P2', 'P3'];

// Seed in batches of 1,000 tasks per transaction: a quarter untriaged, the rest planned with
// deadlines from −2 to +10 days and next checks spread over the next 12 hours.
const loadAtStart = Math.round((loadavg()[0] ?? 0) * 10) / 10;
const seedStart = performance.now();
const seedCpu = process.cpuUsage();
for (let batch = 0; batch < TASKS / 1000; batch += 1) {
  await record(async (reader) => {
    const drafts: TaskEventDraft[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const n = batch * 1000 + i;
      const made = await draftAddTask(
        reader,
        { title: `Task number ${n} for the spring launch` },
        now,
        i,
      );
      drafts.push(...made.drafts);
      if (n % 4 === 0) continue;
      const priority = priorities[n % priorities.length] ?? 'P2';
      const triaged = draftMoveOf(
        made.value,
        'TRIAGED',
        {
          priority: n % 97 === 0 ? 'P0' : priority === 'P0' ? 'P1' : priority,
          due: new Date(START + ((n % 288) - 48) * HOUR).toISOString(),
          definition_of_done: ['done'],
        },
        { actor: 'bench', reason: '' },
        now,
      );
      const planned = draftMoveOf(
        triaged.value,
        'PLANNED',
        { next_action: 'start', next_check: new Date(START + (n % 12) * HOUR).toISOString() },
        { actor: 'bench', reason: '' },
        now,
      );
      drafts.push(...triaged.drafts, ...planned.drafts);
    }
    return { drafts, value: null };
  });
}
const seedSeconds = (performance.now() - seedStart) / 1000;
const seedCpuSeconds = cpuMs(seedCpu) / 1000;
console.log(JSON.stringify({ seed_seconds: seedSeconds, seed_cpu_seconds: seedCpuSeconds }));

/** CPU milliseconds this process spent (user + system): steadier than wall time on a shared machine. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
}

async function pass(at: number) {
  now = at;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await runReconciler(
    { record, notifier: noopNotifier, hash: sha256Hex, reader: store },
    at,
  );
  return {
    at: new Date(at).toISOString(),
    tasks: report.tasks_checked,
    actions: report.actions.length,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    cpu_seconds: Math.round(cpuMs(cpu) / 10) / 100,
  };
}

const passes = [
  await pass(START + 30 * 60_000),
  await pass(START + 60 * 60_000),
  await pass(START + 90 * 60_000),
];
for (const p of passes) console.log(JSON.stringify(p));

const recall = createRecallCapability({
  store,
  deps,
  clock,
  search: async () => ({ hits: [], pending_vectors: 0, vector_search: 'off' }),
  triggers: {},
});
const latencies: number[] = [];
let tokens = 0;
const packCpu = process.cpuUsage();
for (let i = 0; i < PACKS; i += 1) {
  const started = performance.now();
  const pack = await recall.recallPack({ budget: 600 });
  latencies.push(performance.now() - started);
  tokens = pack.tokens;
}
const packCpuMs = Math.round(cpuMs(packCpu) / PACKS);
latencies.sort((a, b) => a - b);
const pct = (q: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
const packResult = {
  builds: PACKS,
  p50_ms: pct(0.5),
  p95_ms: pct(0.95),
  cpu_ms_per_build: packCpuMs,
  tokens,
};
console.log(JSON.stringify(packResult));

await store.close();
rmSync(dir, { recursive: true, force: true });

const date = new Date().toISOString().slice(0, 10);
const rows = passes.map(
  (p) =>
    `| ${p.at} | ${TASKS.toLocaleString('en-US')} | ${p.tasks.toLocaleString('en-US')} | ${p.actions.toLocaleString('en-US')} | ${p.seconds} | ${p.cpu_seconds} |`,
);
writeSection(
  'tasks',
  {
    date,
    machine: machine(),
    load_average: loadAtStart,
    seed_seconds: Math.round(seedSeconds * 100) / 100,
    seed_cpu_seconds: Math.round(seedCpuSeconds * 100) / 100,
    passes,
    recall_pack: packResult,
  },
  `
## Tasks: reconciler and recall pack (\`npm run bench:tasks\`)

Measured ${date} on ${machine()}, one process, embedded SQLite file, load average
${loadAtStart} at the start.
${TASKS.toLocaleString('en-US')} open tasks (a quarter untriaged, the rest planned, P0–P3, deadlines from two
days before to ten days after the first pass, next checks over 12 hours), seeded in ${Math.round(seedSeconds)} s (${Math.round(seedCpuSeconds)} s of CPU).
One reconciler pass reads only the open tasks one of its rules can act on (a due or missing next
check, a deadline passed or within 24 h, no progress past the priority's stale hours, a P0 on the
dead-man switch: one query each on the \`tasks\` table, ADR 2026-11-26-reconciler-reads-actionable-tasks),
plans their actions and appends each as an event in one write transaction. The first pass acts on
most tasks (missing next checks, overdue deadlines, due-soon warnings); the second and third, 30
and 60 minutes later, show a steadier state.

Wall seconds depend on what else the machine runs; CPU seconds (this process, user + system)
are the steadier figure to compare.

| pass at | open tasks | tasks read | actions recorded | seconds | CPU seconds |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Recall pack for the same entity (all ${TASKS.toLocaleString('en-US')} tasks in scope, 600-token budget, no
trigger search): p50 ${packResult.p50_ms} ms, p95 ${packResult.p95_ms} ms over ${PACKS} builds,
${packResult.cpu_ms_per_build} ms of CPU per build (${packResult.tokens} tokens each).
`,
);
