// Context builder on LoCoMo (../shared/bench/locomo, read in place, never copied): how small the
// built context is against the whole conversation, whether each question's evidence is inside it,
// and how long a build takes with the bundled embedder. Run: npm run bench:context. Writes the
// "context" section of docs/BENCHMARKS.md.
//
// The budget (2,000 tokens, the builder's default) and every setting were fixed before measuring;
// nothing here is tuned to LoCoMo.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGptTokenizer, DEFAULT_CONTEXT_BUDGET } from '../src/context/index.js';
import { fixedClock } from '../src/core/index.js';
import {
  type ContextResult,
  createEngine,
  type EngineContextOptions,
} from '../src/engine/index.js';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import {
  LOCOMO_DIR,
  type LocomoMessage,
  type LocomoQuery,
  loadLocomo,
  locomoAvailable,
  memoised,
  toRecord,
} from './locomo.js';
import { machine, writeSection } from './report.js';

if (!locomoAvailable()) {
  console.log(
    `skipped: ${LOCOMO_DIR} is absent (the LoCoMo dev set is read in place, never copied)`,
  );
  process.exit(0);
}

const BUDGET = DEFAULT_CONTEXT_BUDGET;
const TARGET_RATIO = 0.1;
const TARGET_P95_MS = 100;
/** Built per conversation before timing starts (first statements, first query embeddings). */
const WARMUP_QUERIES = ['how are you', 'what happened last week', 'plans for the weekend'];

const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi-hop (cat. 1)',
  2: 'temporal (cat. 2)',
  3: 'open-domain (cat. 3)',
  4: 'single-hop (cat. 4)',
  5: 'adversarial (cat. 5)',
};

const { messages, queries } = loadLocomo();
// `--smoke N` runs the first N conversations and prints, without writing the section.
const smokeAt = process.argv.indexOf('--smoke');
const smoke = smokeAt === -1 ? null : Number(process.argv[smokeAt + 1] ?? '1');
// `--context '{"askedItemShare":6}'`: engine context options for both passes (tuning with --smoke).
const contextAt = process.argv.indexOf('--context');
const contextOptions = (
  contextAt === -1 ? {} : JSON.parse(process.argv[contextAt + 1] ?? '{}')
) as EngineContextOptions;
const conversations = [...new Set(messages.map((m) => m.conversation_id))]
  .sort()
  .slice(0, smoke ?? undefined);
const tokenizer = createGptTokenizer();
const local = createLocalEmbeddingModel();
const shared = memoised(local);

/** The whole conversation as the tail would show it: one `role: content` line per message. */
function fullHistoryTokens(own: readonly LocomoMessage[]): number {
  return tokenizer.count(own.map((m) => `${m.role}: ${m.speaker}: ${m.content}`).join('\n'));
}

interface Judged {
  readonly queryId: string;
  readonly category: number;
  readonly contextTokens: number;
  readonly fullTokens: number;
  readonly ratio: number;
  /** Evidence ids shown in the context or cited by a shown state item, over all evidence ids. */
  readonly recall: number;
  /** Evidence ids whose text is shown (tail or memories), over all evidence ids. */
  readonly shownRecall: number;
  readonly allEvidence: boolean;
  readonly evidenceInTail: number;
  readonly evidenceInMemories: number;
  readonly evidenceInItemRefs: number;
  readonly ms: number;
  readonly stateSource: string | null;
  readonly stateItems: number;
  readonly memoriesShown: number;
  readonly tailShown: number;
  readonly sectionTokens: Record<string, number>;
}

function judge(
  q: LocomoQuery,
  result: ContextResult,
  fullTokens: number,
  ms: number,
  memoryMessageIds: ReadonlySet<string>,
): Judged {
  const tail = new Set(result.sections.find((s) => s.name === 'tail')?.includedIds ?? []);
  const shown = new Set(result.included.messageIds);
  const refs = new Set(result.included.stateItemRefs);
  const evidence = [...new Set(q.evidence_message_ids)];
  const count = (set: ReadonlySet<string>) => evidence.filter((id) => set.has(id)).length;
  const inContext = evidence.filter((id) => shown.has(id) || refs.has(id)).length;
  const state = result.sections.find((s) => s.name === 'state_items');
  return {
    queryId: q.query_id,
    category: q.category,
    contextTokens: result.total,
    fullTokens,
    ratio: result.total / fullTokens,
    recall: evidence.length === 0 ? 0 : inContext / evidence.length,
    shownRecall: evidence.length === 0 ? 0 : count(shown) / evidence.length,
    allEvidence: evidence.length > 0 && inContext === evidence.length,
    evidenceInTail: count(tail),
    evidenceInMemories: count(memoryMessageIds),
    evidenceInItemRefs: count(refs),
    ms,
    stateSource: state?.text === '' ? null : (state?.source ?? null),
    stateItems: result.included.stateItemUids.length,
    memoriesShown: result.included.memoryIds.length,
    tailShown: tail.size,
    sectionTokens: Object.fromEntries(result.sections.map((s) => [s.name, s.tokens])),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

interface ConversationStats {
  readonly conversation: string;
  readonly messages: number;
  readonly fullTokens: number;
  readonly queries: number;
  readonly buildSeconds: number;
  /** State items extracted at ingest, and how many of them are still in force. */
  readonly items: number;
  readonly openItems: number;
}

/**
 * Ingests one conversation into a fresh store and builds a context for each of its questions.
 * `itemsOff` turns state-item extraction off (the reference pass).
 */
async function runConversation(
  conversation: string,
  itemsOff: boolean,
): Promise<{ readonly judged: Judged[]; readonly stats: ConversationStats }> {
  const own = messages.filter((m) => m.conversation_id === conversation);
  const asked = queries.filter((q) => q.conversation_id === conversation);
  const questionDate = asked[0]?.question_date ?? '2024-01-01T00:00:00Z';
  const home = mkdtempSync(join(tmpdir(), 'verity-context-bench-'));
  // The engine's defaults (rule extraction on), the bundled model shared across conversations.
  const engine = await createEngine({
    home,
    clock: fixedClock(Date.parse(questionDate)),
    embeddings: { model: shared.model },
    context: contextOptions,
    ...(itemsOff ? { items: { extractor: null } } : {}),
  });
  const thread = conversation;
  const t0 = performance.now();
  // Ingest waits for vectors and state-item extraction, as an agent's store would have them.
  await engine.ingest(own.map((m) => toRecord(m, thread)).join('\n'));
  const t1 = performance.now();
  const status = await engine.searchStatus();
  if (status.pending !== 0) {
    throw new Error(`${conversation}: ${status.pending} items lack vectors`);
  }
  const items = await engine.listStateItems({ threadId: thread, status: 'all' });
  const fullTokens = fullHistoryTokens(own);
  for (const warm of WARMUP_QUERIES) {
    await engine.buildContext({ thread, query: warm, now: questionDate });
  }
  const judged: Judged[] = [];
  for (const q of asked) {
    const started = performance.now();
    const result = await engine.buildContext({ thread, query: q.question, now: questionDate });
    const ms = performance.now() - started;
    const memorySection = result.sections.find((s) => s.name === 'memories');
    // Memory ids are `message:<thread>/<message id>`; the message id follows the thread's slash.
    const memoryMessageIds = new Set(
      (memorySection?.includedIds ?? []).map((id) => id.slice(`message:${thread}/`.length)),
    );
    judged.push(judge(q, result, fullTokens, ms, memoryMessageIds));
  }
  await engine.close();
  rmSync(home, { recursive: true, force: true });
  const stats: ConversationStats = {
    conversation,
    messages: own.length,
    fullTokens,
    queries: asked.length,
    buildSeconds: (t1 - t0) / 1000,
    items: items.items.length,
    openItems: items.items.filter(
      (item) =>
        item.status !== 'superseded' && item.status !== 'done' && item.status !== 'answered',
    ).length,
  };
  console.log(
    `${itemsOff ? '[items off] ' : ''}${conversation}: ${own.length} messages, ${fullTokens} tokens, ${items.items.length} items; ingest + vectors + items ${stats.buildSeconds.toFixed(1)} s; ratio ${mean(judged.map((j) => j.ratio)).toFixed(3)}, recall ${mean(judged.map((j) => j.recall)).toFixed(3)}, p95 ${percentile(
      judged.map((j) => j.ms).sort((a, b) => a - b),
      0.95,
    ).toFixed(1)} ms`,
  );
  return { judged, stats };
}

const runStarted = performance.now();
const judged: Judged[] = [];
const perConversation: ConversationStats[] = [];
const loadBefore = loadavg()[0] ?? 0;
for (const conversation of conversations) {
  const run = await runConversation(conversation, false);
  judged.push(...run.judged);
  perConversation.push(run.stats);
}
const loadAfter = loadavg()[0] ?? 0;
// The reference pass reuses the memo's vectors, questions included, so its latency is not reported.
const itemsOffJudged: Judged[] = [];
for (const conversation of conversations) {
  itemsOffJudged.push(...(await runConversation(conversation, true)).judged);
}
await local.close();

// ---------------------------------------------------------------- aggregate

interface Row {
  readonly n: number;
  readonly recall: number;
  readonly shownRecall: number;
  readonly allEvidence: number;
  readonly ratio: number;
}

function row(list: readonly Judged[]): Row {
  return {
    n: list.length,
    recall: mean(list.map((j) => j.recall)),
    shownRecall: mean(list.map((j) => j.shownRecall)),
    allEvidence: mean(list.map((j) => (j.allEvidence ? 1 : 0))),
    ratio: mean(list.map((j) => j.ratio)),
  };
}

const headline = judged.filter((j) => j.category <= 4);
const byCategory: Record<string, Row> = {};
for (const [category, name] of Object.entries(CATEGORY_NAMES)) {
  byCategory[name] = row(judged.filter((j) => j.category === Number(category)));
}
byCategory['overall (cat. 1–4)'] = row(headline);
byCategory['overall (incl. adversarial), reference'] = row(judged);

const ratios = judged.map((j) => j.ratio).sort((a, b) => a - b);
const tokens = judged.map((j) => j.contextTokens).sort((a, b) => a - b);
const times = judged.map((j) => j.ms).sort((a, b) => a - b);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const latency = {
  p50: round(percentile(times, 0.5)),
  p95: round(percentile(times, 0.95)),
  max: round(times.at(-1) ?? 0),
  mean: round(mean(times)),
};
const sizes = {
  contextTokens: {
    mean: round(mean(tokens)),
    p50: percentile(tokens, 0.5),
    max: tokens.at(-1) ?? 0,
  },
  ratio: {
    mean: round(mean(ratios), 4),
    p50: round(percentile(ratios, 0.5), 4),
    max: round(ratios.at(-1) ?? 0, 4),
    withinTarget: round(ratios.filter((r) => r <= TARGET_RATIO).length / ratios.length, 4),
  },
};
const sectionNames = Object.keys(judged[0]?.sectionTokens ?? {});
const sectionMeans = Object.fromEntries(
  sectionNames.map((name) => [name, round(mean(judged.map((j) => j.sectionTokens[name] ?? 0)))]),
);
const evidenceTotal = headline.reduce((sum, j) => sum + j.evidenceInTail + j.evidenceInMemories, 0);
const evidenceWhere = {
  tail: headline.reduce((sum, j) => sum + j.evidenceInTail, 0),
  memories: headline.reduce((sum, j) => sum + j.evidenceInMemories, 0),
  stateItemRefs: headline.reduce((sum, j) => sum + j.evidenceInItemRefs, 0),
};
const stateSources = {
  state_items: judged.filter((j) => j.stateSource === 'state_items').length,
  long_summary: judged.filter((j) => j.stateSource === 'long_summary').length,
  empty: judged.filter((j) => j.stateSource === null).length,
  meanItemsShown: round(mean(judged.map((j) => j.stateItems))),
};
const shownCounts = {
  memories: round(mean(judged.map((j) => j.memoriesShown))),
  tailMessages: round(mean(judged.map((j) => j.tailShown))),
};
const itemsOffHead = row(itemsOffJudged.filter((j) => j.category <= 4));
const itemsOff = {
  headline: itemsOffHead,
  byCategory: Object.fromEntries(
    Object.entries(CATEGORY_NAMES).map(([category, name]) => [
      name,
      row(itemsOffJudged.filter((j) => j.category === Number(category))),
    ]),
  ),
  memoriesShown: round(mean(itemsOffJudged.map((j) => j.memoriesShown))),
  tailMessages: round(mean(itemsOffJudged.map((j) => j.tailShown))),
  stateSlotTokens: round(mean(itemsOffJudged.map((j) => j.sectionTokens['state_items'] ?? 0))),
  memoryTokens: round(mean(itemsOffJudged.map((j) => j.sectionTokens['memories'] ?? 0))),
};
const date = new Date().toISOString().slice(0, 10);
const seconds = (performance.now() - runStarted) / 1000;
const build = {
  seconds: round(perConversation.reduce((sum, c) => sum + c.buildSeconds, 0)),
  items: perConversation.reduce((sum, c) => sum + c.items, 0),
  openItems: perConversation.reduce((sum, c) => sum + c.openItems, 0),
};
const head = byCategory['overall (cat. 1–4)'] ?? row([]);
const verdict = (met: boolean) => (met ? 'met' : '**not met**');
const f3 = (n: number) => n.toFixed(3);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

const write =
  smoke === null
    ? writeSection
    : (_section: string, results: unknown) => {
        console.log(JSON.stringify(results, null, 2));
      };
write(
  'context',
  {
    date,
    machine: machine(),
    budget: BUDGET,
    mode: 'full',
    tokenizer: tokenizer.name,
    queries: judged.length,
    byCategory,
    sizes,
    sectionMeans,
    latencyMs: latency,
    loadAverage: [round(loadBefore), round(loadAfter)],
    evidenceWhere,
    stateSources,
    shownCounts,
    itemsOff,
    build,
    perConversation: perConversation.map((c) => ({ ...c, buildSeconds: round(c.buildSeconds) })),
    embeddedTexts: shared.stats().modelTexts,
    seconds: round(seconds),
  },
  `
## Context builder (\`npm run bench:context\`)

Measured ${date} on ${machine()}. Data: the LoCoMo dev set in \`../shared/bench/locomo\` (read in
place, never copied; A. Maharana et al., ACL 2024; CC BY-NC 4.0, evaluation only), all
${judged.length} questions with marked evidence (\`retrieval_scorable\`); headline = categories 1–4.

Setup, fixed before measuring: one \`createEngine\` per conversation with the engine's defaults (rule
extraction on, bundled Universal Sentence Encoder lite, default fusion); the whole conversation is
one thread (\`thread_id\` = the conversation id), each message ingested as in the retrieval bench
(\`content\` = \`"<speaker>: <text>"\`). For each question: \`engine.buildContext({ thread, query:
question, now: question_date })\` at the default budget of **${BUDGET.toLocaleString('en-US')} tokens**, full mode,
counted with \`${tokenizer.name}\`. The pack settings (memory ranking, the asked split) were chosen on LoCoMo half A, five of these ten conversations, with the LongMemEval tuning half; see the evidence-recall section for the held-out halves.

Definitions:
- **context tokens**: the built context's \`total\` (the tokenizer's count of its whole markdown).
- **full history**: the tokenizer's count of the conversation's messages rendered as the tail
  renders them (\`<role>: <speaker>: <text>\`, one per line) — ${Math.min(...perConversation.map((c) => c.fullTokens)).toLocaleString('en-US')}–${Math.max(...perConversation.map((c) => c.fullTokens)).toLocaleString('en-US')} tokens per conversation.
- **evidence recall** of a question: the share of its distinct \`evidence_message_ids\` that are
  in \`included.messageIds\` (messages the context shows, in whole or cut short: the tail's and
  those of the memories it shows) or in \`included.stateItemRefs\` (messages cited by a state
  item it shows); averaged over questions. **shown recall** counts \`included.messageIds\` only.
  **all evidence** is the share of questions with every evidence message included.
- **latency**: wall time of \`engine.buildContext\` alone (store reads, canonical state, the query
  embedded by the bundled model on its worker thread, hybrid search, assembly and token
  counting), after ${WARMUP_QUERIES.length} warm-up builds per conversation; indexing is not timed.

| measure | value | target |
| --- | ---: | --- |
| context tokens per question: mean / median / max | ${sizes.contextTokens.mean} / ${sizes.contextTokens.p50} / ${sizes.contextTokens.max} | ≤ ${BUDGET} |
| context / full history: mean / median / max | ${pct(sizes.ratio.mean)} / ${pct(sizes.ratio.p50)} / ${pct(sizes.ratio.max)} | ≤ 10 %: on average ${verdict(sizes.ratio.mean <= TARGET_RATIO)}; per question ${verdict(sizes.ratio.max <= TARGET_RATIO)} (${pct(sizes.ratio.withinTarget)} of questions within) |
| evidence recall, categories 1–4 (n = ${head.n}) | ${f3(head.recall)} | |
| shown recall / all evidence, categories 1–4 | ${f3(head.shownRecall)} / ${f3(head.allEvidence)} | |
| build latency p50 / p95 / max (load average ${round(loadBefore)} → ${round(loadAfter)}) | ${latency.p50} / ${latency.p95} / ${latency.max} ms | p95 ≤ ${TARGET_P95_MS} ms: ${verdict(latency.p95 <= TARGET_P95_MS)} |

Per question type:

| question type | n | evidence recall | shown recall | all evidence | context / history |
| --- | ---: | ---: | ---: | ---: | ---: |
${Object.entries(byCategory)
  .map(
    ([name, r]) =>
      `| ${name} | ${r.n} | ${f3(r.recall)} | ${f3(r.shownRecall)} | ${f3(r.allEvidence)} | ${pct(r.ratio)} |`,
  )
  .join('\n')}

Reference, not the default: the same run with state-item extraction off (\`items: { extractor:
null }\`; the slot then holds the long summary). Evidence recall, categories 1–4:
${f3(itemsOffHead.recall)} (shown ${f3(itemsOffHead.shownRecall)}, all evidence ${f3(itemsOffHead.allEvidence)}), with
${itemsOff.memoriesShown} memories (${itemsOff.memoryTokens} tokens) and ${itemsOff.tailMessages} tail messages per context against
${shownCounts.memories} (${sectionMeans['memories']} tokens) and ${shownCounts.tailMessages} with items; the state-items slot took ${itemsOff.stateSlotTokens}
tokens against ${sectionMeans['state_items']}. What skills, summary and canonical state leave
unused is shared among the later sections in proportion to their shares (ADR
2026-11-25-context-budget, amended 2026-11-26: before, the state items took all of it, about 550
tokens on this set, and evidence recall was 0.676).

Where the included evidence was (categories 1–4, evidence messages): ${evidenceWhere.tail} in the
tail, ${evidenceWhere.memories} in the memories (${evidenceTotal} shown in all), ${evidenceWhere.stateItemRefs} cited by a shown state item.
Mean tokens per section: ${Object.entries(sectionMeans)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')}. The state-items slot held state items in ${stateSources.state_items} contexts,
the long summary in ${stateSources.long_summary}, nothing in ${stateSources.empty} (mean items shown ${stateSources.meanItemsShown}).

Per conversation: ${perConversation
    .map(
      (c) =>
        `${c.conversation.replace('locomo/', '')} ${c.messages} messages / ${c.fullTokens.toLocaleString('en-US')} tokens / ${c.items} items (${c.openItems} open)`,
    )
    .join(
      '; ',
    )}. Building the stores (not timed in latency): ingest with rule extraction, vectors and
state-item extraction, ${build.seconds} s in all; ${build.items} items extracted, ${build.openItems} still open.

The ratio is the fixed budget over the conversation's length: the builder fills the budget (the
tail takes what other sections leave), so a conversation shorter than ${(BUDGET / TARGET_RATIO).toLocaleString('en-US')} tokens cannot meet
10 % at ${BUDGET.toLocaleString('en-US')} tokens. Evidence recall is bounded by what ${BUDGET.toLocaleString('en-US')} tokens can hold of a
conversation of ${Math.min(...perConversation.map((c) => c.messages))}–${Math.max(...perConversation.map((c) => c.messages))} messages: on average ${shownCounts.tailMessages} tail messages and ${shownCounts.memories} retrieved memories
per context.
`,
);
console.log(`done in ${seconds.toFixed(0)} s`);
