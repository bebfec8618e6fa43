// npm run bench:secrets — secrets and near-misses through the real engine (issue #13, ADR
// 2026-11-27-secrets-in-memory). Reads bench/secrets/<name>.jsonl, one case a line:
//   {"id": "...", "text": "...", "secret": "exact substring" | null, "keep": "exact substring" | null}
// or, for a conversation, "messages": [{"role": "user" | "assistant", "text": "..."}, ...] in place
// of "text" (secret and keep are substrings of some message; the messages are one session).
// `secret` must reach no surface; `keep` (a near-miss phrase, a fact beside a secret) must survive.
// Every case is one captured session in an engine of its own (capture → observe → reflect), so a
// short secret is never found in another case's proposal; then the five surfaces are read: MEMORY.md proposals (and REVIEW.md), the daily log, `search`, `ask` and
// the recall pack (`buildContext` for the case's thread).
//
// `npx tsx bench/secrets.bench.ts file.jsonl ...` scores the named files and prints the figures
// without writing the section (for sets that are not committed, e.g. a reviewer's cases);
// `--base before.json` (an earlier run's printed figures) scores near-misses on proposals too.
//
// A secret leaks when a surface shows it whole, or shows a word of a secret of several words
// (4 characters or more, not elsewhere in the line): "[secret] Monkey Dishwasher Lamp" leaks.
// A phrase is lost when it is missing from the daily log or the search hits, or when it was
// proposed in the base run (the committed results, or `--base`) and is no longer.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createEngine } from '../src/engine/index.js';
import { createManualClock, createSequentialIds } from '../src/testing/index.js';
import { machine, writeSection } from './report.js';

/** One message of a conversation case. */
interface CaseMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** A case as a line of a set: one text, or the messages of one session. */
interface CaseLine {
  readonly id: string;
  readonly text?: string;
  readonly messages?: readonly CaseMessage[];
  readonly secret: string | null;
  readonly keep: string | null;
}

interface SecretCase {
  readonly id: string;
  /** The session's messages; a one-text case is one user message. */
  readonly messages: readonly CaseMessage[];
  readonly secret: string | null;
  readonly keep: string | null;
}

/** The message holding `part` (the last one, as a reply comes after its question), or undefined. */
function holderOf(c: SecretCase, part: string): number {
  return c.messages.findLastIndex((m) => m.text.includes(part));
}

const SURFACES = ['proposals', 'daily_log', 'search', 'ask', 'context'] as const;
type Surface = (typeof SURFACES)[number];

interface SetResult {
  readonly name: string;
  readonly secrets: number;
  readonly leaked: number;
  readonly leaked_by_surface: Readonly<Record<Surface, number>>;
  readonly keeps: number;
  /** Keep phrases missing from the daily log or from the search hits for their case. */
  readonly lost: number;
  readonly lost_from_log: number;
  readonly lost_from_search: number;
  /** Keep phrases in a MEMORY.md proposal (the reflector chooses; scored only against a base). */
  readonly proposed: number;
  /** Keep phrases proposed in the base run and not in this one (counted in `lost`). */
  readonly lost_from_proposals: number;
  readonly proposed_ids: readonly string[];
  readonly leaked_ids: readonly string[];
  readonly lost_ids: readonly string[];
}

function readCases(file: string): SecretCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const raw = JSON.parse(line) as CaseLine;
      const messages = raw.messages ?? [{ role: 'user' as const, text: raw.text ?? '' }];
      const c: SecretCase = { id: raw.id, messages, secret: raw.secret, keep: raw.keep };
      for (const part of [c.secret, c.keep])
        if (part !== null && holderOf(c, part) === -1)
          throw new Error(
            `${basename(file)} line ${i + 1} (${c.id}): "${part}" is not in its text`,
          );
      return c;
    });
}

/**
 * The text a surface shows, without its ids, hashes and timestamps: a short secret ("913") is
 * found inside an id far too often to count as shown.
 */
function shownText(value: unknown, key = ''): string {
  if (/(?:^id|Id|_id|Ids|_ids|hash|_at|At|^now)$/u.test(key)) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => shownText(v)).join('\n');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([k, v]) => shownText(v, k))
      .join('\n');
  return '';
}

/**
 * What shows a case's secret: the secret itself, and, for a secret of several plain words (a
 * passphrase, not a credential line such as "Authorization: Bearer …" whose label words are meant
 * to stay), each word of four characters or more that is nowhere else in the line: half a
 * passphrase is a leak.
 */
function secretParts(c: SecretCase): string[] {
  if (c.secret === null) return [];
  const words = c.secret.trim().split(/\s+/u);
  if (words.length < 2 || !words.every((w) => /^[\p{L}\p{N}][\p{L}\p{N}'’-]*[.,!?]?$/u.test(w)))
    return [c.secret];
  const rest = c.messages
    .map((m) => m.text)
    .join('\n')
    .replace(c.secret, ' ');
  const parts = words
    .map((w) => w.replace(/[.,!?]$/u, ''))
    .filter((w) => w.length >= 4 && !rest.includes(w));
  return [c.secret, ...parts];
}

/** Whether `shown` holds `part` as a word of its own (a whole secret is matched as it is). */
function shows(shown: string, part: string, whole: boolean): boolean {
  if (whole) return shown.includes(part);
  const escaped = part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(shown);
}

/**
 * Words of the message holding the case's secret (else its phrase, else the first), without the
 * secret: what a user would search or ask for. A bare reply ("4471") leaves no word, so the
 * message before it (the question) is read instead.
 */
function queryOf(c: SecretCase): string {
  const at = Math.max(0, holderOf(c, c.secret ?? c.keep ?? ''));
  const words = (i: number) => {
    const text = c.messages[i]?.text ?? '';
    return (c.secret === null ? text : text.replace(c.secret, ' ')).split(/\s+/u).filter(Boolean);
  };
  const own = words(at);
  return (own.length > 0 || at === 0 ? own : words(at - 1)).slice(0, 6).join(' ');
}

/**
 * What `search` is given: the query, and for a bare reply the value itself too, since its words
 * alone find no message that is nothing but the value (and a search for it must show it masked).
 */
function searchOf(c: SecretCase): string {
  const at = holderOf(c, c.secret ?? '');
  const bare =
    at > 0 && c.secret !== null && c.messages[at]?.text.replace(c.secret, '').trim() === '';
  return bare ? `${queryOf(c)} ${c.secret}` : queryOf(c);
}

interface CaseResult {
  /** Surfaces showing the case's secret. */
  readonly leaked: readonly Surface[];
  readonly keptInLog: boolean;
  readonly keptInSearch: boolean;
  readonly proposed: boolean;
}

async function scoreCase(c: SecretCase): Promise<CaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-secrets-'));
  const workspace = join(dir, 'workspace');
  const engine = await createEngine({
    home: join(dir, 'home'),
    clock: createManualClock('2026-04-07T12:00:00Z'),
    ids: createSequentialIds(),
    embeddings: { model: null },
    extraction: null,
    observer: { workspace },
  });
  try {
    const lines = c.messages.map((m, i) =>
      JSON.stringify({
        message_id: `m${i + 1}`,
        role: m.role,
        content: m.text,
        created_at: `2026-04-07T09:${String(10 + i).padStart(2, '0')}:00Z`,
      }),
    );
    await engine.observer.capture({
      text: lines.join('\n'),
      sessionId: c.id,
      trigger: 'manual',
      observe: 'sync',
    });
    await engine.observer.reflect();
    const review = existsSync(join(workspace, 'REVIEW.md'))
      ? readFileSync(join(workspace, 'REVIEW.md'), 'utf8')
      : '';
    const proposals = [
      review,
      ...(await engine.observer.listProposals('all')).map((p) => p.text),
    ].join('\n');
    const logDir = join(workspace, 'memory');
    const log = existsSync(logDir)
      ? readdirSync(logDir)
          .sort()
          .map((f) => readFileSync(join(logDir, f), 'utf8'))
          .join('\n')
      : '';
    const query = queryOf(c);
    const hits = shownText((await engine.search(searchOf(c), { mode: 'text' })).hits);
    let leaked: Surface[] = [];
    if (c.secret !== null) {
      const answer = await engine.observer.ask(`${query}?`);
      const context = await engine.buildContext({ thread: `session:${c.id}` });
      const shown: Record<Surface, string> = {
        proposals,
        daily_log: log,
        search: hits,
        ask: shownText({ answer: answer.answer, citations: answer.citations }),
        context: shownText(context),
      };
      const parts = secretParts(c);
      leaked = SURFACES.filter((s) => parts.some((p, i) => shows(shown[s], p, i === 0)));
    }
    const keep = c.keep ?? '';
    return {
      leaked,
      keptInLog: log.includes(keep),
      keptInSearch: hits.includes(keep),
      proposed: c.keep !== null && proposals.includes(keep),
    };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function scoreSet(
  name: string,
  cases: readonly SecretCase[],
  proposedAtBase: ReadonlySet<string>,
): Promise<SetResult> {
  const leakedBy = Object.fromEntries(SURFACES.map((s) => [s, 0])) as Record<Surface, number>;
  const leakedIds: string[] = [];
  const lostIds: string[] = [];
  let lostFromLog = 0;
  let lostFromSearch = 0;
  const proposedIds: string[] = [];
  let lostFromProposals = 0;
  for (const c of cases) {
    const r = await scoreCase(c);
    for (const s of r.leaked) leakedBy[s] += 1;
    if (r.leaked.length > 0) leakedIds.push(`${c.id} (${r.leaked.join(', ')})`);
    if (c.keep === null) continue;
    if (!r.keptInLog) lostFromLog += 1;
    if (!r.keptInSearch) lostFromSearch += 1;
    const unproposed = proposedAtBase.has(c.id) && !r.proposed;
    if (unproposed) lostFromProposals += 1;
    const lostFrom = [
      r.keptInLog ? '' : 'log',
      r.keptInSearch ? '' : 'search',
      unproposed ? 'proposals' : '',
    ].filter(Boolean);
    if (lostFrom.length > 0) lostIds.push(`${c.id} (${lostFrom.join(', ')})`);
    if (r.proposed) proposedIds.push(c.id);
  }
  return {
    name,
    secrets: cases.filter((c) => c.secret !== null).length,
    leaked: leakedIds.length,
    leaked_by_surface: leakedBy,
    keeps: cases.filter((c) => c.keep !== null).length,
    lost: lostIds.length,
    lost_from_log: lostFromLog,
    lost_from_search: lostFromSearch,
    proposed: proposedIds.length,
    lost_from_proposals: lostFromProposals,
    proposed_ids: proposedIds,
    leaked_ids: leakedIds,
    lost_ids: lostIds,
  };
}

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const baseFile = baseAt === -1 ? undefined : args[baseAt + 1];
const named = args.filter((_, i) => baseAt === -1 || (i !== baseAt && i !== baseAt + 1));
const committed = join(import.meta.dirname, 'results', 'secrets.json');

/**
 * The phrases each set proposed in the base run, by set name: `--base` (printed figures, one JSON
 * object a set) or the committed results. A run before `proposed_ids` existed proposes nothing.
 */
function proposedAtBase(): Map<string, Set<string>> {
  const file = baseFile ?? (named.length === 0 && existsSync(committed) ? committed : undefined);
  if (file === undefined) return new Map();
  const text = readFileSync(file, 'utf8');
  const sets: { name: string; proposed_ids?: string[] }[] =
    baseFile === undefined
      ? (JSON.parse(text) as { sets: { name: string; proposed_ids?: string[] }[] }).sets
      : text
          .split(/\n(?=\{)/u)
          .filter((part) => part.trim() !== '')
          .map((part) => JSON.parse(part) as { name: string; proposed_ids?: string[] });
  return new Map(sets.map((s) => [s.name, new Set(s.proposed_ids ?? [])]));
}
const base = proposedAtBase();
const setsDir = join(import.meta.dirname, 'secrets');
const files =
  named.length > 0
    ? named
    : existsSync(setsDir)
      ? readdirSync(setsDir)
          .filter((f) => f.endsWith('.jsonl'))
          .sort()
          .map((f) => join(setsDir, f))
      : [];

const results: SetResult[] = [];
for (const file of files) {
  const name = basename(file, '.jsonl');
  const result = await scoreSet(name, readCases(file), base.get(name) ?? new Set());
  results.push(result);
  console.log(JSON.stringify(result, null, 1));
}

if (named.length === 0) {
  const date = new Date().toISOString().slice(0, 10);
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.leaked} / ${r.secrets} | ${SURFACES.map((s) => r.leaked_by_surface[s]).join(' | ')} | ${r.lost} / ${r.keeps} | ${r.proposed} |`,
  );
  writeSection(
    'secrets',
    { date, machine: machine(), sets: results },
    `
## Secrets kept out of memory (\`npm run bench:secrets\`)

Measured ${date} on ${machine()}. Each set is \`bench/secrets/<name>.jsonl\`: a line names a text,
the secret in it that must reach no surface, and a phrase that must survive (a near-miss that only
looks like a secret, or the fact beside a secret). Every line is captured as its own session through
the real engine (rules observer, no language model, no embeddings), then reflected; a secret
*leaks* when its text, or a word of a secret of several words (four characters or more, nowhere else
in the line), appears in a MEMORY.md proposal or REVIEW.md, the daily log, the text search hits for
the line's other words, \`ask\` on them, or the thread's recall pack. A phrase is *lost* when it is
missing from the daily log or from those search hits (masked, or its observation dropped), or when
the previous committed run proposed it and this one does not. *Proposed* counts phrases the
reflector put in a proposal; it chooses what is durable, so a new proposal is shown, not scored.
The detector is \`src/language/secrets.ts\`.

The sets: 400 lines (200 with a secret, 200 near-misses; 101 and 110 of them in eleven other
languages) written on 2026-11-27 by a writer who never saw the detector or earlier cases, split
before any use by sha256("verity-secrets/" + id), first byte even → **tuning** (read and fixed
against in session 16), odd → **heldout** (only scored here: the headline).

Conversations (a case holds \`messages\`, one captured session, so a secret given in a *reply*
is scored): **conv-tuning** and **conv-heldout**, 70 conversations written on 2026-11-28 by a
writer who never saw the code (47 with a secret in a reply that does not say it is one, 17
near-misses where a question's bare reply is an ordinary value, 6 with both; 25 in nine languages
other than English), split before any use by a seeded shuffle into 35 + 35: conv-tuning was read
and fixed against in session 18, conv-heldout only scored (the conversation headline; 24 of 25
leaked at the session's start). **conv-heldout2**: 50 conversations (30 secrets given after the
ask or the scene, 5 of them corrected; 20 near-miss ordinary values; 19 in ten languages other than
English) written on 2026-11-28 by a second writer who saw only the case format, scored once before
session 20's conversation rules (22 of 30 leaked) and once after (18): never read, a headline
beside conv-heldout. **conv-tuning21** and **conv-heldout3**: 60 conversations (36 secrets, 12 of
them confirmed in the very next turn after a vague ask, 12 letters-and-digits or passphrases; 24
near-miss ordinary values; 26 in ten languages other than English) written on 2026-11-28 by a third
writer who saw only the case format, split before any use by sha256("verity-secrets21/" + id) within
secret and keep cases into 30 + 30; before session 21's changes each half leaked 13 of 18.
conv-tuning21 was then given to the engineer; conv-heldout3 is only scored. **conv-dev**: 22 conversations an engineer wrote beside the rules, and
the three **sec11** sets and **sec12-own**: conversations the session-20 engineers wrote and then fixed against
(none of them a measure of generalisation).

| set | secrets leaked | proposals | daily log | search | ask | context | phrases lost | proposed |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.length > 0 ? rows.join('\n') : '| (no set in bench/secrets/) | | | | | | | | |'}
${results
  .filter((r) => r.leaked_ids.length > 0 || r.lost_ids.length > 0)
  .map(
    (r) =>
      `\n${r.name}: leaked ${r.leaked_ids.join(', ') || 'none'}; lost ${r.lost_ids.join(', ') || 'none'}.`,
  )
  .join('')}
`,
  );
}
