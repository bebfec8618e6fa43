// Context evidence recall on both retrieval dev sets (LoCoMo and LongMemEval-S dev, read in place,
// never copied): for each question, whether its evidence messages land in what the agent reads
// (`engine.buildContext` with the question as query, at 1,000 and 2,000 tokens), per half and per
// question type. Part of `npm run bench:context`; writes the "context-evidence" section of
// docs/BENCHMARKS.md. Engine defaults (rule extraction on); one thread per conversation/haystack,
// as bench/context.bench.ts does. `--quick` prints without writing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/core/index.js';
import { createEngine, type EngineContextOptions } from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import { diskCachedModel } from './embedding-cache.js';
import { loadLocomo, locomoAvailable, toRecord } from './locomo.js';
import { lmeAvailable, lmeRecord, loadLme, splitLme } from './longmemeval.js';
import { machine, writeSection } from './report.js';

const BUDGETS = [1000, 2000] as const;
const QUICK = process.argv.includes('--quick');
/** `--locomo-a`: LoCoMo half A only (tuning runs; implies `--quick`). */
const LOCOMO_A_ONLY = process.argv.includes('--locomo-a');
/** `--tuning`: LoCoMo half A and the LongMemEval tuning half (tuning runs; implies `--quick`). */
const BOTH_TUNING = process.argv.includes('--tuning');
const TUNING_ONLY = LOCOMO_A_ONLY || BOTH_TUNING;
/**
 * `--variants '{"name":{"itemPriorityShare":25},…}'`: engine context options to compare (tuning
 * runs); each haystack is ingested once and read by one engine per variant. Default: the defaults.
 */
const variantsFlag = process.argv.indexOf('--variants');
const VARIANTS = (
  variantsFlag === -1 ? { default: {} } : JSON.parse(process.argv[variantsFlag + 1] ?? '{}')
) as Record<string, EngineContextOptions>;
/** `--parts locomo-a,locomo-b,lme-tuning,lme-held`: which halves to run (default: all). */
const partsFlag = process.argv.indexOf('--parts');
const PARTS = new Set(
  (partsFlag === -1
    ? 'locomo-a,locomo-b,lme-tuning,lme-held'
    : (process.argv[partsFlag + 1] ?? '')
  ).split(','),
);
if (TUNING_ONLY) {
  PARTS.delete('locomo-b');
  PARTS.delete('lme-held');
  if (LOCOMO_A_ONLY) PARTS.delete('lme-tuning');
}
/** `--lme-max N`: at most N cached LongMemEval haystacks per half, in the dev set's order. */
const lmeMaxFlag = process.argv.indexOf('--lme-max');
const LME_MAX = lmeMaxFlag === -1 ? Infinity : Number(process.argv[lmeMaxFlag + 1]);
/** `--save file.json`: keep every judged question (to write one section from several runs). */
const saveFlag = process.argv.indexOf('--save');
const SAVE = saveFlag === -1 ? null : (process.argv[saveFlag + 1] ?? null);
/** `--from a.json,b.json`: write the section from saved runs instead of running. */
const fromFlag = process.argv.indexOf('--from');
const FROM = fromFlag === -1 ? [] : (process.argv[fromFlag + 1] ?? '').split(',');
/** `--default-variant name`: the variant that is the engine default (marked in the section). */
const defaultFlag = process.argv.indexOf('--default-variant');
const DEFAULT_VARIANT = defaultFlag === -1 ? 'default' : (process.argv[defaultFlag + 1] ?? '');
/**
 * `--losses`: for each evidence message missing from the 2,000-token pack, why (tuning runs; see
 * `lossesOf`), printed as a table per variant.
 */
const LOSSES = process.argv.includes('--losses');
const local = createLocalEmbeddingModel({ workers: 1 });
const cached = diskCachedModel(local);

interface Asked {
  readonly id: string;
  readonly question: string;
  readonly type: string;
  readonly half: string;
  readonly evidence: readonly string[];
}
interface Haystack {
  readonly thread: string;
  readonly lines: readonly string[];
  readonly now: string;
  /**
   * The clock while ingesting when the dataset dates messages after `now` (LongMemEval-S puts
   * sessions later on the question's own day; ingest refuses records more than five minutes
   * ahead of its clock). The pack is still built at `now`. Default: `now`.
   */
  readonly ingestAt?: string;
  readonly asked: readonly Asked[];
}
interface Judged {
  readonly id: string;
  readonly dataset: string;
  readonly half: string;
  readonly type: string;
  readonly budget: number;
  readonly recall: number;
  readonly tokens: number;
  readonly variant: string;
  /** Why each missing evidence message was missing (`--losses`, 2,000 tokens only). */
  readonly losses?: readonly string[];
  /** Tokens of each section (`--losses`). */
  readonly sectionTokens?: Readonly<Record<string, number>>;
}

async function run(dataset: string, haystacks: readonly Haystack[]): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const haystack of haystacks) {
    const home = mkdtempSync(join(tmpdir(), 'verity-context-evidence-'));
    const open = (context: EngineContextOptions, at = haystack.now) =>
      createEngine({
        home,
        clock: fixedClock(Math.max(Date.parse(at), Date.parse(haystack.now))),
        embeddings: { model: cached.model },
        context,
      });
    const ingester = await open({}, haystack.ingestAt);
    await ingester.ingest(haystack.lines.join('\n'));
    await ingester.close();
    for (const [variant, context] of Object.entries(VARIANTS)) {
      const engine = await open(context);
      judged.push(...(await judge(engine, dataset, haystack, variant)));
      await engine.close();
    }
    rmSync(home, { recursive: true, force: true });
    console.log(`${dataset} ${haystack.thread}: ${haystack.asked.length} questions`);
  }
  return judged;
}

async function judge(
  engine: Awaited<ReturnType<typeof createEngine>>,
  dataset: string,
  haystack: Haystack,
  variant: string,
): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const q of haystack.asked) {
    for (const budget of BUDGETS) {
      const result = await engine.buildContext({
        thread: haystack.thread,
        query: q.question,
        now: haystack.now,
        budget,
      });
      const shown = new Set([...result.included.messageIds, ...result.included.stateItemRefs]);
      const evidence = [...new Set(q.evidence)];
      const found = evidence.filter((id) => shown.has(id)).length;
      const missing = evidence.filter((id) => !shown.has(id));
      const explained =
        LOSSES && budget === 2000
          ? {
              losses: await lossesOf(engine, haystack, q.question, missing, result),
              sectionTokens: Object.fromEntries(result.sections.map((x) => [x.name, x.tokens])),
            }
          : {};
      judged.push({
        ...explained,
        id: q.id,
        dataset,
        half: q.half,
        type: q.type,
        budget,
        recall: evidence.length === 0 ? 0 : found / evidence.length,
        tokens: result.total,
        variant,
      });
    }
  }
  return judged;
}

type BuiltContext = Awaited<ReturnType<Awaited<ReturnType<typeof createEngine>>['buildContext']>>;

/** Message ids of a haystack in thread order (created_at, then id), for the neighbour check. */
function threadOrder(haystack: Haystack): string[] {
  return haystack.lines
    .map((line) => JSON.parse(line) as { message_id: string; created_at: string })
    .sort((a, b) =>
      a.created_at < b.created_at
        ? -1
        : a.created_at > b.created_at
          ? 1
          : a.message_id < b.message_id
            ? -1
            : 1,
    )
    .map((m) => m.message_id);
}

/**
 * Why each missing evidence message is not in the pack: dropped by the memories section (its
 * token budget, its cap, or shown by the tail), ranked by search within the 40 hits the pack asks
 * for but below the 20 memory slots, ranked 41–100 (a deeper list would reach it), or not in the
 * top 100 at all. `+neighbour` marks a message whose turn before or after is shown.
 */
async function lossesOf(
  engine: Awaited<ReturnType<typeof createEngine>>,
  haystack: Haystack,
  question: string,
  missing: readonly string[],
  result: BuiltContext,
): Promise<string[]> {
  if (missing.length === 0) return [];
  const hits = (await engine.search(question, { limit: 100, filters: { kinds: ['message'] } }))
    .hits;
  const asked = (await engine.search(question, { limit: 40, filters: { kinds: ['message'] } }))
    .hits;
  const rankIn = (list: typeof hits, id: string) => list.findIndex((hit) => hit.id === id);
  const memories = result.sections.find((x) => x.name === 'memories');
  const order = threadOrder(haystack);
  const shown = new Set(result.included.messageIds);
  return missing.map((id) => {
    const dropped = memories?.dropped.find(
      (entry) => entry.id === `message:${haystack.thread}/${id}`,
    );
    const at = order.indexOf(id);
    const neighbour = shown.has(order[at - 1] ?? '') || shown.has(order[at + 1] ?? '');
    const rank40 = rankIn(asked, id);
    const rank100 = rankIn(hits, id);
    const reason =
      dropped !== undefined
        ? `memories: ${dropped.reason}`
        : rank40 >= 0
          ? 'searched (top 40), below the memory slots'
          : rank100 >= 0
            ? 'search rank 41–100'
            : 'not in search top 100';
    return neighbour ? `${reason} +neighbour` : reason;
  });
}

/** The loss table of `--losses`: reasons per variant, and mean tokens per section at 2,000. */
function printLosses(all: readonly Judged[]): void {
  for (const variant of [...new Set(all.map((j) => j.variant))]) {
    const own = all.filter((j) => j.variant === variant && j.losses !== undefined);
    const reasons = new Map<string, number>();
    for (const j of own) for (const r of j.losses ?? []) reasons.set(r, (reasons.get(r) ?? 0) + 1);
    const total = [...reasons.values()].reduce((a, b) => a + b, 0);
    console.log(
      `losses ${variant}: ${total} evidence messages missing @2000 over ${own.length} questions`,
    );
    for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${reason}: ${count} (${((100 * count) / Math.max(1, total)).toFixed(1)} %)`);
    }
    const sections = new Map<string, number>();
    for (const j of own) {
      for (const [name, tokens] of Object.entries(j.sectionTokens ?? {})) {
        sections.set(name, (sections.get(name) ?? 0) + tokens / Math.max(1, own.length));
      }
    }
    console.log(
      `  mean tokens: ${[...sections].map(([n, t]) => `${n} ${t.toFixed(0)}`).join(', ')}`,
    );
  }
}

const haystacksLocomo: Haystack[] = [];
if (locomoAvailable()) {
  const { messages, queries } = loadLocomo();
  const conversations = [...new Set(messages.map((m) => m.conversation_id))].sort();
  const halfA = conversations.slice(0, 5);
  const names: Record<number, string> = {
    1: 'multi-hop (cat. 1)',
    2: 'temporal (cat. 2)',
    3: 'open-domain (cat. 3)',
    4: 'single-hop (cat. 4)',
  };
  const wanted = conversations.filter((c) =>
    PARTS.has(halfA.includes(c) ? 'locomo-a' : 'locomo-b'),
  );
  for (const conversation of FROM.length > 0 ? [] : wanted) {
    const asked = queries.filter((q) => q.conversation_id === conversation && q.category <= 4);
    haystacksLocomo.push({
      thread: conversation,
      lines: messages
        .filter((m) => m.conversation_id === conversation)
        .map((m) => toRecord(m, conversation)),
      now: asked[0]?.question_date ?? '2024-01-01T00:00:00Z',
      asked: asked.map((q) => ({
        id: q.query_id,
        question: q.question,
        type: names[q.category] ?? String(q.category),
        half: halfA.includes(conversation) ? 'A (tuning)' : 'B (held out)',
        evidence: q.evidence_message_ids,
      })),
    });
  }
}

// Only haystacks whose vectors are all in the disk cache (see bench/retrieval.bench.ts), unless
// `--embed-all`.
const haystacksLme: Haystack[] = [];
if (lmeAvailable() && FROM.length === 0) {
  const lme = loadLme();
  const split = splitLme(lme.queries);
  const all = process.argv.includes('--embed-all');
  const taken = { tuning: 0, held: 0 };
  for (const q of lme.queries) {
    const half = split.tuning.includes(q.conversation_id) ? 'tuning' : 'held';
    if (!PARTS.has(`lme-${half}`) || taken[half] >= LME_MAX) continue;
    const own = lme.messages.filter((m) => m.conversation_id === q.conversation_id);
    const ready = own.every((m) => cached.has(m.content.slice(0, local.maxInputTokens * 16)));
    if (!all && !ready) continue;
    taken[half] += 1;
    haystacksLme.push({
      thread: q.conversation_id,
      lines: own.map((m) => {
        const record = JSON.parse(lmeRecord(m)) as Record<string, unknown>;
        return JSON.stringify({ ...record, thread_id: q.conversation_id });
      }),
      now: q.question_date,
      ingestAt: own.reduce((last, m) => (m.timestamp > last ? m.timestamp : last), q.question_date),
      asked: [
        {
          id: q.query_id,
          question: q.question,
          type: q.question_type,
          half: split.tuning.includes(q.conversation_id) ? 'tuning' : 'held out',
          evidence: q.evidence_message_ids,
        },
      ],
    });
  }
}

interface Saved {
  readonly judged: Judged[];
  readonly variants: Record<string, EngineContextOptions>;
}
const savedRuns = FROM.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Saved);
const savedVariants: Record<string, EngineContextOptions> = Object.assign(
  {},
  ...savedRuns.map((r) => r.variants),
);
const judged: Judged[] =
  FROM.length > 0
    ? savedRuns.flatMap((r) => r.judged)
    : [
        ...(await run('LoCoMo', haystacksLocomo)),
        ...(await run('LongMemEval-S dev', haystacksLme)),
      ];
await local.close();
if (SAVE !== null) writeFileSync(SAVE, JSON.stringify({ judged, variants: VARIANTS }));

const f3 = (n: number) => n.toFixed(3);
const mean = (list: readonly number[]) =>
  list.length === 0 ? 0 : list.reduce((a, b) => a + b, 0) / list.length;
if (TUNING_ONLY) {
  if (LOSSES) printLosses(judged);
  for (const variant of Object.keys(VARIANTS)) {
    for (const dataset of [...new Set(judged.map((j) => j.dataset))]) {
      const own = judged.filter((j) => j.variant === variant && j.dataset === dataset);
      const types = ['overall', ...[...new Set(own.map((j) => j.type))].sort()];
      const cells = types.map((type) => {
        const list = type === 'overall' ? own : own.filter((j) => j.type === type);
        const at = (budget: number) =>
          mean(list.filter((j) => j.budget === budget).map((j) => j.recall));
        return `${type.split(' ')[0]} ${f3(at(1000))}/${f3(at(2000))}`;
      });
      console.log(
        `variant ${variant} ${dataset} (n ${own.length / BUDGETS.length}): ${cells.join(' | ')}`,
      );
    }
  }
  process.exit(0);
}
const rows: string[] = [];
const results: Record<string, unknown>[] = [];
const variants = [...new Set(judged.map((j) => j.variant))];
const shownVariant = variants.includes(DEFAULT_VARIANT) ? DEFAULT_VARIANT : (variants[0] ?? '');
const overallRows: string[] = [];
for (const dataset of ['LoCoMo', 'LongMemEval-S dev']) {
  const all = judged.filter((j) => j.dataset === dataset);
  const halves = [...new Set(all.map((j) => j.half))].sort();
  for (const half of halves) {
    for (const variant of variants) {
      const inHalf = all.filter((j) => j.half === half && j.variant === variant);
      const types = ['overall', ...[...new Set(inHalf.map((j) => j.type))].sort()];
      for (const type of types) {
        const list = type === 'overall' ? inHalf : inHalf.filter((j) => j.type === type);
        const at = (budget: number) => list.filter((j) => j.budget === budget);
        const r1 = mean(at(1000).map((j) => j.recall));
        const r2 = mean(at(2000).map((j) => j.recall));
        const n = at(1000).length;
        results.push({ dataset, half, variant, type, n, recall1000: r1, recall2000: r2 });
        if (type === 'overall') {
          overallRows.push(
            `| ${dataset} | ${half} | ${variant === shownVariant ? `**${variant}**` : variant} | ${n} | ${f3(r1)} | ${f3(r2)} |`,
          );
        }
        if (variant !== shownVariant) continue;
        rows.push(
          `| ${dataset} | ${half} | ${type === 'overall' ? '**overall**' : type} | ${n} | ${f3(r1)} | ${f3(r2)} | ${Math.round(mean(at(2000).map((j) => j.tokens)))} |`,
        );
      }
    }
  }
}
const lmeQuestions = new Set(
  judged
    .filter((j) => j.dataset === 'LongMemEval-S dev' && j.variant === shownVariant)
    .map((j) => j.id),
).size;
const date = new Date().toISOString().slice(0, 10);
const markdown = `
## Context evidence recall on both dev sets (\`npm run bench:context\`)

Measured ${date} on ${machine()}. For each question, \`engine.buildContext({ thread, query: question,
now: question_date, budget })\` on a store holding its conversation (LoCoMo) or haystack
(LongMemEval-S dev) as one thread, engine defaults (rule extraction on, bundled embedder);
**evidence recall** = share of the question's evidence messages shown in the context (in whole or
in part) or cited by a shown state item. Halves as in the retrieval section (LoCoMo A tunes, B is
held out; LongMemEval split by hash before any tuning). LongMemEval: ${lmeQuestions} scorable questions
whose haystack vectors were in the disk cache at run time${Number.isFinite(LME_MAX) ? ` (at most ${LME_MAX} per half, the first in the dev set's order, which groups questions by type, so these are mostly knowledge-update questions: ingesting a haystack with rule extraction took minutes each on this shared machine)` : ''}.
The table shows the engine default (variant **${shownVariant}**).

| dataset | half | question type | n | recall @ 1,000 tokens | recall @ 2,000 tokens | mean tokens @ 2,000 |
| --- | --- | --- | ---: | ---: | ---: | ---: |
${rows.join('\n')}

${
  variants.length > 1
    ? `Every memories ranking tried (\`context.memoryRanking\`; chosen on the tuning halves, LoCoMo A and the LongMemEval tuning half):
${variants.map((v) => `- **${v}**: \`${JSON.stringify(savedVariants[v] ?? VARIANTS[v] ?? {})}\``).join('\n')}

| dataset | half | variant | n | recall @ 1,000 | recall @ 2,000 |
| --- | --- | --- | ---: | ---: | ---: |
${overallRows.join('\n')}
`
    : ''
}
Target (issue #17): evidence recall at 2,000 tokens ≥ 0.80 on LoCoMo half B.
`;
if (QUICK || TUNING_ONLY) console.log(markdown);
else writeSection('context-evidence', { date, machine: machine(), results }, markdown);
