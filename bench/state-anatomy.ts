// Where failing probes are lost, in aggregate (issue #10, goal 1 of the s11 language task). Run:
// npx tsx bench/state-anatomy.ts [tuning,reworded,perturbed,heldout,file:<path>] [--detail]
// Each probe runs as bench/state.bench.ts runs it (a fresh engine, the messages up to asked_at,
// the clock at asked_at); every failing probe is then put in exactly one stage, read from the
// engine's own ledger (the observations it recorded) and history (what it committed), and only
// counts are printed. `--detail` prints one line per failing probe for tuning, reworded and
// perturbed; the held-out set is never printed per probe (no id, text or value), only counted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/core/index.js';
import { createEngine } from '../src/engine/index.js';
import { judge, LEAN, mapField, type Outcome, observe, recordOf } from './state-probe.js';
import {
  loadScenarios,
  type Message,
  type Probe,
  perturb,
  type Scenario,
} from './state-protocol.js';

const ROOT = join(import.meta.dirname, '..');
const OWN = join(ROOT, 'bench', 'state-scenarios');

/** The stages, mutually exclusive, checked in this order. */
const STAGES = {
  e_replaced: 'expected committed on the slot, later replaced or withdrawn',
  d_reject: 'a different value committed: one the probe rejects',
  d_other: 'a different value committed: not in the reject list',
  c_review: 'expected read on the slot and sent to review',
  b_tentative: 'expected read on the slot, only tentative/weak (never committed)',
  d_uncommitted: 'only other values read on the slot, none committed',
  f_elsewhere: 'expected read, but on another field or entity',
  g_unread: 'the message naming the value is a non-chat source read as nothing',
  a_nothing: 'no observation on the slot at all',
} as const;
type Stage = keyof typeof STAGES;

interface Observed {
  readonly entityId: string;
  readonly field: string;
  readonly value: string | null;
  readonly confidence: number;
  readonly ref: string;
}

interface Anatomy {
  readonly outcome: Outcome;
  readonly stage: Stage | null;
  /** Source kind and role of the message the stage is put down to ('unlocated' when none). */
  readonly source: string;
  readonly role: string;
  /** Ingest rejections of the probe's records: schema, JSON pointer and rule (no values). */
  readonly rejected: readonly string[];
  /** The slot's shape: item segments (a project, a member, an account) written as `*`. */
  readonly shape: string;
  /** For a committed wrong value: what kind of wrong it is; for (a) and (f): what was read. */
  readonly wrong: string | null;
  readonly line: string;
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

/** Whether the text names `value` (a word or phrase; an ISO date as "Mar 22" / "22 March"). */
function mentions(text: string, value: string): boolean {
  const t = text.toLowerCase();
  const v = value.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) {
    const month = MONTHS[Number(iso[2]) - 1] ?? '';
    const day = String(Number(iso[3]));
    const re = new RegExp(
      `\\b${month}[a-z]*\\.? ${day}(?:st|nd|rd|th)?\\b|\\b${day}(?:st|nd|rd|th)? ${month}|${iso[0]}`,
    );
    return re.test(t);
  }
  if (v.length < 3 || v.includes('_') || /^(?:unknown|none|home|yes|no|true|false)$/.test(v))
    return false;
  const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '[ _]');
  return new RegExp(`\\b${escaped}\\b`).test(t);
}

async function runProbe(scenario: Scenario, probe: Probe): Promise<Anatomy> {
  const messages = scenario.messages.filter((m) => m.timestamp <= probe.asked_at);
  const home = mkdtempSync(join(tmpdir(), 'verity-bench-anatomy-'));
  try {
    const engine = await createEngine({
      home: join(home, 'store'),
      clock: fixedClock(Date.parse(probe.asked_at)),
      ...LEAN,
    });
    try {
      const report = await engine.ingest(messages.map((m) => recordOf(scenario, m)));
      const rejected = report.rejections.flatMap((r) =>
        r.issues.map((i) => `${r.schema} ${i.path || '/'} (${i.rule})`),
      );
      const view = (await engine.getEntity(scenario.entity.id)) as unknown as Parameters<
        typeof observe
      >[0];
      const { value, field } = observe(view, probe.slot);
      const outcome = judge(probe, value);
      if (outcome === 'pass')
        return {
          outcome,
          stage: null,
          source: '-',
          role: '-',
          shape: '',
          wrong: null,
          rejected,
          line: '',
        };
      const events = await engine.readLedger(0, 100_000);
      const observed: Observed[] = events
        .filter((e) => e.type === 'observation.recorded')
        .map((e) => {
          const p = e.payload as {
            source?: { ref?: string };
            entity_id?: string;
            field?: string;
            candidate_value?: unknown;
            extraction_confidence?: unknown;
          };
          const source = p.source ?? {};
          return {
            entityId: String(p.entity_id),
            field: String(p.field),
            value: typeof p.candidate_value === 'string' ? p.candidate_value : null,
            confidence: typeof p.extraction_confidence === 'number' ? p.extraction_confidence : 1,
            ref: source.ref ?? '',
          };
        });
      const onSlot = observed.filter(
        (o) => o.entityId === scenario.entity.id && mapField(probe.slot, [o.field]) !== null,
      );
      const right = (o: Observed) => o.value !== null && judge(probe, o.value) === 'pass';
      const history = field === null ? [] : await engine.history(scenario.entity.id, field);
      const committedRight = history.some(
        (h) => h.committedAfter !== null && judge(probe, h.committedAfter) === 'pass',
      );
      const stage = classify(
        probe,
        value,
        outcome,
        onSlot,
        observed,
        right,
        committedRight,
        messages,
      );
      const carrier = carrierOf(stage, probe, onSlot, observed, right, messages);
      return {
        outcome,
        stage,
        source: carrier?.source ?? 'unlocated',
        role: carrier?.role ?? 'unlocated',
        shape: shapeOf(probe.slot),
        rejected,
        wrong: kindOf(stage, probe, value, onSlot, observed, right, scenario.entity.id),
        line: `${probe.probe_id} ${probe.slot}: expected ${probe.expected}, got ${value}; read ${onSlot.map((o) => `${o.value}@${o.confidence.toFixed(2)}`).join(', ') || '-'}; elsewhere ${
          observed
            .filter((o) => !onSlot.includes(o) && right(o))
            .map((o) => `${o.entityId}/${o.field}`)
            .join(', ') || '-'
        }`,
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function classify(
  probe: Probe,
  value: string,
  outcome: Outcome,
  onSlot: readonly Observed[],
  observed: readonly Observed[],
  right: (o: Observed) => boolean,
  committedRight: boolean,
  messages: readonly Message[],
): Stage {
  const committed = value !== 'unknown' && value !== 'needs_confirmation';
  if (committedRight && probe.expected !== 'unknown' && probe.expected !== 'none')
    return 'e_replaced';
  if (committed) return outcome === 'reject' ? 'd_reject' : 'd_other';
  if (onSlot.some(right) || (value === 'needs_confirmation' && onSlot.length > 0)) {
    return value === 'needs_confirmation' ? 'c_review' : 'b_tentative';
  }
  if (onSlot.length > 0) return 'd_uncommitted';
  if (observed.some(right)) return 'f_elsewhere';
  const naming = messages.filter((m) =>
    [probe.expected, ...probe.accept].some((v) => mentions(m.content, v)),
  );
  if (naming.length > 0 && naming.every((m) => m.source !== 'chat' && !readFrom(observed, m)))
    return 'g_unread';
  return 'a_nothing';
}

function readFrom(observed: readonly Observed[], m: Message): boolean {
  return observed.some(
    // Exact ends only: a plain substring test took `…/m1` for a ref to `…/m10`–`m19`.
    (o) => o.ref.endsWith(`:msg:${m.message_id}`) || o.ref.endsWith(m.message_id),
  );
}

/** The message a failure is put down to: the one read on the slot, else one naming the value. */
function carrierOf(
  stage: Stage,
  probe: Probe,
  onSlot: readonly Observed[],
  observed: readonly Observed[],
  right: (o: Observed) => boolean,
  messages: readonly Message[],
): Message | undefined {
  const byRef = (o: Observed | undefined) =>
    o === undefined ? undefined : messages.find((m) => readFrom([o], m));
  const rightOnSlot = onSlot.filter(right);
  if (rightOnSlot.length > 0) return byRef(rightOnSlot.at(-1));
  if (stage === 'f_elsewhere') return byRef(observed.filter(right).at(-1));
  if (stage.startsWith('d_') && onSlot.length > 0) return byRef(onSlot.at(-1));
  return messages.findLast((m) =>
    [probe.expected, ...probe.accept].some((v) => mentions(m.content, v)),
  );
}

function shapeOf(slot: string): string {
  const parts = slot.split('.');
  if (parts.length < 3) return slot;
  if (parts[1] === 'preference' || parts[1] === 'schedule') return `${parts[0]}.${parts[1]}.*`;
  return [parts[0], '*', ...parts.slice(2)].join('.');
}

/**
 * A wrong committed value, by kind: committed where the probe wants nothing; an older value kept
 * because the newer one was never read anywhere; or a value no reading of the newer message gave.
 */
function wrongKind(
  probe: Probe,
  value: string,
  onSlot: readonly Observed[],
  observed: readonly Observed[],
  right: (o: Observed) => boolean,
): string {
  if (['unknown', 'none'].includes(probe.expected.toLowerCase()))
    return 'committed where nothing should be';
  const last = onSlot.filter((o) => o.value !== null).at(-1);
  if (observed.some(right)) return 'expected read somewhere, another value won';
  if (last !== undefined && last.value?.toLowerCase() !== value.toLowerCase())
    return 'a later reading on the slot did not win';
  return onSlot.filter((o) => o.value?.toLowerCase() === value.toLowerCase()).length > 0 &&
    onSlot.some((o) => o.value?.toLowerCase() !== value.toLowerCase())
    ? 'older value kept, the update read as another value'
    : 'the only value read is wrong (update never read)';
}

function kindOf(
  stage: Stage,
  probe: Probe,
  value: string,
  onSlot: readonly Observed[],
  observed: readonly Observed[],
  right: (o: Observed) => boolean,
  entityId: string,
): string | null {
  if (stage === 'd_reject' || stage === 'd_other')
    return wrongKind(probe, value, onSlot, observed, right);
  const domain = probe.slot.split('.')[0] ?? '';
  if (stage === 'a_nothing') {
    if (observed.length === 0) return 'nothing read from any message';
    return observed.some((o) => o.field.startsWith(`${domain}.`))
      ? 'the domain read, other fields'
      : 'only other domains read';
  }
  if (stage === 'f_elsewhere') {
    const hit = observed.filter(right).at(-1);
    if (hit === undefined) return null;
    const where = hit.entityId === entityId ? 'same entity' : 'another entity';
    return `${where}, ${shapeOf(hit.field)}`;
  }
  return null;
}

function table(title: string, counts: Map<string, number>, total: number): string[] {
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [
    `${title} (${total} failing)`,
    ...rows.map(([k, n]) => `  ${String(n).padStart(4)}  ${k}`),
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const detail = args.includes('--detail');
  const sets = (args.find((a) => !a.startsWith('--')) ?? 'tuning,reworded,perturbed,heldout').split(
    ',',
  );
  const dev = () => loadScenarios(join(ROOT, '..', 'shared', 'bench', 'state-scenarios-dev.jsonl'));
  const sources: Record<string, () => Scenario[]> = {
    tuning: () => loadScenarios(join(OWN, 'tuning.jsonl')),
    reworded: () => loadScenarios(join(OWN, 'reworded.jsonl')),
    perturbed: () => [...dev(), ...loadScenarios(join(OWN, 'tuning.jsonl'))].map((s) => perturb(s)),
    heldout: () => loadScenarios(join(OWN, 'heldout.jsonl')),
  };
  for (const set of sets) {
    // "file:<path>": any scenario file in the README format (a guard set written for a change).
    const load = set.startsWith('file:') ? () => loadScenarios(set.slice(5)) : sources[set];
    if (load === undefined) throw new Error(`unknown set ${set}`);
    const held = set === 'heldout';
    const stages = new Map<string, number>();
    const bySource = new Map<string, number>();
    const byRole = new Map<string, number>();
    const byShape = new Map<string, number>();
    const byWrong = new Map<string, number>();
    const rejections = new Map<string, number>();
    const byShapeKind = new Map<string, number>();
    let total = 0;
    let failing = 0;
    const lines: string[] = [];
    for (const scenario of load()) {
      for (const probe of scenario.probes) {
        total += 1;
        const a = await runProbe(scenario, probe);
        for (const r of a.rejected) rejections.set(r, (rejections.get(r) ?? 0) + 1);
        if (a.stage === null) continue;
        failing += 1;
        const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
        add(stages, `${a.stage}  ${STAGES[a.stage]}`);
        add(bySource, `${a.stage} × ${a.source}`);
        add(byRole, `${a.stage} × ${a.role}`);
        add(byShape, `${a.stage} × ${a.shape}`);
        if (a.wrong !== null) add(byWrong, `${a.stage} × ${a.wrong}`);
        if (a.wrong !== null) add(byShapeKind, `${a.stage} × ${a.shape} × ${a.wrong}`);
        if (detail && !held) lines.push(`  [${a.stage}] ${a.line}`);
      }
    }
    console.log(`\n## ${set}: ${total - failing}/${total} pass`);
    for (const l of [
      ...table('stage', stages, failing),
      ...table('stage × source kind of the message', bySource, failing),
      ...table('stage × role of the message', byRole, failing),
      // Slot shapes keep item names from the text: the held-out set is counted by stage only.
      ...(held ? [] : table('stage × slot shape', byShape, failing)),
      ...(held ? [] : table('stage × slot shape × kind', byShapeKind, failing)),
      ...table('ingest rejections (all probes, per issue)', rejections, failing),
      ...(held
        ? []
        : table('stage × kind (wrong values; what (a) and (f) read)', byWrong, failing)),
    ])
      console.log(l);
    if (lines.length > 0) console.log(lines.sort().join('\n'));
  }
}

await main();
