// npm run bench:observe — the session observer and reflector on hand-written sessions with
// hand-labelled durable facts, noise and resolved problems (bench/observe/). Every set is one entry
// of SETS below (its files, how it was written and whether it is still blind); every session goes
// through the real engine: capture → observe → reflect.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGptTokenizer } from '../src/context/index.js';
import { createEngine } from '../src/engine/index.js';
import {
  observeTranscript,
  parseTranscript,
  RULES_VERSION,
  type ScorerModel,
  SHIPPED_SCORER,
} from '../src/observer/index.js';
import {
  type AuthorSet,
  benchJunk,
  has,
  junkOnlyAsReplaced,
  type Label,
  labelledCandidates,
  trainingAuthors,
} from './observe/corpus.js';
import { CHOSEN, modelWithout, SCORER2_SETTING } from './observe/scorer-settings.js';
import { type BenchSession, loadSessions } from './observe/sessions.js';
import { machine, writeSection } from './report.js';

interface Labels {
  readonly tuning: readonly string[];
  readonly held_out: readonly string[];
  readonly sessions: Readonly<Record<string, Label>>;
}
interface FreshLabels {
  readonly fresh: readonly string[];
  readonly sessions: Readonly<Record<string, Label>>;
}

const dir = join(import.meta.dirname, 'observe');
const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as Labels;
const sessions = loadSessions(join(dir, 'sessions.txt'));

/** A set of sessions in the bench: where it lives, and the story of how blind it is. */
interface BenchSet {
  /** Key in bench/results/observe.json. */
  readonly key: string;
  /** Row name in the table. */
  readonly name: string;
  readonly ids: readonly string[];
  readonly pool: readonly BenchSession[];
  readonly labelled: Readonly<Record<string, Label>>;
  /** The paragraph about the set; `{sessions}` and `{durable}` are filled in. */
  readonly about: string;
  /** Whether its unlabelled proposals are listed for the reader. */
  readonly listUnlabelled: boolean;
}

/** A set written by a case writer as `<prefix>-sessions.txt` + `<prefix>-labels.json`. */
function writtenSet(prefix: string, key: string, name: string, about: string): BenchSet {
  const file = JSON.parse(readFileSync(join(dir, `${prefix}-labels.json`), 'utf8')) as FreshLabels;
  return {
    key,
    name,
    ids: file.fresh,
    pool: loadSessions(join(dir, `${prefix}-sessions.txt`)),
    labelled: file.sessions,
    about,
    listUnlabelled: true,
  };
}

/** A written set keyed and named by its prefix, e.g. `blind9 (q01–q14)`. */
const headline = (prefix: string, range: string, about: string): BenchSet =>
  writtenSet(prefix, prefix, `${prefix} (${range})`, about);

// Token figures are counted as the context builder and the reflector count them.
const tokenizer = createGptTokenizer();
const estimateTokens = (text: string) => tokenizer.count(text);

interface HalfResult {
  readonly sessions: number;
  readonly messages: number;
  readonly durable: number;
  readonly recalled: number;
  readonly recall: number;
  readonly proposals: number;
  readonly junk: number;
  readonly junkRate: number;
  /** Of `junk`, proposals junk only for naming a labelled superseded value after "replaced". */
  readonly replacedJunk: number;
  readonly unlabelled: number;
  readonly observationTokens: number;
  readonly proposalTokens: number;
  readonly transcriptTokens: number;
  readonly reflectMsMean: number;
  readonly missed: readonly string[];
  readonly junkExamples: readonly string[];
  readonly unlabelledExamples: readonly string[];
}

async function runHalf(
  ids: readonly string[],
  pool: readonly BenchSession[] = sessions,
  labelled: Readonly<Record<string, Label>> = labels.sessions,
  scorer?: ScorerModel | null,
): Promise<HalfResult> {
  const home = mkdtempSync(join(tmpdir(), 'verity-bench-observe-'));
  let now = 0;
  const engine = await createEngine({
    home,
    clock: { now: () => now },
    extraction: null,
    observer: { workspace: join(home, 'workspace'), ...(scorer === undefined ? {} : { scorer }) },
    embeddings: { model: null },
  });
  let durable = 0;
  let recalled = 0;
  let proposals = 0;
  let junk = 0;
  let replacedJunk = 0;
  let unlabelled = 0;
  let observationTokens = 0;
  let proposalTokens = 0;
  let transcriptTokens = 0;
  let messages = 0;
  const reflectMs: number[] = [];
  const missed: string[] = [];
  const junkExamples: string[] = [];
  const unlabelledExamples: string[] = [];
  try {
    for (const id of ids) {
      const session = pool.find((s) => s.id === id);
      const label = labelled[id];
      if (!session || !label) throw new Error(`missing session or label ${id}`);
      messages += session.messages;
      transcriptTokens += estimateTokens(session.jsonl);
      now = Date.parse(`${session.date}T20:00:00Z`);
      const captured = await engine.observer.capture({
        text: session.jsonl,
        sessionId: id,
        trigger: 'shutdown',
        observe: 'sync',
      });
      if (captured.status !== 'captured')
        throw new Error(`capture of ${id} was ${captured.status}`);
      const parsed = parseTranscript(session.jsonl);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const observed = observeTranscript({
        captureKey: captured.capture_key,
        sessionId: id,
        entries: parsed.value.entries,
        fallbackDate: session.date,
        ...(scorer === undefined ? {} : { scorer }),
      });
      for (const segment of observed.segments) {
        for (const o of segment.observations) observationTokens += estimateTokens(o.text);
      }
      const started = performance.now();
      const reflection = await engine.observer.reflect();
      reflectMs.push(performance.now() - started);
      const texts = reflection.proposals.map((p) => p.text);
      proposalTokens += texts.reduce((sum, t) => sum + estimateTokens(t), 0);
      for (const fact of label.durable) {
        durable += 1;
        if (texts.some((t) => has(t, fact.must))) recalled += 1;
        else missed.push(`${fact.id} (${fact.must.join(' + ')})`);
      }
      for (const text of texts) {
        proposals += 1;
        if (benchJunk(text, label)) {
          junk += 1;
          if (junkOnlyAsReplaced(text, label)) replacedJunk += 1;
          junkExamples.push(`${id}: ${text}`);
        } else if (!label.durable.some((f) => has(text, f.must))) {
          unlabelled += 1;
          unlabelledExamples.push(`${id}: ${text}`);
        }
      }
      // Each session's proposals are reviewed before the next one: approve what the labels call
      // durable, reject the rest, so the next reflection starts from a clean queue.
      for (const p of reflection.proposals) {
        const keep = label.durable.some((f) => has(p.text, f.must));
        await engine.observer.resolveProposal(p.proposal_id, keep ? 'approve' : 'reject');
      }
    }
  } finally {
    await engine.close();
    rmSync(home, { recursive: true, force: true });
  }
  return {
    sessions: ids.length,
    messages,
    durable,
    recalled,
    recall: recalled / durable,
    proposals,
    junk,
    replacedJunk,
    junkRate: proposals === 0 ? 0 : junk / proposals,
    unlabelled,
    observationTokens,
    proposalTokens,
    transcriptTokens,
    reflectMsMean: reflectMs.reduce((a, b) => a + b, 0) / reflectMs.length,
    missed,
    junkExamples,
    unlabelledExamples,
  };
}

const SETS: readonly BenchSet[] = [
  headline(
    'blind30',
    'ac01–ac14',
    `**blind30 (ac01–ac14)**, a headline: \`bench/observe/blind30-sessions.txt\` and
  \`blind30-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-29
  (session 26) by a code-blind writer from the format alone (an example session and its labels),
  told to avoid the themes of earlier sets (all label phrases occur in their sessions, checked by
  the writer's script): seven technical sessions (a ferry departure board in Phoenix LiveView, ESP32
  kiln firmware, DuckDB over fish landings, Ansible for GPU workstations, a Room migration crash on
  Android, Prometheus alerting for a small ISP, a Rails booking app for a climbing gym) and seven of
  life and work admin (a honey show, a house move, physio paperwork after knee surgery, a tailoring
  shop, a Korean course, a family island trip, a cricket club). First run at observer rules@32 +
  scorer@7; no engineer saw it.`,
  ),
  headline(
    'blind29',
    'ab01–ab14',
    `**blind29 (ab01–ab14)**, a headline: \`bench/observe/blind29-sessions.txt\` and
  \`blind29-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-29
  (session 25) by a code-blind writer from the format alone (an example session and its labels),
  told to avoid the themes of earlier sets (all label phrases occur in their sessions, checked by
  the writer's script): seven technical sessions (a weather-station data pipeline, an accessible
  SvelteKit booking app, an Ansible lab setup, an Elixir chat app on Fly.io, a support-ticket
  classifier, an ESP32 hive scale, Gradle CI) and seven of life and work admin (a second-hand
  bookshop, an amateur theatre group, a campervan trip, a father's rehab after surgery, a house
  move, an English exam for a nurse, a guesthouse). First run at observer rules@28 + scorer@7;
  no engineer saw it.`,
  ),
  headline(
    'blind28',
    'aa01–aa14',
    `**blind28 (aa01–aa14)**, a headline: \`bench/observe/blind28-sessions.txt\` and
  \`blind28-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-28
  (session 22) by a code-blind writer from the format alone (an example session and its labels),
  told to avoid the themes of earlier sets (all label phrases occur in their sessions, checked by
  the writer's script): seven technical sessions (slow Postgres queries and a Flyway error, pandas
  running out of memory moved to DuckDB, a slow CI build in an Nx monorepo, a Proxmox server off
  the network, Kafka consumer lag, nginx log rotation, an iOS launch crash) and seven of life and
  work admin (a phone repair shop, a house move, a youth football team, a mother's hospital
  visits, an MSc thesis, a group trip to Morocco, a board game café). First run at rules@25 +
  scorer@7, after the observer changes of session 22 were merged (observe-misses: recall 70/92,
  bench junk 12/103); no engineer saw it, and the lead read totals and four junk lines.`,
  ),
  headline(
    'blind27',
    'q01–q14',
    `**blind27 (q01–q14)**, a headline: \`bench/observe/blind27-sessions.txt\` and
  \`blind27-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-28
  (session 21) by a code-blind writer from the format alone (an example session and its labels),
  told to avoid the themes of blind20–26 (all label phrases occur in their sessions, checked by the
  writer's script): seven technical sessions (a Django ticketing app, restic backups, DuckDB on R2,
  a Kotlin crash, a Hugo site, an ESP32 controller, a ticket classifier) and seven of life and work
  admin (a bike shop, a trip to Morocco, a father's care after surgery, a house move, a pottery
  course, a football club's books, a food-bank rota). First run at rules@22 + scorer@7 before any
  change of session 21 (observe-misses: recall 73/102, junk 16/155); the engineers of session 21
  never saw it, and the lead read totals and stage counts only.`,
  ),
  headline(
    'blind26',
    'p01–p14',
    `**blind26 (p01–p14)**, a headline: \`bench/observe/blind26-sessions.txt\` and
  \`blind26-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-28
  (session 19) by a code-blind writer under the protocol of blind22 (all 235 label phrases occur in
  their sessions). Four of its fourteen topics share a theme with blind24's (dental reminders, a
  Rust CLI release, a wedding in Lagos, a Kubernetes upgrade) but were written by another author
  who never saw blind24. First run at rules@19 + scorer@7 (recall 74/98, bench junk 20/139), before
  any change of session 19; the engineers of session 19 never saw it, and the lead read totals
  only.`,
  ),
  headline(
    'blind25',
    'o01–o14',
    `**blind25 (o01–o14)**, a headline: \`bench/observe/blind25-sessions.txt\` and
  \`blind25-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-28
  (session 18) by a code-blind writer under the protocol of blind22 (all 242 label phrases occur
  in their sessions), topics from a pool disjoint from blind22–24's (vaccine reminders at a vet, a
  Go database migration, a family reunion in Manila, a brewery's batch log, a Terraform state move,
  an R dissertation…). First run at rules@16 + scorer@4 (observe-misses: 81/107, junk 13/167),
  before any change of session 18; the engineers of session 18 never saw it. The lead read its
  list of misses once, to size the gap, and wrote no rule from it.`,
  ),
  headline(
    'blind24',
    'l01–l14',
    `**blind24 (l01–l14)**, a headline: \`bench/observe/blind24-sessions.txt\` and
  \`blind24-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 17) by a code-blind writer under the protocol of blind22 (all 243 label phrases occur
  in their sessions), topics from a pool disjoint from blind22's and blind23's (dental reminders, a
  Rust CLI release, a garden water rota, a wedding in Lagos, a Kubernetes upgrade, LaTeX thesis
  figures…). First run at rules@12 + scorer@4 (observe-misses: 76/99, junk 12/167), before any
  change of session 17; the engineers of session 17 never saw it.`,
  ),
  headline(
    'blind23',
    't01–t14',
    `**blind23 (t01–t14)**, a headline: \`bench/observe/blind23-sessions.txt\` and
  \`blind23-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 16) by a code-blind writer under the protocol of blind16–21 (all 220 label phrases
  occur in their sessions), topics from a pool of its own (a milking robot, a Go memory leak, a
  quilting show, chess pairings, a council grant, a clinic's ransomware incident…). First run at
  rules@7 + scorer@4, before any change of session 16; the engineer of rules@11 never saw it.`,
  ),
  headline(
    'blind22',
    'e01–e14',
    `**blind22 (e01–e14)**, a headline: \`bench/observe/blind22-sessions.txt\` and
  \`blind22-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 16) by another code-blind writer under the same protocol (all 214 label phrases occur
  in their sessions), topics from a pool disjoint from blind23's (a school bus route, a Flutter
  login bug, a reunion in Accra, pharmacy reorder rules, a BigQuery migration…). First run at
  rules@7 + scorer@4; the engineer of rules@11 never saw it.`,
  ),
  headline(
    'blind21',
    'd01–d14',
    `**blind21 (d01–d14)**, a headline: \`bench/observe/blind21-sessions.txt\` and
  \`blind21-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 15) by a code-blind case writer under the protocol of blind16–19 (all 228 label
  phrases occur in their sessions; ids v01–v14 renamed d01–d14 because blind12 uses v). To keep
  the two new sets independent, each writer drew its topics from its own pool of 18 (this one:
  dental recall letters, a Django migration, balcony solar, funeral catering, an ERP choice…).
  First run at rules@7 + scorer@4: blind for these rules.
  Session 16's rules@11 was written against its misses: a tuning set since then, no longer blind.`,
  ),
  headline(
    'blind20',
    'c01–c14',
    `**blind20 (c01–c14)**, a headline: \`bench/observe/blind20-sessions.txt\` and
  \`blind20-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 15) by another code-blind writer under the same protocol (all 204 label phrases occur
  in their sessions; ids w01–w14 renamed c01–c14 because blind13 uses w), topics from a pool
  disjoint from blind21's (a vet clinic's bookings, a choir, an R thesis pipeline, an allotment,
  a Kubernetes cost audit…). First run at rules@7 + scorer@4: blind for these rules.
  Session 16's rules@11 was written against its misses: a tuning set since then, no longer blind.`,
  ),
  headline(
    'blind19',
    'b01–b14',
    `**blind19 (b01–b14)**, a headline: \`bench/observe/blind19-sessions.txt\` and
  \`blind19-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 14) by a case writer who never saw the code, under the protocol of blind16 and blind17
  (all 200 label phrases occur in their sessions; the writer's ids x01–x14 were renamed b01–b14
  because blind11 uses x). Its first run was rules@7 + scorer@4, unchanged since session 11:
  blind for these rules.
  Session 16's rules@11 was written against its misses: a tuning set since then, no longer blind.`,
  ),
  headline(
    'blind18',
    'a01–a14',
    `**blind18 (a01–a14)**, a headline: \`bench/observe/blind18-sessions.txt\` and
  \`blind18-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27
  (session 14) by another code-blind writer under the same protocol (all 232 label phrases occur
  in their sessions; ids y01–y14 renamed a01–a14 because blind15 uses y). The two writers chose
  overlapping topics (a Rust CI fix, a bathroom refit, sourdough, an insurance claim, a pottery
  shop, a trip to Japan…), so the two sets are less independent than two authors usually are.
  First run at rules@7 + scorer@4: blind for these rules.
  Session 16's rules@11 was written against its misses: a tuning set since then, no longer blind.`,
  ),
  headline(
    'blind17',
    'p01–p14',
    `**blind17 (p01–p14)**, a headline: \`bench/observe/blind17-sessions.txt\` and
  \`blind17-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27 by
  a case writer who never saw the code (every label phrase checked to occur in its session by
  \`bench/observe-validate.ts\`: all 229 do). Its first run was the blind run of rules@9 +
  scorer@6 (recall 68/98 = 0.694, junk 8/151 = 5.3 %); a review then found rules@9 dropping real
  durable facts and rules, and rules@9 was reverted. The row below is rules@7 + scorer@4, written
  before this set existed and never changed after reading it: blind for these rules.`,
  ),
  headline(
    'blind16',
    'z01–z14',
    `**blind16 (z01–z14)**, a headline: \`bench/observe/blind16-sessions.txt\` and
  \`blind16-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind17 (all 206 label phrases occur
  in their sessions). First run at rules@9 + scorer@6: recall 57/86 = 0.663, junk 17/150 =
  11.3 %; the row below is rules@7 + scorer@4 as for blind17: blind for these rules.`,
  ),
  headline(
    'blind15',
    'y01–y14',
    `**blind15 (y01–y14)**, a headline: \`bench/observe/blind15-sessions.txt\` and
  \`blind15-labels.json\`, {sessions} sessions, {durable} durable labels, written on 2026-11-27 by
  a case writer who never saw the code (every label phrase checked to occur in its session by
  \`bench/observe-validate.ts\`: all 217 do). Its first run was at rules@8 + scorer@5 (recall
  70/93 = 0.753, junk 19/153 = 12.4 %); a review then found rules@8 writing false durable facts
  on ordinary chat, and rules@8 was reverted. The row below is rules@7 + scorer@4, written before
  this set existed, with the reflector fixes of the same day (written without it): blind for
  these rules, though the set's junk causes had been read once.`,
  ),
  headline(
    'blind14',
    'x01–x14',
    `**blind14 (x01–x14)**, a headline: \`bench/observe/blind14-sessions.txt\` and
  \`blind14-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind15 (all 207 label phrases occur
  in their sessions). First run at rules@8 + scorer@5: recall 70/94 = 0.745, junk 22/151 =
  14.6 %; the row below is rules@7 + scorer@4 as for blind15.`,
  ),
  headline(
    'blind13',
    'w01–w14',
    `**blind13 (w01–w14)**, a headline: \`bench/observe/blind13-sessions.txt\` and
  \`blind13-labels.json\`, {sessions} sessions, {durable} durable labels, written by a case writer
  who never saw the code; the folder was opened only after rules@7 + scorer@4 were frozen and
  committed (e583cf2), copied in unread (every label phrase checked to occur in its session by
  \`bench/observe-validate.ts\`: all 242 do) and run once: the row below is the **blind run**
  (commit d52399a; nothing was changed after reading it).`,
  ),
  headline(
    'blind12',
    'v01–v14',
    `**blind12 (v01–v14)**, a headline: \`bench/observe/blind12-sessions.txt\` and
  \`blind12-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind13 (all 245 label phrases occur
  in their sessions): the row below is the **blind run**.`,
  ),
  headline(
    'blind11',
    'u01–u14',
    `**blind11 (u01–u14)**, a headline: \`bench/observe/blind11-sessions.txt\` and
  \`blind11-labels.json\`, {sessions} sessions, {durable} durable labels, written by a case writer
  who never saw the code; the folder was opened only after rules@6 + scorer@3 were frozen and
  committed (700faa7), copied in unread (every label phrase checked to occur in its session's
  messages by \`bench/observe-validate.ts\`: all 273 do) and run once. **Blind run** (2d98cf7):
  118/148 = 0.797, junk 14/198 = 7.1 %, 60 unlabelled, but with a shipped model trained with the
  wrong junk weight (1, not the chosen 3). The row below is the rerun with the corrected model and
  the draft-context fixes: **not blind** (the set had been scored once; nothing in the rules or the
  scorer's setting was changed from its content).`,
  ),
  headline(
    'blind10',
    'r01–r14',
    `**blind10 (r01–r14)**, a headline: \`bench/observe/blind10-sessions.txt\` and
  \`blind10-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind11 (all 253 label phrases occur
  in their sessions). **Blind run** (2d98cf7): 107/135 = 0.793, junk 9/201 = 4.5 %, 69 unlabelled,
  with the same wrongly trained model; the row below is the **not blind** rerun, as for blind11.`,
  ),
  writtenSet(
    'blind9',
    'blind9',
    'blind9 (q01–q14)',
    `**blind9 (q01–q14)**, a headline: \`bench/observe/blind9-sessions.txt\` and
  \`blind9-labels.json\`, {sessions} sessions, {durable} durable labels, written by a case writer
  who never saw the code; the folder was opened only after rules@6 + scorer@2 were frozen and
  committed (157fc42), copied in unread (every label phrase checked to occur in its session: all
  235 do) and run once. **Blind run** (rules@6 + scorer@2, commit 542f89b): recall 85/118 = 0.720,
  junk 10/167 = 6.0 %, 65 unlabelled; no longer blind (analysed, and scorer@3 trained on it).`,
  ),
  writtenSet(
    'blind8',
    'blind8',
    'blind8 (n01–n14)',
    `**blind8 (n01–n14)**, a headline: \`bench/observe/blind8-sessions.txt\` and
  \`blind8-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind9 (all 227 label phrases occur in
  their sessions). **Blind run** (rules@6 + scorer@2, commit 542f89b): recall 88/117 = 0.752, junk
  11/128 = 8.6 %, 35 unlabelled; no longer blind (analysed, and scorer@3 trained on it).`,
  ),
  writtenSet(
    'blind7',
    'blind7',
    'blind7 (m01–m14)',
    `**blind7 (m01–m14)**, a headline: \`bench/observe/blind7-sessions.txt\` and
  \`blind7-labels.json\`, {sessions} sessions, {durable} durable labels, written by a case writer
  who never saw the code; the folder was opened only after rules@6 and its model were frozen and
  committed (b1f4d35; 221b40b only rewrote two places, same model file), copied in unread and run
  once. **Blind run** (rules@6 + scorer@1, commit 93bef65): recall 94/122 = 0.770, junk 14/144
  = 9.7 %, 42 unlabelled. Its misses and junk were then analysed by stage
  (\`bench/observe-misses.ts\`) and scorer@2 was trained on it, so the row below is **no longer
  blind**.`,
  ),
  writtenSet(
    'blind6',
    'blind6',
    'blind6 (k01–k14)',
    `**blind6 (k01–k14)**, a headline: \`bench/observe/blind6-sessions.txt\` and
  \`blind6-labels.json\`, {sessions} sessions, {durable} durable labels, written by another case
  writer who never saw the code, under the same protocol as blind7. **Blind run** (rules@6 + scorer@1,
  commit 93bef65): recall 93/115 = 0.809, junk 7/157 = 4.5 %, 56 unlabelled; no longer blind
  (analysed and trained on, as blind7).`,
  ),
  writtenSet(
    'blind5',
    'blind5',
    'blind5 (j01–j05)',
    `**blind5 (j01–j05)**: \`bench/observe/blind5-sessions.txt\` and
  \`blind5-labels.json\`, {sessions} sessions, {durable} durable labels, written by a fifth case
  writer who never saw the code (told only the file format and what to mix in; asked for 20
  sessions, the writer finished 5 before the deadline); copied into the repository unread after
  rules@5.1 was merged to \`main\`, and run once. **Blind run** (rules@5.1, commit 348a934):
  recall 33/38 = 0.868, junk 7/51 = 13.7 %, 13 unlabelled proposals. It is small (one author, 38 labels), so its recall moves by 0.026 per label.`,
  ),
  writtenSet(
    'blind4',
    'blind4',
    'blind4 (i01–i20)',
    `**blind4 (i01–i20)**: \`bench/observe/blind4-sessions.txt\` and
  \`blind4-labels.json\`, {sessions} sessions, {durable} durable labels, written by a
  fourth case writer who never saw the code (told only the file format and what to mix in); the
  folder was opened only after rules@5 was frozen (0768f70) and its row on the other sets
  committed (2f20a64), and the set was run once. **Blind run** (rules@5, commit 370cda0): recall
  130/171 = 0.760, junk 17/183 = 9.3 %, 37 unlabelled proposals — under both targets, and under
  rules@4.1's blind figure on blind3 (0.810, 5.0 %): the phenomena written from blind3 did not carry
  over to a new writer. rules@5.1 was then written from that run's junk and misses (alarms going
  off, faults, moments, statuses, open choices; instructions that name what they rule out, names
  given with "call it", duties, habits, constraints, a value given to a plan, usual values; ADR
  2026-11-26-observer-rules), so the blind4 row below is **no longer blind**.`,
  ),
  writtenSet(
    'blind3',
    'blind3',
    'blind3 (h01–h20)',
    `**blind3 (h01–h20)**: \`bench/observe/blind3-sessions.txt\` and
  \`blind3-labels.json\`, {sessions} sessions, {durable} durable labels, written by a
  third case writer who never saw the code (told only the file format and what to mix in); the
  folder was opened only after rules@4.1 was frozen and merged to \`main\`. **Blind run**
  (rules@4.1): recall 115/142 = 0.810, junk 8/160 = 5.0 %, 44 unlabelled proposals. rules@5 was
  then written from that run's misses, junk and unlabelled proposals (phenomena, each with unit
  sentences of our own: lower-case names and abbreviations, obligations on anyone, conventions,
  names given, defaults kept, swaps, labels such as "that's the rule", noun-phrase questions,
  renames, approved changes the assistant proposed, values with units; and out: reactions,
  complaints, tag questions, topic lines, requests, things done once; ADR
  2026-11-26-observer-rules), so the blind3 row below is **no longer blind**: it is a tuning set,
  as blind2 and fresh are.`,
  ),
  writtenSet(
    'blind2',
    'blind2',
    'blind2 (g01–g20)',
    `**blind2 (g01–g20)**: \`bench/observe/blind2-sessions.txt\` and
  \`blind2-labels.json\`, {sessions} sessions, {durable} durable labels, written by a
  case writer who never saw the code; the folder was opened only after rules@4 was frozen and
  committed (da00f9f). **Blind run** (rules@4, commit dfc346a): recall 128/153 = 0.837, junk
  20/146 = 13.7 %, 25 unlabelled proposals — recall just under the target and junk far over it.
  The rules were then changed after reading that run's misses and junk (rules@4.1: sentences
  split in lower case, casual moments, hedges and complaints, "dont", "nothing gets …", "no X
  ever", "everyone …", roles, a bare value correcting an assistant statement; ADR
  2026-11-26-observer-rules), and rules@5 read its remaining misses too (scope, duties, outside
  terms, quoted names, standing requests), so the blind2 row below is **no longer blind**: it
  measures rules@5 on a set that informed it.`,
  ),
  writtenSet(
    'fresh',
    'fresh',
    'fresh (f01–f20)',
    `**fresh (f01–f20)**: \`bench/observe/fresh-sessions.txt\` and
  \`fresh-labels.json\`, {sessions} sessions, {durable} durable labels, written by a
  case writer who never saw the code. **Blind run** (rules@2, frozen before the set was opened;
  commit 4f10a96): recall 87/137 = 0.635, junk 6/124 = 4.8 %, 39 unlabelled proposals. The rules
  were then changed after reading that run's misses (rules@3: short answers kept with the
  assistant's question, corrected values substituted, agreed plans, "should"/"required" rules,
  "remember that", configuration verbs, identifiers in verbless statements; ADR
  2026-11-26-observer-rules), and again after rules@3's misses (rules@4: phenomena, not
  sentences — replies that confirm, correct, pick or decline, approvals of standing plans,
  conventions for every error of a kind, places said of a thing just named), so the fresh row
  below is **no longer blind**: it measures rules@5 on sets that informed its rules.`,
  ),
  {
    key: 'heldOut',
    name: 'held out (s11–s20)',
    ids: labels.held_out,
    pool: sessions,
    labelled: labels.sessions,
    about: `**held out (s11–s20)** and **tuning (s01–s10)**: \`bench/observe/sessions.txt\` and
  \`labels.json\`, written before the first rules by the rules' author; rules@1 was tuned on
  s01–s10; rules@2 was written from s01–s10 and general phenomena (ADR
  2026-11-26-observer-rules), by someone who had seen rules@1's published held-out miss list (ids
  and required words, not the sentences), so the held-out row is no longer blind.`,
    listUnlabelled: true,
  },
  {
    key: 'tuning',
    name: 'tuning (s01–s10)',
    ids: labels.tuning,
    pool: sessions,
    labelled: labels.sessions,
    about: '',
    listUnlabelled: false,
  },
];

/** What the text says about blindness at the current rules version. */
const BLIND_NOTE = `At rules@7 + scorer@4 (shipped again after rules@8 and rules@9 were reverted) blind12 to blind19 are blind for these rules (blind16 and blind17 were written on 2026-11-27, first run at the reverted rules@9, and are read here by rules that never saw them; blind18 and blind19 were written later that day and first run at these rules): blind12 and blind13 ran once at them, unread before the freeze (they were read afterwards for rules@8, which was reverted, so their rows are unchanged), and blind14 and blind15 were written after them (their rows are the first run at these rules; the reflector changes of the same day were written without them). No other row below is blind: blind10 and blind11 were each scored once
blind (figures above), then analysed by stage (ADR 2026-11-26-observer-rules, "rules@7") and
trained on. rules@7 reads durable clauses said in passing inside a user's question or hedge, keeps
a bare nod after the assistant's hypothetical from deciding it, reads the assistant's
hypotheticals and offers as hedges, reads "when …, …" and "what I'd like is …" as statements,
keeps a "yes" that makes the assistant's question a standing rule, and takes "that's always been
the rule" as a label; scorer@4 is scorer@3's setting (CHOSEN, unchanged) trained on
all twelve authors. The cross-author figure is the leave-one-author-out table below. The earlier blind
figures are the ones quoted above (blind11 and blind10 at rules@6 + a wrongly trained scorer@3:
0.797, 7.1 % and 0.793, 4.5 %; blind9 and blind8 at rules@6 + scorer@2: 0.720, 6.0 % and 0.752, 8.6 %;
blind7 and blind6 at rules@6 + scorer@1: 0.770, 9.7 % and 0.809, 4.5 %; blind5 at rules@5.1: 0.868,
13.7 %; blind4 at rules@5: 0.760, 9.3 %; blind3 at rules@4.1: 0.810, 5.0 %; blind2 at rules@4:
0.837, 13.7 %; fresh at rules@2: 0.635, 4.8 %).`;

function throughput(scorer: ScorerModel | null): { messagesPerSecond: number; runs: number } {
  const parsed = [...new Set(SETS.map((set) => set.pool))].flat().map((s) => {
    const t = parseTranscript(s.jsonl);
    if (!t.ok) throw new Error(t.error.message);
    return { id: s.id, date: s.date, entries: t.value.entries };
  });
  const total = parsed.reduce((sum, p) => sum + p.entries.length, 0);
  for (const p of parsed)
    observeTranscript({
      captureKey: p.id,
      sessionId: p.id,
      entries: p.entries,
      fallbackDate: p.date,
      scorer,
    });
  const runs = 50;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    for (const p of parsed) {
      observeTranscript({
        captureKey: `${p.id}-${i}`,
        sessionId: p.id,
        entries: p.entries,
        fallbackDate: p.date,
        scorer,
      });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { messagesPerSecond: Math.round((total * runs) / seconds), runs };
}

const results: { readonly set: BenchSet; readonly result: HalfResult }[] = [];
const rulesOnly: { readonly set: BenchSet; readonly result: HalfResult }[] = [];
for (const set of SETS) {
  results.push({ set, result: await runHalf(set.ids, set.pool, set.labelled) });
  rulesOnly.push({ set, result: await runHalf(set.ids, set.pool, set.labelled, null) });
}

/** Leave-one-author-out: the scorer trained on the other authors, run on the left-out one. */
interface FoldResult {
  readonly author: AuthorSet;
  readonly model: ScorerModel;
  readonly scored: HalfResult;
  readonly rules: HalfResult;
  /** The previous shipped setting (scorer@2's), trained without the same author. */
  readonly before: HalfResult;
}
const authors = trainingAuthors();
const authorCandidates = authors.map((a) => labelledCandidates(a));
const folds: FoldResult[] = [];
for (const [k, author] of authors.entries()) {
  const model = modelWithout(
    authorCandidates,
    k,
    `${SHIPPED_SCORER.version}-without-${author.key}`,
  );
  folds.push({
    author,
    model,
    scored: await runHalf(author.ids, author.pool, author.labelled, model),
    rules: await runHalf(author.ids, author.pool, author.labelled, null),
    before: await runHalf(
      author.ids,
      author.pool,
      author.labelled,
      modelWithout(authorCandidates, k, `scorer@2-without-${author.key}`, SCORER2_SETTING),
    ),
  });
}
const pooled = (rs: readonly HalfResult[]) => {
  const sum = (f: (r: HalfResult) => number) => rs.reduce((n, r) => n + f(r), 0);
  const durable = sum((r) => r.durable);
  const proposals = sum((r) => r.proposals);
  return {
    durable,
    recalled: sum((r) => r.recalled),
    proposals,
    junk: sum((r) => r.junk),
    unlabelled: sum((r) => r.unlabelled),
  };
};
const speed = throughput(SHIPPED_SCORER);
const rulesSpeed = throughput(null);
const pools = [...new Set(SETS.map((set) => set.pool))];
const allMessages = pools.flat().reduce((n, s) => n + s.messages, 0);
const durableOf = (set: BenchSet) =>
  set.ids.reduce((n, id) => n + (set.labelled[id]?.durable.length ?? 0), 0);
const list = (items: readonly string[]) =>
  items.length === 0 ? 'none' : items.map((j) => `"${j}"`).join('; ');

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const pooledRow = (rs: readonly HalfResult[]) => {
  const p = pooled(rs);
  return `${p.recalled}/${p.durable} = ${(p.recalled / p.durable).toFixed(3)} | ${p.proposals} | ${p.junk} (${pct(p.junk / p.proposals)}) | ${p.unlabelled}`;
};
const MODEL_BYTES = statSync(
  join(import.meta.dirname, '..', 'src', 'observer', 'scorer-model.json'),
).size;
const foldCells = (r: HalfResult) =>
  `${r.recalled}/${r.durable} = ${r.recall.toFixed(3)} | ${r.proposals} | ${r.junk} (${pct(r.junkRate)}) | ${r.unlabelled}`;
const row = (name: string, r: HalfResult) =>
  `| ${name} | ${r.sessions} | ${r.messages} | ${r.recalled}/${r.durable} = ${r.recall.toFixed(3)} | ${r.proposals} | ${r.junk} (${pct(r.junkRate)}) | ${r.unlabelled} | ${(r.proposalTokens / r.observationTokens).toFixed(3)} | ${(r.proposalTokens / r.transcriptTokens).toFixed(3)} | ${r.reflectMsMean.toFixed(1)} |`;
// "the blind4 set" for written sets, "the held-out half" for the author's own halves.
const setLabel = (set: BenchSet) =>
  set.pool === sessions
    ? `the ${set.key === 'heldOut' ? 'held-out' : 'tuning'} half`
    : `the ${set.key} set`;
const written = SETS.filter((set) => set.pool !== sessions);
const SET_WORDS = [
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
];

const markdown = `## Session observer and reflector (\`npm run bench:observe\`)

Measured on ${machine()}, ${new Date().toISOString().slice(0, 10)}, offline: \`${RULES_VERSION}\` rules with the learned
scorer \`${SHIPPED_SCORER.version}\` (\`src/observer/scorer-model.json\`, ${MODEL_BYTES.toLocaleString('en-US')} bytes, training data
sha256 \`${SHIPPED_SCORER.data_hash.slice(0, 12)}\`, gate ${SHIPPED_SCORER.gate}, admit ${SHIPPED_SCORER.admit}), no language model.
${SET_WORDS[SETS.length - 1] ?? SETS.length} sets of hand-written sessions (user, assistant and tool messages, code blocks, chatter,
questions, deferred ideas, problems later fixed), each with hand labels: durable facts, rules and
decisions (each named by the exact words a correct proposal must contain), noise, and resolved
problems.

${SETS.filter((set) => set.about !== '')
  .map(
    (set) =>
      `- ${set.about
        .replace('{sessions}', String(set.pool.filter((s) => set.ids.includes(s.id)).length))
        .replace('{durable}', String(durableOf(set)))}`,
  )
  .join('\n')}

${BLIND_NOTE}

Each session goes through the engine as a user would: \`capture\` (shutdown, observed at once),
then \`reflect\`; its proposals are then approved when the labels call them durable and rejected
otherwise, before the next session.

| set | sessions | messages | recall of durable facts in proposals | proposals | junk | other (unlabelled) | proposal / observation tokens | proposal / transcript tokens | reflect ms (mean) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${results.map(({ set, result }) => row(set.name, result)).join('\n')}

The shipped scorer was trained on every set above but blind10 and blind11 (the ten authors of the
table below), and the rules were tuned on those sets, so those rows are flattered twice (rules and
model both saw them); their cross-author figure is the leave-one-author-out table below. The same sets with the rules alone
(\`scorer: null\`):

| set | recall (rules alone) | proposals | junk | other | → recall (${RULES_VERSION}+${SHIPPED_SCORER.version}) | proposals | junk | other |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${results
  .map(({ set, result }, i) => {
    const r = rulesOnly[i]?.result as HalfResult;
    return `| ${set.name} | ${r.recalled}/${r.durable} = ${r.recall.toFixed(3)} | ${r.proposals} | ${r.junk} (${pct(r.junkRate)}) | ${r.unlabelled} | ${result.recalled}/${result.durable} = ${result.recall.toFixed(3)} | ${result.proposals} | ${result.junk} (${pct(result.junkRate)}) | ${result.unlabelled} |`;
  })
  .join('\n')}

**Leave-one-author-out** (the headline before a blind run): for each of the ${authors.length} authors, the
scorer is trained on the other ${authors.length - 1} with the chosen setting (L2 ${CHOSEN.l2}, unlabelled candidates
weighted ${CHOSEN.otherWeight}, junk ${CHOSEN.junkWeight}, gate ${CHOSEN.gate}, admit ${CHOSEN.admit}, clause features ${CHOSEN.syntax ? 'on' : 'off'}, segment context ${CHOSEN.context ? 'on' : 'off'}, the assistant's 🟡
${CHOSEN.liftAssistant ? 'liftable' : 'never lifted'}; chosen by \`bench/observe-loao.ts\` on this cross-author measure only,
among the variants whose pooled junk stayed at or under 5 %) and the whole pipeline above (capture → observe → reflect →
proposals, this bench's scorer) runs on the left-out author's sessions. "Rules alone" is the
same pipeline with \`scorer: null\`; the rules were tuned on every one of these sets, so that
column is flattered and is not a cross-author figure.

| left-out author | sessions | rules alone: recall | proposals | junk | other | before (scorer@2's setting): recall | proposals | junk | other | after (${SHIPPED_SCORER.version}'s setting): recall | proposals | junk | other |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${folds
  .map(
    (f) =>
      `| ${f.author.key} | ${f.author.ids.length} | ${foldCells(f.rules)} | ${foldCells(f.before)} | ${foldCells(f.scored)} |`,
  )
  .join('\n')}
| **pooled** | ${folds.reduce((n, f) => n + f.author.ids.length, 0)} | ${pooledRow(folds.map((f) => f.rules))} | ${pooledRow(folds.map((f) => f.before))} | ${pooledRow(folds.map((f) => f.scored))} |

- Junk = a proposal containing a labelled noise phrase (tool output, chatter, questions, deferred
  ideas), a labelled problem that was later fixed without its fix, a question, a shell prompt or
  a code fence. "Other" proposals match no label at all (neither durable nor noise); they are
  shown, not counted as correct.
- Compression: proposal tokens over the tokens of the observations the reflector read, and over
  the transcript's (JSONL) tokens; tokens counted with \`o200k_base\`, the context builder's
  tokenizer, which the reflector also uses for compression and the MEMORY.md budget.
- Observer throughput (pure observer, after parsing): ${speed.messagesPerSecond.toLocaleString('en-US')} messages/s with the scorer,
  ${rulesSpeed.messagesPerSecond.toLocaleString('en-US')} messages/s with the rules alone
  (${speed.runs} passes over the ${allMessages} messages of all ${(SET_WORDS[SETS.length - 1] ?? String(SETS.length)).toLowerCase()} sets).
${results.map(({ set, result }) => `- Missed on ${setLabel(set)}: ${result.missed.length === 0 ? 'none' : result.missed.join('; ')}.`).join('\n')}
${results
  .filter(({ set }) => set.key !== 'tuning')
  .map(
    ({ set, result }) =>
      `- Junk on ${setLabel(set)} (${result.replacedJunk} of ${result.junk} only for naming a labelled superseded value after "replaced"): ${list(result.junkExamples)}.`,
  )
  .join('\n')}
${results
  .filter(({ set }) => set.listUnlabelled)
  .map(
    ({ set, result }) =>
      `- Unlabelled proposals on ${setLabel(set)}${set.pool === sessions ? '' : " (read them: they are the reviewer's extra load)"}:\n${result.unlabelledExamples.map((j) => `  - ${j}`).join('\n')}`,
  )
  .join('\n')}

Limits: short sessions (one segment each) written by ${(SET_WORDS[written.length] ?? String(written.length + 1)).toLowerCase()} authors; the labels test that a proposal
carries the labelled specifics, not that it reads well. Targets (issue #13): recall ≥ 0.85, junk
≤ 5 %.
`;

writeSection(
  'observe',
  {
    ...Object.fromEntries(results.map(({ set, result }) => [set.key, result])),
    throughput: speed,
    throughputRulesOnly: rulesSpeed,
    scorer: {
      version: SHIPPED_SCORER.version,
      dataHash: SHIPPED_SCORER.data_hash,
      bytes: MODEL_BYTES,
    },
    rulesOnly: Object.fromEntries(rulesOnly.map(({ set, result }) => [set.key, result])),
    leaveOneAuthorOut: Object.fromEntries(
      folds.map((f) => [f.author.key, { scored: f.scored, rules: f.rules }]),
    ),
  },
  markdown,
);
console.log(markdown);
