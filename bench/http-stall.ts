// Does a large write stall a real `verity serve`? One client POSTs 2,000 conversation messages to
// /api/messages in one request while another polls GET /health back to back; the health latencies
// of polls made while the POST was in flight say how long other clients wait. Run:
// `npx tsx bench/http-stall.ts` (add `--write` to store the "http-stall" section of
// docs/BENCHMARKS.md). A child process, SQLite, loopback only, no token.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, writeSection } from './report.js';
import { percentile, startServe } from './serve-process.js';

const MESSAGES = 2000;
const RUNS = 3;
/** How long the poller goes on after the POST answered (the background jobs run then). */
const AFTER_MS = 5000;
const NOW = '2026-06-01T00:00:00Z';

// Sentences of the kinds a chat carries (plans, moves, chores, small talk), so the rule extractor
// does its usual work on them; the city and day vary with the index.
const CITIES = ['Lisbon', 'Berlin', 'Porto', 'Madrid', 'Vienna', 'Oslo', 'Prague', 'Dublin'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
function content(i: number): string {
  const city = CITIES[i % CITIES.length] ?? 'Lisbon';
  const day = DAYS[i % DAYS.length] ?? 'Monday';
  switch (i % 6) {
    case 0:
      return `We land in ${city} on ${day} morning and stay for four nights.`;
    case 1:
      return `Remind me to pay the rent before ${day}, I keep forgetting it.`;
    case 2:
      return `I moved to ${city} last month, the new flat is near the river.`;
    case 3:
      return 'Sounds good, thanks for checking the train times for me.';
    case 4:
      return `I will send the project report to Dana by ${day}.`;
    default:
      return `Leo has a dentist appointment on ${day} at 3pm, can you note it?`;
  }
}

function messages(run: number): Record<string, unknown>[] {
  const start = Date.parse('2026-05-01T08:00:00Z');
  return Array.from({ length: MESSAGES }, (_, i) => ({
    message_id: `r${run}-m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: content(i),
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
}

interface Poll {
  readonly started: number;
  readonly ms: number;
  readonly ok: boolean;
}

/** Polls `url` back to back until `stop()`; every poll's start and latency. */
function poller(url: string): { stop(): Promise<Poll[]> } {
  const polls: Poll[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        ok = response.ok;
      } catch {
        // A refused or reset poll counts as a failed one; the figures say how many.
        ok = false;
      }
      polls.push({ started, ms: performance.now() - started, ok });
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return polls;
    },
  };
}

interface RunRow {
  readonly run: number;
  /** The POST's time while the poller runs. */
  readonly post_ms: number;
  readonly post_status: number;
  readonly applied: number;
  readonly polls: number;
  readonly failed_polls: number;
  readonly health_p50_ms: number;
  readonly health_p95_ms: number;
  readonly health_max_ms: number;
  /** Slowest poll in the seconds after the POST, while the background jobs index what it wrote. */
  readonly after_max_ms: number;
}

/** Polls in flight at some time between `from` and `to`, and their latencies, sorted. */
function within(
  polls: readonly Poll[],
  from: number,
  to: number,
): { n: number; failed: number; ms: number[] } {
  const hit = polls.filter((p) => p.started < to && p.started + p.ms > from);
  return {
    n: hit.length,
    failed: hit.filter((p) => !p.ok).length,
    ms: hit.map((p) => p.ms).sort((a, b) => a - b),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const home = mkdtempSync(join(tmpdir(), 'verity-bench-stall-'));
const server = await startServe(home, NOW);
const url = server.url;
const post = (body: unknown) =>
  fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const rows: RunRow[] = [];
let idle: number[] = [];
let aloneMs = Number.NaN;
try {
  // Warm-up: load the modules and prepare statements the first write and read need.
  await (await post({ thread_id: 'warm-up', messages: messages(-1).slice(0, 20) })).text();
  const quiet = poller(`${url}/health`);
  await sleep(2000);
  idle = (await quiet.stop()).map((p) => p.ms).sort((a, b) => a - b);
  for (let run = 0; run < RUNS; run++) {
    const body = JSON.stringify({ thread_id: `bulk-${run}`, messages: messages(run) });
    const polling = poller(`${url}/health`);
    await sleep(300);
    const postStart = performance.now();
    const response = await post(JSON.parse(body));
    const answer = (await response.json()) as { applied?: number };
    const postEnd = performance.now();
    await sleep(AFTER_MS);
    const polls = await polling.stop();
    const during = within(polls, postStart, postEnd);
    // Polls started after the answer: the one that spanned it counted above.
    const after = within(
      polls.filter((p) => p.started >= postEnd),
      postEnd,
      postEnd + AFTER_MS,
    );
    rows.push({
      run,
      post_ms: Math.round(postEnd - postStart),
      post_status: response.status,
      applied: answer.applied ?? 0,
      polls: during.n,
      failed_polls: during.failed + after.failed,
      health_p50_ms: Number(percentile(during.ms, 50).toFixed(1)),
      health_p95_ms: Number(percentile(during.ms, 95).toFixed(1)),
      health_max_ms: Number((during.ms.at(-1) ?? Number.NaN).toFixed(1)),
      after_max_ms: Number((after.ms.at(-1) ?? Number.NaN).toFixed(1)),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  // The same POST with nobody polling: what the write itself costs.
  const alone = performance.now();
  await (await post({ thread_id: 'bulk-alone', messages: messages(RUNS) })).text();
  aloneMs = Math.round(performance.now() - alone);
  console.log(JSON.stringify({ alone_post_ms: aloneMs }));
} finally {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
}

const idleRow = {
  polls: idle.length,
  p50_ms: Number(percentile(idle, 50).toFixed(1)),
  p95_ms: Number(percentile(idle, 95).toFixed(1)),
  max_ms: Number((idle.at(-1) ?? Number.NaN).toFixed(1)),
};
console.log(JSON.stringify({ idle: idleRow }));

const table = rows
  .map(
    (r) =>
      `| ${r.run + 1} | ${r.post_ms.toLocaleString('en-US')} | ${r.post_status} | ${r.applied} | ${r.polls} | ${r.failed_polls} | ${r.health_p50_ms} | ${r.health_p95_ms} | ${r.health_max_ms} | ${r.after_max_ms} |`,
  )
  .join('\n');
const markdown = `## HTTP responsiveness under a large write (\`npx tsx bench/http-stall.ts --write\`)

A real \`verity serve\` (child process, SQLite) on 127.0.0.1 receives one \`POST /api/messages\`
of ${MESSAGES.toLocaleString('en-US')} messages (a new thread each run) while a second client polls
\`GET /health\` back to back. Health latency is over the polls in flight during the POST; idle, before
any large write: p50 ${idleRow.p50_ms} ms, p95 ${idleRow.p95_ms} ms, max ${idleRow.max_ms} ms. The same POST
with nobody polling took ${aloneMs.toLocaleString('en-US')} ms.

| run | POST ms | status | applied | health polls | failed | health p50 ms | p95 ms | max ms | max ms in the ${AFTER_MS / 1000} s after |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}

Machine: ${machine()}; load average at the end ${loadavg()[0]?.toFixed(2)} (other work was running).
`;
if (process.argv.includes('--write')) {
  writeSection(
    'http-stall',
    { messages: MESSAGES, idle: idleRow, alone_post_ms: aloneMs, rows },
    markdown,
  );
}
console.log(markdown);
