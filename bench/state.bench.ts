// State consistency on ../shared/bench/state-scenarios-dev.jsonl, through the CLI as users run it.
// Run: npm run bench:state [-- --in-process] [-- --only devNN]. Writes the "state" section of
// docs/BENCHMARKS.md. The scenarios are a development set: they guide, they are not the test.
//
// Protocol (the scenario README): for each probe, a fresh home; the messages with timestamp <=
// asked_at are ingested in delivery order with the clock pinned to asked_at (`--now`), without
// the annotators' intent labels; then `verity state get ENTITY --json` is read. A diagnostic
// "live" protocol ingests each message at its own time instead (the clock never goes back).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/core/index.js';
import { createEngine } from '../src/engine/index.js';
import { machine, writeSection } from './report.js';

const ROOT = join(import.meta.dirname, '..');
const DATA = join(ROOT, '..', 'shared', 'bench', 'state-scenarios-dev.jsonl');

interface Message {
  readonly message_id: string;
  readonly timestamp: string;
  readonly source: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly note_title?: string;
}

interface Probe {
  readonly probe_id: string;
  readonly asked_at: string;
  readonly slot: string;
  readonly expected: string;
  readonly accept: readonly string[];
  readonly reject: readonly string[];
}

interface Scenario {
  readonly scenario_id: string;
  readonly domain: string;
  readonly title: string;
  readonly entity: { readonly id: string };
  readonly tags: readonly string[];
  readonly messages: readonly Message[];
  readonly probes: readonly Probe[];
}

interface FieldState {
  readonly value: string | null;
  readonly status: string;
  readonly pending: { readonly value: string | null } | null;
}

interface EntityState {
  readonly state: Readonly<Record<string, FieldState>>;
  readonly pending: readonly { readonly field: string }[];
}

interface ProbeResult {
  readonly probe_id: string;
  readonly scenario_id: string;
  readonly slot: string;
  readonly expected: string;
  readonly observed: string;
  readonly mapped_field: string | null;
  readonly outcome: 'pass' | 'reject' | 'unmatched';
}

/** One way of running the scenarios. */
interface RunConfig {
  readonly label: string;
  readonly protocol: 'readme' | 'live';
  /**
   * `ask` writes `uncontested: ask` to the home's config.json, the pre-ADR behaviour kept for
   * comparison; `default` uses the shipped policy (ADR 2026-11-25-uncontested-evidence).
   */
  readonly policy: 'default' | 'ask';
  /** Through `engine` in this process instead of one `verity` child process per command. */
  readonly inProcess: boolean;
}

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const noWrite = args.includes('--no-write') || only !== undefined;
const policies = (
  args.includes('--policies') ? (args[args.indexOf('--policies') + 1] ?? '') : 'default,ask'
)
  .split(',')
  .filter((p): p is 'default' | 'ask' => p === 'default' || p === 'ask');
const forceInProcess = args.includes('--in-process');

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** One ingest line per message; a note is a note record, everything else a message record. */
function recordOf(scenario: Scenario, m: Message): Record<string, unknown> {
  if (m.source === 'note') {
    return {
      type: 'note',
      path: `notes/${slugify(m.note_title ?? m.message_id)}.md`,
      title: m.note_title ?? m.message_id,
      content: m.content,
      updated_at: m.timestamp,
      entity_id: scenario.entity.id,
    };
  }
  return {
    type: 'message',
    thread_id: scenario.scenario_id,
    message_id: m.message_id,
    role: m.role,
    content: m.content,
    created_at: m.timestamp,
    entity_id: scenario.entity.id,
    source: m.source,
  };
}

function runCli(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src/interfaces/cli/main.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, VERITY_HOME: '', VERITY_NOW: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Ingest batches: one at asked_at (README), or one per message at its own time (live). */
function batches(
  messages: readonly Message[],
  askedAt: string,
  protocol: RunConfig['protocol'],
): { now: string; lines: Message[] }[] {
  if (protocol === 'readme') return [{ now: askedAt, lines: [...messages] }];
  let clock = '';
  return messages.map((m) => {
    if (m.timestamp > clock) clock = m.timestamp;
    return { now: clock, lines: [m] };
  });
}

async function stateAt(scenario: Scenario, probe: Probe, config: RunConfig): Promise<EntityState> {
  const { inProcess } = config;
  const asks = config.policy === 'ask';
  const messages = scenario.messages.filter((m) => m.timestamp <= probe.asked_at);
  const home = mkdtempSync(join(tmpdir(), 'verity-bench-state-'));
  try {
    const plan = batches(messages, probe.asked_at, config.protocol);
    const store = join(home, 'store');
    mkdirSync(store, { recursive: true });
    if (asks) writeFileSync(join(store, 'config.json'), '{"uncontested":"ask"}\n');
    const policy = asks ? { policy: { commitUncontested: false } } : {};
    if (inProcess) {
      for (const batch of plan) {
        const engine = await createEngine({
          home: store,
          clock: fixedClock(Date.parse(batch.now)),
          ...policy,
        });
        await engine.ingest(batch.lines.map((m) => recordOf(scenario, m)));
        await engine.close();
      }
      const engine = await createEngine({
        home: store,
        clock: fixedClock(Date.parse(probe.asked_at)),
        ...policy,
      });
      const view = (await engine.getEntity(scenario.entity.id)) as unknown as EntityState;
      await engine.close();
      return view;
    }
    for (const [index, batch] of plan.entries()) {
      const file = join(home, `in-${index}.jsonl`);
      writeFileSync(
        file,
        `${batch.lines.map((m) => JSON.stringify(recordOf(scenario, m))).join('\n')}\n`,
      );
      const result = await runCli([
        '--home',
        join(home, 'store'),
        '--now',
        batch.now,
        'ingest',
        file,
      ]);
      if (result.code !== 0) throw new Error(`ingest failed (${result.code}): ${result.stderr}`);
    }
    const read = await runCli([
      '--home',
      join(home, 'store'),
      '--now',
      probe.asked_at,
      'state',
      'get',
      scenario.entity.id,
      '--json',
    ]);
    if (read.code !== 0) throw new Error(`state get failed (${read.code}): ${read.stderr}`);
    return JSON.parse(read.stdout) as EntityState;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * Maps a probe's canonical slot to the engine's field generically: the same path, else the one
 * field of the same shape that differs from it in one path segment (the item: a project, an
 * account, a schedule event) whose words contain the probe's or the reverse; among several, the
 * one whose words contain all of the probe's.
 */
function mapField(slot: string, fields: readonly string[]): string | null {
  if (fields.includes(slot)) return slot;
  const parts = slot.split('.');
  if (parts.length < 3) return null;
  const scored: { field: string; covers: boolean }[] = [];
  for (const f of fields) {
    const p = f.split('.');
    if (p.length !== parts.length || p[0] !== parts[0]) continue;
    const differing = parts.map((x, i) => (x === p[i] ? -1 : i)).filter((i) => i !== -1);
    if (differing.length !== 1) continue;
    const at = differing[0] ?? 0;
    if (at === 0 || (at === parts.length - 1 && parts[1] !== 'schedule')) continue;
    const words = (parts[at] ?? '').split('_');
    const have = (p[at] ?? '').split('_');
    const covers = words.every((w) => have.includes(w));
    if (covers || have.every((h) => words.includes(h))) scored.push({ field: f, covers });
  }
  if (scored.length === 1) return scored[0]?.field ?? null;
  const covering = scored.filter((x) => x.covers);
  return covering.length === 1 ? (covering[0]?.field ?? null) : null;
}

function observe(view: EntityState, slot: string): { value: string; field: string | null } {
  const fields = [...new Set([...Object.keys(view.state), ...view.pending.map((p) => p.field)])];
  const field = mapField(slot, fields);
  if (field === null) return { value: 'unknown', field: null };
  const state = view.state[field];
  if (state?.pending || view.pending.some((p) => p.field === field)) {
    return { value: 'needs_confirmation', field };
  }
  if (state?.status === 'committed' && state.value !== null) return { value: state.value, field };
  return { value: 'unknown', field };
}

function judge(probe: Probe, observed: string): ProbeResult['outcome'] {
  const norm = (v: string) => v.trim().toLowerCase();
  const o = norm(observed);
  const equivalents = (v: string) => (v === 'unknown' || v === 'none' ? ['unknown', 'none'] : [v]);
  const accepted = [probe.expected, ...probe.accept].map(norm).flatMap(equivalents);
  if (accepted.includes(o)) return 'pass';
  if (probe.reject.map(norm).includes(o)) return 'reject';
  return 'unmatched';
}

function pct(pass: number, total: number): string {
  return total === 0 ? '-' : `${((100 * pass) / total).toFixed(1)} %`;
}

async function runAll(
  scenarios: readonly Scenario[],
  config: RunConfig,
): Promise<{ results: ProbeResult[]; seconds: number }> {
  const started = performance.now();
  const results: ProbeResult[] = [];
  for (const scenario of scenarios) {
    for (const probe of scenario.probes) {
      const view = await stateAt(scenario, probe, config);
      const { value, field } = observe(view, probe.slot);
      const outcome = judge(probe, value);
      results.push({
        probe_id: probe.probe_id,
        scenario_id: scenario.scenario_id,
        slot: probe.slot,
        expected: probe.expected,
        observed: value,
        mapped_field: field,
        outcome,
      });
      if (outcome !== 'pass' || only !== undefined) {
        console.log(
          `[${config.label}] ${outcome === 'pass' ? 'PASS' : outcome === 'reject' ? 'REJECT' : 'MISS'} ${probe.probe_id} ${probe.slot}: expected ${probe.expected}, got ${value}`,
        );
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const pass = results.filter((r) => r.outcome === 'pass').length;
  console.log(
    `[${config.label}] ${pass}/${results.length} probes pass (${pct(pass, results.length)}) in ${seconds.toFixed(1)} s`,
  );
  return { results, seconds };
}

function failing(results: readonly ProbeResult[]): string {
  const failures = results.filter((r) => r.outcome !== 'pass');
  if (failures.length === 0) return 'none';
  return failures
    .map(
      (r) =>
        `\`${r.probe_id.replace(/^dev/, '')}\` ${r.outcome === 'reject' ? 'reject' : 'unmatched'} "${r.observed}"`,
    )
    .join(', ');
}

async function main(): Promise<void> {
  if (!existsSync(DATA)) {
    console.log(`skipped: ${DATA} is missing`);
    return;
  }
  const scenarios = readFileSync(DATA, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Scenario)
    .filter((s) => only === undefined || s.scenario_id.startsWith(only));
  const configs: RunConfig[] = [];
  const nameOf = (policy: 'default' | 'ask') =>
    policy === 'ask' ? '`uncontested: ask` (old default)' : 'default policy';
  for (const policy of policies) {
    configs.push({
      label: `${nameOf(policy)}, README protocol, ${forceInProcess ? 'in process' : 'CLI'}`,
      protocol: 'readme',
      policy,
      inProcess: forceInProcess,
    });
  }
  if (!args.includes('--no-live') && policies.includes('default')) {
    configs.push({
      label: `${nameOf('default')}, live protocol (diagnostic), in process`,
      protocol: 'live',
      policy: 'default',
      inProcess: true,
    });
  }
  const runs: { config: RunConfig; results: ProbeResult[]; seconds: number }[] = [];
  for (const config of configs) runs.push({ config, ...(await runAll(scenarios, config)) });
  if (noWrite) return;
  const primary =
    runs.find((r) => r.config.protocol === 'readme' && r.config.policy === 'default') ?? runs[0];
  if (primary === undefined) return;
  const results = primary.results;
  const pass = results.filter((r) => r.outcome === 'pass').length;

  const group = (key: (s: Scenario) => readonly string[]) => {
    const rows = new Map<string, { pass: number; total: number }>();
    for (const s of scenarios) {
      const mine = results.filter((r) => r.scenario_id === s.scenario_id);
      for (const k of key(s)) {
        const row = rows.get(k) ?? { pass: 0, total: 0 };
        row.pass += mine.filter((r) => r.outcome === 'pass').length;
        row.total += mine.length;
        rows.set(k, row);
      }
    }
    return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  const difficulties = new Set(['easy', 'medium', 'hard']);
  const perScenario = scenarios.map((s) => {
    const cells = runs.map((run) => {
      const mine = run.results.filter((r) => r.scenario_id === s.scenario_id);
      return `${mine.filter((r) => r.outcome === 'pass').length}/${mine.length}`;
    });
    const mine = results.filter((r) => r.scenario_id === s.scenario_id && r.outcome !== 'pass');
    return `| ${s.scenario_id} | ${s.domain} | ${cells.join(' | ')} | ${mine.map((r) => `${r.probe_id.split('/')[1]}: ${r.observed} (expected ${r.expected})`).join('; ')} |`;
  });
  const markdown = [
    '## State consistency (`npm run bench:state`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
    'Data: `../shared/bench/state-scenarios-dev.jsonl`, 30 scenarios and 64 probes — a development set that guided the rules, not a release number.',
    "README protocol (the scenario README): a fresh home per probe; the messages up to `asked_at` ingested in delivery order with `--now` = `asked_at`, without intent labels, through `verity ingest` in a child process; then `verity state get ENTITY --json`. The live protocol ingests each message at its own timestamp instead (the clock never goes back), in process; it is a diagnostic. Extractor: `rules` (the offline default). Slots are mapped generically (same path, else the one field of the same domain and attribute whose item words contain the probe's).",
    '',
    '| configuration | pass | rate | reject hits | unmatched | seconds | failing probes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...runs.map((run) => {
      const ok = run.results.filter((r) => r.outcome === 'pass').length;
      return `| ${run.config.label} | ${ok}/${run.results.length} | ${pct(ok, run.results.length)} | ${run.results.filter((r) => r.outcome === 'reject').length} | ${run.results.filter((r) => r.outcome === 'unmatched').length} | ${run.seconds.toFixed(0)} | ${failing(run.results)} |`;
    }),
    '',
    `**${primary.config.label}: ${pass}/${results.length} (${pct(pass, results.length)}).** Target ≥ 90 %. The old default (\`uncontested: ask\`, measured 32/64 on 2026-11-25; rerun with \`--policies default,ask\`) asked about every uncontested value in the review band (a calendar entry alone scores 0.85, a bank line 0.88, an older chat message decays below 0.90) and let evidence ingested late decay below the bootstrap floor, so its misses read \`needs_confirmation\` or \`unknown\`; see docs/decisions/2026-11-25-uncontested-evidence.md.`,
    '',
    `Breakdown for ${primary.config.label}:`,
    '',
    '| by domain | pass |',
    '| --- | ---: |',
    ...group((s) => [s.domain]).map(
      ([k, v]) => `| ${k} | ${v.pass}/${v.total} (${pct(v.pass, v.total)}) |`,
    ),
    '',
    '| by difficulty | pass |',
    '| --- | ---: |',
    ...group((s) => s.tags.filter((t) => difficulties.has(t))).map(
      ([k, v]) => `| ${k} | ${v.pass}/${v.total} (${pct(v.pass, v.total)}) |`,
    ),
    '',
    '| by tag | pass |',
    '| --- | ---: |',
    ...group((s) => s.tags.filter((t) => !difficulties.has(t))).map(
      ([k, v]) => `| ${k} | ${v.pass}/${v.total} |`,
    ),
    '',
    `| scenario | domain | ${runs.map((r) => r.config.label).join(' | ')} | failing probes (${primary.config.label}) |`,
    `| --- | --- | ${runs.map(() => '---:').join(' | ')} | --- |`,
    ...perScenario,
  ].join('\n');
  writeSection(
    'state',
    {
      runs: runs.map((run) => ({
        ...run.config,
        seconds: run.seconds,
        pass: run.results.filter((r) => r.outcome === 'pass').length,
        total: run.results.length,
        results: run.results,
      })),
    },
    markdown,
  );
}

await main();
