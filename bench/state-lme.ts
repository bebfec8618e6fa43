// LongMemEval haystacks as one user's chat with an assistant (issue #10 §5/§6 on a second corpus):
// each of the 88 dev haystacks goes into a fresh engine (rules extraction, no embedder), every turn
// in order with its real role (the user's as the user's chat, the assistant's as the assistant's)
// and the clock pinned to its session date. The haystacks are split in two by a hash of the
// question id (bench/state-lme-core.ts), fixed before any text was read: half A is for reading and
// fixing, half B is held out. Reports per half what was committed, per 1,000 user messages,
// tentative readings and prompts, by domain and slot, and precision over hand labels.
//
//   npm run bench:state-lme                          # measure, write the BENCHMARKS section
//   npm run bench:state-lme -- --half A              # one half only (not written to the document)
//   npm run bench:state-lme -- --drafts DIR [--suffix 2]
//        # also write DIR/commits-A.jsonl and commits-B.jsonl (commits without a label only when
//        # --unlabelled is given) for labellers; nothing of them is printed, only counts
//   npm run bench:state-lme -- --import-labels F --second-labels G --round N
//
// LongMemEval is MIT-licensed; still, nothing written into the repository quotes it: labels and
// results name a commit by ids, slot path and value hash.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJsonl } from './locomo.js';
import { LME_DIR, type LmeMessage, lmeAvailable } from './longmemeval.js';
import { machine, writeSection } from './report.js';
import { clip, type Half, halfOf, toChatMessage } from './state-lme-core.js';
import {
  agreement,
  countBy,
  labelKey,
  observedKey,
  perThousand,
  type StoredLabel,
  scorePrecision,
  seededSample,
  toStoredLabels,
  totals,
  valueHash,
} from './state-locomo-core.js';
import { type ConversationRun, type Observed, runChat } from './state-locomo-run.js';

const ROOT = join(import.meta.dirname, '..');
const LABELS = join(ROOT, 'bench', 'state-lme-labels.json');
const SAMPLE_SIZE = 200;
const SAMPLE_SEED = 20261127;
const HALVES: readonly Half[] = ['A', 'B'];
/** Throw-away stores on a memory-backed directory when there is one (only the time changes). */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** A stored label with the round it was given in. */
interface RoundLabel extends StoredLabel {
  readonly round: number;
}

/** One labelling round: the rules it labelled, per half, and the second labeller's agreement. */
interface Round {
  readonly round: number;
  readonly extractor: string;
  readonly halves: Record<
    string,
    {
      readonly labelled: number;
      readonly correct: number;
      readonly second: {
        readonly compared: number;
        readonly agreed: number;
        readonly correct: number;
      };
    }
  >;
}

interface LabelFile {
  readonly rounds: readonly Round[];
  /** The first labeller's verdicts (the ones scored); a commit labelled again takes the newest. */
  readonly labels: readonly RoundLabel[];
  /** The second, independent labeller's verdicts on the same commits (for agreement only). */
  readonly second_labels: readonly RoundLabel[];
}

function readLabels(): LabelFile {
  if (!existsSync(LABELS)) return { rounds: [], labels: [], second_labels: [] };
  return JSON.parse(readFileSync(LABELS, 'utf8')) as LabelFile;
}

interface HalfRun {
  readonly half: Half;
  readonly runs: readonly ConversationRun[];
  readonly user: number;
  readonly assistant: number;
  readonly seconds: number;
}

async function runHalf(
  half: Half,
  messages: readonly LmeMessage[],
  only?: string,
): Promise<HalfRun> {
  const started = performance.now();
  const ids = [...new Set(messages.map((m) => m.conversation_id))]
    .filter((id) => halfOf(id) === half && (only === undefined || id.endsWith(only)))
    .sort();
  const runs: ConversationRun[] = [];
  let user = 0;
  let assistant = 0;
  for (const id of ids) {
    const turns = messages.filter((m) => m.conversation_id === id);
    user += turns.filter((m) => m.role === 'user').length;
    assistant += turns.filter((m) => m.role === 'assistant').length;
    const run = await runChat(id, turns.map(toChatMessage), SCRATCH);
    runs.push(run);
    const c = totals(run.observed);
    // Counts only: the held-out half's text and commits are never printed.
    console.log(
      `${half} ${id}: ${run.messages} messages, ${c.committed} committed, ${c.tentative} tentative, ${run.prompts} prompts (${run.seconds.toFixed(1)} s)`,
    );
  }
  return { half, runs, user, assistant, seconds: (performance.now() - started) / 1000 };
}

const committedOf = (h: HalfRun) =>
  h.runs.flatMap((r) => r.observed.filter((o) => o.outcome === 'committed'));

/**
 * The labellers' file for one half: every commit (or a seeded sample of 200), with the message,
 * the turn before it and what the rules read. Written without echoing anything of it.
 */
function writeDrafts(
  dir: string,
  h: HalfRun,
  byId: ReadonlyMap<string, { m: LmeMessage; prev: LmeMessage | undefined }>,
  name: string,
  keep: (c: Observed) => boolean,
): number {
  const sample = seededSample(committedOf(h).filter(keep), SAMPLE_SIZE, SAMPLE_SEED, observedKey);
  const lines = sample.map((c) => {
    const at = byId.get(c.message_id);
    const prev = at?.prev;
    return JSON.stringify({
      conv_id: c.conv_id,
      message_id: c.message_id,
      message_date: c.at,
      role: c.role,
      text: at?.m.content.trim() ?? '',
      previous:
        prev !== undefined && prev.session_id === at?.m.session_id
          ? { role: prev.role, text: clip(prev.content.trim(), 1200) }
          : null,
      path: c.path,
      value: c.value,
      value_hash: valueHash(c.value),
      evidence: c.evidence,
      extraction_confidence: c.extraction_confidence,
      resolver_confidence: c.confidence,
      span: c.span,
    });
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  return sample.length;
}

/** Reads a labeller's jsonl into stored labels (keys, label, one-word reason; notes dropped). */
function readLabeller(file: string): StoredLabel[] {
  return toStoredLabels(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown),
  );
}

/** Keeps both labellers' verdicts (keys only) in the repository as round `round`. */
function importLabels(first: string, second: string, round: number, halves: readonly HalfRun[]) {
  const fresh = readLabeller(first).map((l) => ({ ...l, round }));
  const other = readLabeller(second).map((l) => ({ ...l, round }));
  const before = readLabels();
  const merge = (old: readonly RoundLabel[], add: readonly RoundLabel[]) => {
    const byKey = new Map(old.map((l) => [labelKey(l), l]));
    for (const l of add) byKey.set(labelKey(l), l);
    return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, l]) => l);
  };
  const halfOfLabel = (l: StoredLabel) => halfOf(l.conv_id);
  const perHalf: Round['halves'] = {};
  for (const h of halves) {
    const mine = fresh.filter((l) => halfOfLabel(l) === h.half);
    const theirs = other.filter((l) => halfOfLabel(l) === h.half);
    if (mine.length === 0) continue; // a round may label one half only
    perHalf[h.half] = {
      labelled: mine.length,
      correct: mine.filter((l) => l.label === 'correct').length,
      second: {
        ...agreement(mine, theirs),
        correct: theirs.filter((l) => l.label === 'correct').length,
      },
    };
  }
  const extractor = [
    ...new Set(halves.flatMap((h) => h.runs.flatMap((r) => r.observed.map((o) => o.extractor)))),
  ]
    .sort()
    .join(', ');
  const body: LabelFile = {
    rounds: [
      ...before.rounds.filter((r) => r.round !== round),
      { round, extractor, halves: perHalf },
    ],
    labels: merge(before.labels, fresh),
    second_labels: merge(before.second_labels, other),
  };
  writeFileSync(LABELS, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`kept ${fresh.length} + ${other.length} labels of round ${round} in ${LABELS}`);
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const k = (n: number, d: number) => perThousand(n, d).toFixed(1);

/** The figures of one half. */
function summarise(h: HalfRun, labels: readonly StoredLabel[]) {
  const observed = h.runs.flatMap((r) => r.observed);
  const prompts = h.runs.reduce((s, r) => s + r.prompts, 0);
  return {
    half: h.half,
    haystacks: h.runs.length,
    messages: h.user + h.assistant,
    user_messages: h.user,
    assistant_messages: h.assistant,
    seconds: h.seconds,
    ...totals(observed),
    committed_per_1000_user: perThousand(totals(observed).committed, h.user),
    committed_from_assistant: observed.filter(
      (o) => o.outcome === 'committed' && o.role === 'assistant',
    ).length,
    committed_agreeing: observed.filter((o) => o.outcome === 'committed' && o.agrees).length,
    // A commit that agreed with the value already committed changes no state (a reinforcement
    // the ingest report still counts): precision without them is shown beside.
    precision_value_setting: scorePrecision(
      observed.filter((o) => !o.agrees),
      labels,
    ),
    review_prompts: prompts,
    precision: scorePrecision(observed, labels),
    by_domain: countBy(observed, (o) => o.path.split('.')[0] ?? ''),
    // Slot paths carry words of the text they were read from (an item or a person's name): the
    // held-out half publishes its counts by domain only, so no one can tune against its misses.
    ...(h.half === 'B'
      ? {}
      : {
          by_slot: countBy(observed, (o) => o.path),
          commits_by_slot_and_evidence: countBy(
            observed.filter((o) => o.outcome === 'committed'),
            (o) => `${o.role} ${o.path} ${o.evidence ?? 'unknown'}`,
          ),
        }),
  };
}

function roundLines(rounds: readonly Round[]): string[] {
  return rounds.map((r) => {
    const parts = Object.entries(r.halves).map(
      ([half, x]) =>
        `half ${half} ${x.correct} of ${x.labelled} correct (${pct(x.labelled === 0 ? null : x.correct / x.labelled)}; second labeller ${x.second.correct} of ${x.second.compared}, agreed on ${x.second.agreed} of ${x.second.compared})`,
    );
    const seen =
      r.round === 1
        ? 'the rules had never been run on this data: both halves are unseen (the headline).'
        : 'half A is not held out any more (the rules were changed after reading its false commits); half B is still held out (its text and commits were never read by whoever changed the rules).';
    return `- Labelling round ${r.round} (${r.extractor}): ${parts.join('; ')}; ${seen}`;
  });
}

function markdown(halves: readonly HalfRun[], file: LabelFile) {
  const rows = halves.map((h) => {
    const s = summarise(h, file.labels);
    const p = s.precision;
    const v = s.precision_value_setting;
    return `| ${h.half}${h.half === 'B' ? ' (held out)' : ''} | ${s.haystacks} | ${s.user_messages} / ${s.assistant_messages} | ${s.committed} | ${k(s.committed, s.user_messages)} | ${s.committed_from_assistant} | ${s.committed_agreeing} | ${s.tentative} | ${s.review_prompts} | ${p.labelled} (${p.correct} correct) | ${p.unlabelled} | ${pct(p.precision)} | ${pct(v.precision)} of ${v.labelled} | ${s.seconds.toFixed(0)} s |`;
  });
  const slotRows = halves.flatMap((h) =>
    Object.entries(summarise(h, file.labels).by_slot ?? {}).map(
      ([path, c]) => `| ${h.half} | ${path} | ${c.committed} | ${c.tentative} | ${c.asked} |`,
    ),
  );
  const domainRows = halves.flatMap((h) => {
    const s = summarise(h, file.labels);
    return Object.entries(s.by_domain).map(
      ([d, c]) =>
        `| ${h.half} | ${d} | ${c.committed} | ${k(c.committed, s.user_messages)} | ${c.tentative} | ${c.asked} |`,
    );
  });
  const extractors = [
    ...new Set(halves.flatMap((h) => h.runs.flatMap((r) => r.observed.map((o) => o.extractor)))),
  ]
    .sort()
    .join(', ');
  return [
    "## State precision on LongMemEval as one user's chat (`npm run bench:state-lme`)",
    '',
    `Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}. Extractor: ${extractors || '–'}.`,
    `Run time: half A ${halves.find((h) => h.half === 'A')?.seconds.toFixed(0) ?? '–'} s, half B ${halves.find((h) => h.half === 'B')?.seconds.toFixed(0) ?? '–'} s (each half its own process, the two run side by side on a machine shared with other jobs).`,
    '',
    'The 88 LongMemEval-S dev haystacks (MIT; Wu et al., ICLR 2025; read in place from',
    '`../shared/bench/longmemeval_s_dev/`), each into a fresh engine with rules extraction and no',
    "embedder: every turn in order with its real role (the user's turns as the user's own chat, the",
    "assistant's as the assistant's), the clock pinned to the session date. Split before any text was",
    'read: sha256(question id), first byte even → half A (read and fixed against), odd → half B (held',
    'out). "Committed" = auto-committed; "tentative" = recorded below the commit band; prompts = ask-user',
    'decisions; "agreeing" = commits that only agreed with the value already committed (a reinforcement',
    'the ingest report counts as an auto-commit; it changes no state). Precision is the first',
    "labeller's verdicts over labelled commits (all commits, or a seeded sample of 200 per half;",
    '`bench/state-lme-labels.json`, keyed by ids, slot path and value hash; ADR',
    '2026-11-27-state-precision-on-longmemeval); a commit without a label is unlabelled, never guessed.',
    '',
    ...roundLines(file.rounds),
    '',
    `The table below is at ${extractors || '–'}, scored with every round's labels. Rules changed after a`,
    "round was read make half A's figure no longer held out; half B's stays held out, and its",
    'unlabelled commits are what the next labelling round must cover.',
    '',
    '| half | haystacks | messages (user / assistant) | committed | per 1,000 user messages | from assistant turns | agreeing | tentative | review prompts | labelled | unlabelled | precision | precision, value-setting commits | time |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    '| half | domain | committed | per 1,000 user messages | tentative | asked |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...domainRows,
    '',
    'Per slot, half A only (the held-out half is counted by domain above):',
    '',
    '| half | slot | committed | tentative | asked |',
    '| --- | --- | ---: | ---: | ---: |',
    ...slotRows,
  ].join('\n');
}

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  if (!lmeAvailable()) {
    console.log('LongMemEval dev set not found at ../shared/bench/longmemeval_s_dev: skipped.');
    return;
  }
  const messages = readJsonl<LmeMessage>(LME_DIR, 'sessions.jsonl');
  const only = arg('--only');
  const halfArg = arg('--half') as Half | undefined;
  const halves: HalfRun[] = [];
  // --save DIR keeps each half's run (outside the repository: spans quote the data) and --load DIR
  // reads it back, so the halves can run as two processes and the document be written from both.
  const save = arg('--save');
  const load = arg('--load');
  for (const half of HALVES.filter((x) => halfArg === undefined || x === halfArg)) {
    const file = (dir: string) => join(dir, `run-${half}.json`);
    const run =
      load !== undefined
        ? (JSON.parse(readFileSync(file(load), 'utf8')) as HalfRun)
        : await runHalf(half, messages, only);
    if (save !== undefined) {
      mkdirSync(save, { recursive: true });
      writeFileSync(file(save), JSON.stringify(run));
    }
    halves.push(run);
  }
  const first = arg('--import-labels');
  const second = arg('--second-labels');
  if (first !== undefined && second !== undefined) {
    importLabels(first, second, Number(arg('--round') ?? '1'), halves);
  }
  const file = readLabels();
  const drafts = arg('--drafts');
  if (drafts !== undefined) {
    const byId = new Map(messages.map((m, i) => [m.message_id, { m, prev: messages[i - 1] }]));
    const labelled = new Set(file.labels.map(labelKey));
    const unlabelledOnly = process.argv.includes('--unlabelled');
    const suffix = arg('--suffix') ?? '';
    for (const h of halves) {
      const n = writeDrafts(
        drafts,
        h,
        byId,
        `commits-${h.half}${suffix}.jsonl`,
        (c) => !unlabelledOnly || !labelled.has(observedKey(c)),
      );
      console.log(
        `half ${h.half}: wrote ${n} commits for labelling to ${join(drafts, `commits-${h.half}${suffix}.jsonl`)}`,
      );
    }
  }
  const text = markdown(halves, file);
  console.log(text);
  if (only !== undefined || halfArg !== undefined) return; // partial runs are for looking only
  writeSection(
    'state-lme',
    {
      extractor: [
        ...new Set(
          halves.flatMap((h) => h.runs.flatMap((r) => r.observed.map((o) => o.extractor))),
        ),
      ].sort(),
      seconds: halves.reduce((sum, h) => sum + h.seconds, 0),
      split: 'sha256(question_id) first byte even = A, odd = B (held out)',
      sample: { size: SAMPLE_SIZE, seed: SAMPLE_SEED },
      rounds: file.rounds,
      halves: halves.map((h) => summarise(h, file.labels)),
    },
    text,
  );
}

await main();
