import {
  buildRecallPackFitting,
  createGptTokenizer,
  isContentWord,
  type ProcedureCandidate,
  type RecallEntry,
  type RecallSection,
  selectProcedures,
} from '../context/index.js';
import {
  type Clock,
  collapseWhitespace,
  comparableText,
  DAY_MS,
  DEFAULT_ENTITY,
  EngineError,
  escapeRegExp,
  isTerminal,
  type StateItem,
  sha256Hex,
  type Task,
  toIso,
} from '../core/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import {
  isRetiredPassage,
  type MemoryEntry,
  markRetired,
  type Proposal,
  readMemory,
  readProposals,
  readRetiredPassages,
} from '../observer/index.js';
import { type PipelineDeps, recordTaskEvents } from '../pipeline/index.js';
import type { SearchOptions, SearchResult } from '../search/index.js';
import type { Store } from '../stores/index.js';
import {
  draftIncident,
  GUIDANCE_KEY,
  guidanceInForce,
  type OpsConfig,
  type Patch,
  PROCEDURE_KEY_PREFIX,
  readConfig,
  readIncidents,
  readRecallUses,
  readTasks,
  TASK_KEYS,
} from '../tasks/index.js';

/** What `recallPack` is asked. */
export interface RecallPackRequest {
  readonly entity_id?: string;
  /** The prompt: trigger words and known names in it load more (trigger expansion). */
  readonly query?: string;
  /** Tokens the pack may take (default 600). */
  readonly budget?: number;
  /** Hard Rules (memory ids) shown above the pack, left out of its P0 constraints. */
  readonly shown_rules?: readonly string[];
}

/** A recall pack as every surface returns it. */
export interface RecallPackView {
  /** Hash of the markdown: the id `feedback` refers to. */
  readonly pack_id: string;
  readonly entity_id: string;
  readonly date: string;
  readonly sections: readonly RecallSection[];
  readonly markdown: string;
  readonly tokens: number;
  readonly budget: number;
  /** Trigger words (or names) the query matched. */
  readonly triggers: readonly string[];
}

/** What `recallFeedback` counted. */
export interface RecallFeedback {
  readonly date: string;
  readonly items_used: number;
  readonly items_referenced: number;
  /** The entries the output referenced. */
  readonly referenced: readonly string[];
  /** WRONG_RECALL incidents this call logged (for earlier feedback whose items were corrected). */
  readonly wrong_recalls: readonly string[];
}

/** Default of `recall.wrong_window_hours`: how long after use a correction still counts. */
export const DEFAULT_WRONG_RECALL_WINDOW_HOURS = 72;

/** Recall pack and its feedback (seed 004 layer 4). */
export interface RecallCapability {
  /**
   * The recall pack for an entity: P0 constraints (with the dead-man line), open commitments,
   * open questions, waiting-on, today's focus, procedures, and what the query's triggers load,
   * within `budget` tokens (entries per section shrink until it fits).
   */
  recallPack(request?: RecallPackRequest): Promise<RecallPackView>;
  /**
   * Counts which entries of a pack (its markdown, as the agent received it) the agent's output
   * referenced, and records the counts for the day's metrics (`recall.feedback_recorded`).
   */
  recallFeedback(pack: string, output: string): Promise<RecallFeedback>;
  /**
   * Logs a WRONG_RECALL incident for each state item an agent's output used (per its feedback)
   * that has since been superseded (a later message corrected it), when the use lies within
   * `recall.wrong_window_hours` (ops config; default 72) before now. Each use is logged once.
   * Returns the incident ids logged. `recallFeedback` runs it too.
   */
  checkWrongRecalls(): Promise<readonly string[]>;
}

/** What the recall capability reads through. */
export interface RecallDeps {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  readonly search: (query: string, options: SearchOptions) => Promise<SearchResult>;
  /** `recall.triggers` from the config file: a word → names to load. */
  readonly triggers: Readonly<Record<string, readonly string[]>>;
}

const DEFAULT_PACK_BUDGET = 600;

/** The content words of a text, four letters or more (hyphenated ones whole). */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).filter(isContentWord);
}

function mentions(query: string, word: string): boolean {
  const escaped = escapeRegExp(word);
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(query);
}

/**
 * Whether `output` refers to a pack entry: it names the entry's id (a task id or item uid), or it
 * repeats at least two thirds of the entry's content words (four letters or more).
 */
export function isReferenced(entryText: string, output: string): boolean {
  const id =
    /\b(TASK-\d{8}-\d{3,}|[dcaqr]_[0-9a-f]{12}|m-\d{8}-\d{3,}|mem_[0-9a-f]{16}|PATCH-\d{8}-\d{3,})\b/.exec(
      entryText,
    )?.[1];
  if (id !== undefined && output.includes(id)) return true;
  const content = entryText
    .replace(/ \((MEMORY\.md m-\d{8}-\d+|memory mem_[0-9a-f]{16}|patch PATCH-\d{8}-\d+)\)$/, '')
    .replace(/TASK-\d{8}-\d+/g, '')
    .replace(/\((due|last follow-up) [^)]*\)/g, '')
    .replace(/\[[A-Z_]+\]/g, '');
  const wanted = [...new Set(words(content))];
  if (wanted.length === 0) return false;
  const said = new Set(words(output));
  return wanted.filter((w) => said.has(w)).length * 3 >= wanted.length * 2;
}

/** A tokenizer that counts, encodes and decodes `o200k_base` tokens. */
type Tokenizer = ReturnType<typeof createGptTokenizer>;

/** Builds the recall capability. */
export function createRecallCapability(context: RecallDeps): RecallCapability {
  const tokenizer = createGptTokenizer();
  return {
    recallPack: (request) => recallPack(context, tokenizer, request),
    recallFeedback: (pack, output) => recallFeedback(context, pack, output),
    checkWrongRecalls: () => checkWrongRecalls(context),
  };
}

/** The least and the most budget a recall pack is built in. */
export const MIN_PACK_BUDGET = 50;
export const MAX_PACK_BUDGET = 20_000;

async function recallPack(
  context: RecallDeps,
  tokenizer: Tokenizer,
  request: RecallPackRequest = {},
): Promise<RecallPackView> {
  const entity = request.entity_id ?? DEFAULT_ENTITY;
  const budget = request.budget ?? DEFAULT_PACK_BUDGET;
  if (!Number.isInteger(budget) || budget < MIN_PACK_BUDGET || budget > MAX_PACK_BUDGET) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `budget must be an integer from ${MIN_PACK_BUDGET} to ${MAX_PACK_BUDGET}`,
      {
        field: 'budget',
      },
    );
  }
  const now = toIso(context.clock.now());
  const tasks = await readTasks(context.store, (state) => !isTerminal(state), { entityId: entity });
  const sources = await readPackSources(context.store);
  const reviewed = reviewedRules(sources);
  const above = new Set(request.shown_rules ?? []);
  const rules = reviewed.rules.filter((rule) => !above.has(rule.id));
  const { rejected } = reviewed;
  const items = (
    await context.store.listStateItems({
      entityId: entity,
      statuses: ['active', 'open', 'blocked'],
    })
  ).filter((item) => !rejectedBefore(rejected, item));
  const query = request.query ?? '';
  const { matched, triggered } = await triggeredEntries(context, sources.config, entity, query);
  const guidance = await guidanceEntries(sources);
  const procedures = await relevantProcedures(context, sources, entity, now, {
    query,
    triggers: [...matched, ...matched.flatMap((word) => context.triggers[word] ?? [])],
    tasks,
  });
  const result = buildRecallPackFitting(
    { items, entities: [], entity, now, tasks, triggered, procedures, guidance, rules },
    (markdown) => tokenizer.count(markdown) <= budget,
  );
  if (!result.ok) throw result.error;
  let markdown = result.value.markdown;
  let tokens = tokenizer.count(markdown);
  if (tokens > budget) {
    markdown = tokenizer.decode(tokenizer.encode(markdown).slice(0, budget));
    tokens = tokenizer.count(markdown);
  }
  return {
    pack_id: sha256Hex(markdown).slice(0, 16),
    entity_id: entity,
    date: result.value.date,
    sections: result.value.sections,
    markdown,
    tokens,
    budget,
    triggers: matched,
  };
}

/**
 * What one pack is built from besides tasks and state items, each read once per build: the
 * promoted MEMORY.md entries, the proposals, the ops config and (only when the config names
 * guidance or a procedure) every patch.
 */
interface PackSources {
  readonly memory: readonly MemoryEntry[];
  readonly proposals: readonly Proposal[];
  readonly config: OpsConfig;
  /** Every patch in proposal order, read on first use. */
  readonly patches: () => Promise<readonly Patch[]>;
}

async function readPackSources(store: Store): Promise<PackSources> {
  const [memory, proposals, config] = await Promise.all([
    readMemory(store),
    readProposals(store),
    readConfig(store),
  ]);
  let patches: Promise<readonly Patch[]> | undefined;
  return { memory, proposals, config, patches: () => (patches ??= allPatches(store)) };
}

/**
 * What the user's reviews of MEMORY.md proposals say about hard rules:
 * - `rules`: the active promoted entries of priority P0, which belong under P0 constraints (they
 *   apply to every entity, as procedures do), cited with their entry id;
 * - `rejected`: the comparable text of each rejected proposal, with when it was rejected.
 *
 * A state item saying exactly what the user rejected as a memory proposal is left out of the pack
 * when its evidence is no newer than the rejection (ADR 2026-11-28-rejected-proposals-in-the-pack):
 * the item extractor read the same session passage the proposal came from, and the user's review
 * outranks the extractor's reading of it. The item is not retired: it stays in `items list` and
 * in the ledger, and the user saying the rule again after the rejection brings it back. Read-side
 * only, so replay and rebuild are untouched.
 */
function reviewedRules(sources: PackSources): {
  rules: RecallEntry[];
  rejected: ReadonlyMap<string, string>;
} {
  const rules = sources.memory
    .filter((m) => m.status === 'active' && m.memory_priority === 'P0')
    .map((m) => ({
      id: m.memory_id,
      text: m.text,
      source: `MEMORY.md ${m.memory_id}`,
    }));
  const rejected = new Map<string, string>();
  for (const p of sources.proposals) {
    if (p.status !== 'rejected' || p.resolved_at === null) continue;
    const key = comparableText(p.text.replace(/[.!]+$/, ''));
    const known = rejected.get(key);
    if (known === undefined || p.resolved_at > known) rejected.set(key, p.resolved_at);
  }
  return { rules, rejected };
}

/** Whether `item` says what a proposal rejected after the item's newest evidence said. */
function rejectedBefore(rejected: ReadonlyMap<string, string>, item: StateItem): boolean {
  const at = rejected.get(comparableText(item.text.replace(/[.!]+$/, '')));
  return at !== undefined && Date.parse(item.lastSeenAt) <= Date.parse(at);
}

/** Tag that marks a vault memory as a procedure (`verity memories add … --tag procedure`). */
export const PROCEDURE_TAG = 'procedure';

/**
 * The stored procedures an entity's pack may cite: promoted MEMORY.md entries of type
 * `procedure` (they belong to the user, so to every entity's pack) and the entity's vault
 * memories tagged `procedure`. A vault memory that is itself a promoted procedure entry is listed
 * once, as the entry.
 */
async function procedureCandidates(
  store: Store,
  sources: PackSources,
  entity: string,
): Promise<ProcedureCandidate[]> {
  const patched = await patchedProcedures(sources);
  const entries = sources.memory.filter((m) => m.type === 'procedure' && m.status === 'active');
  const entryIds = new Set(entries.map((m) => m.memory_id));
  const memories = await store.vault.listMemories({ entityId: entity, tag: PROCEDURE_TAG });
  return [
    ...patched,
    ...entries.map((m) => ({
      id: m.memory_id,
      text: m.text,
      tags: [],
      source: `MEMORY.md ${m.memory_id}`,
    })),
    ...memories
      .filter((m) => !(m.sourceKind === 'promotion' && entryIds.has(m.sourceRef ?? '')))
      .map((m) => ({ id: m.memoryId, text: m.text, tags: m.tags, source: `memory ${m.memoryId}` })),
  ];
}

/** The id of the applied patch that set config `key`, if one did. */
function patchOf(patches: readonly Patch[], key: string): string | null {
  return patches.findLast((p) => p.status === 'applied' && p.change.key === key)?.patch_id ?? null;
}

/**
 * Procedures that approved patches set (`procedure.<slug>` in the ops config); a rolled-back
 * patch restored the key's earlier value, so it is gone with it.
 */
async function patchedProcedures(sources: PackSources): Promise<ProcedureCandidate[]> {
  const { config } = sources;
  const out: ProcedureCandidate[] = [];
  for (const key of Object.keys(config).sort()) {
    const value = config[key];
    if (!key.startsWith(PROCEDURE_KEY_PREFIX) || !Array.isArray(value) || value.length === 0) {
      continue;
    }
    const patch = patchOf(await sources.patches(), key);
    out.push({
      id: patch ?? key,
      text: value.join(' '),
      // No labels: a title's words are not deliberate tags, so relevance needs two shared words.
      tags: [],
      source: patch === null ? `config ${key}` : `patch ${patch}`,
    });
  }
  return out;
}

/** Every patch, in proposal order. */
async function allPatches(store: Store): Promise<Patch[]> {
  const ids = ((await store.getMeta(TASK_KEYS.patches)) as string[] | null) ?? [];
  const out: Patch[] = [];
  for (const id of ids) {
    const patch = (await store.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
    if (patch !== null) out.push(patch);
  }
  return out;
}

/**
 * The standing guidance lines approved prompt patches put in force, each cited with the patch
 * that added it, so the agent reading the pack can tell where a line came from.
 */
async function guidanceEntries(sources: PackSources): Promise<RecallEntry[]> {
  if (!Array.isArray(sources.config[GUIDANCE_KEY])) return [];
  const lines = guidanceInForce(sources.config, await sources.patches());
  return lines.map((line, index) => {
    const id = `${GUIDANCE_KEY}#${index + 1}`;
    if (line.patch_id === null) return { id, text: line.text };
    const source = `patch ${line.patch_id}`;
    return { id, text: `${line.text} (${source})`, source };
  });
}

/**
 * The procedures relevant to the prompt, its triggers and today's work (P0s, tasks due by
 * tomorrow or being worked on), as pack entries with their source.
 */
async function relevantProcedures(
  context: RecallDeps,
  sources: PackSources,
  entity: string,
  now: string,
  about: { query: string; triggers: readonly string[]; tasks: readonly Task[] },
): Promise<RecallEntry[]> {
  const candidates = await procedureCandidates(context.store, sources, entity);
  if (candidates.length === 0) return [];
  const horizon = toIso(Date.parse(now) + 2 * DAY_MS).slice(0, 10);
  const taskTitles = about.tasks
    .filter(
      (t) =>
        !isTerminal(t.state) &&
        (t.priority === 'P0' ||
          t.state === 'EXECUTING' ||
          (t.due !== null && t.due.slice(0, 10) < horizon)),
    )
    .map((t) => t.title);
  return selectProcedures(candidates, {
    query: about.query,
    triggers: about.triggers,
    taskTitles,
  }).map((p) => ({ id: p.id, text: p.text, source: p.source }));
}

/**
 * The trigger words `query` mentions (config triggers plus patched ones) and the entries their
 * names load through text search, each once.
 */
async function triggeredEntries(
  context: RecallDeps,
  config: OpsConfig,
  entity: string,
  query: string,
): Promise<{ readonly matched: string[]; readonly triggered: RecallEntry[] }> {
  const patched = config['recall.triggers'];
  const table: Record<string, readonly string[]> = { ...context.triggers };
  for (const name of Array.isArray(patched) ? (patched as readonly string[]) : []) {
    table[name] = [...(table[name] ?? []), name];
  }
  const matched = Object.keys(table)
    .filter((word) => query !== '' && mentions(query, word))
    .sort();
  const triggered: RecallEntry[] = [];
  // What a retired MEMORY.md entry stands behind is history: marked, and after current entries.
  const history: RecallEntry[] = [];
  const retired = matched.length === 0 ? null : await readRetiredPassages(context.store);
  const seen = new Set<string>();
  for (const word of matched) {
    for (const name of table[word] ?? []) {
      const result = await context.search(name, {
        limit: 3,
        mode: 'text',
        filters: { entityIds: [entity] },
      });
      for (const hit of result.hits) {
        const key = `${hit.kind}:${hit.thread_id ?? ''}:${hit.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const passage = {
          id: hit.kind === 'message' ? `${hit.thread_id ?? ''}/${hit.id}` : hit.id,
          text: hit.text,
          at: hit.created_at,
        };
        const old = retired !== null && isRetiredPassage(retired, passage);
        // Only part retired: the retired sentences are marked in the snippet itself.
        const snippet =
          old || retired === null
            ? hit.snippet
            : markRetired(retired, { ...passage, text: hit.snippet });
        (old ? history : triggered).push({
          id: key,
          text: `${name}: ${old ? '(retired) ' : ''}${collapseWhitespace(snippet)}`,
        });
      }
    }
  }
  return { matched, triggered: [...triggered, ...history] };
}

async function recallFeedback(
  context: RecallDeps,
  pack: string,
  output: string,
): Promise<RecallFeedback> {
  const entries = pack
    .split('\n')
    .filter((line) => line.startsWith('- ') && !line.startsWith('- … '))
    .map((line) => line.slice(2));
  const referenced = entries.filter((entry) => isReferenced(entry, output));
  const date = toIso(context.clock.now()).slice(0, 10);
  const usedItems = await usedStateItems(context, referenced);
  if (entries.length > 0) {
    await recordTaskEvents(context.deps, async () => ({
      drafts: [
        {
          type: EVENT_TYPES.recallFeedbackRecorded,
          payload: {
            pack_id: sha256Hex(pack).slice(0, 16),
            items_used: entries.length,
            items_referenced: referenced.length,
            used_items: usedItems,
          },
          entityId: null,
        },
      ],
      value: null,
    }));
  }
  const wrong = await checkWrongRecalls(context);
  return {
    date,
    items_used: entries.length,
    items_referenced: referenced.length,
    referenced,
    wrong_recalls: wrong,
  };
}

/**
 * The state items among the referenced entries that are still live: only a value that was right
 * when used can later turn out to have been a wrong recall.
 */
async function usedStateItems(
  context: RecallDeps,
  referenced: readonly string[],
): Promise<{ uid: string; thread_id: string }[]> {
  const usedItems: { uid: string; thread_id: string }[] = [];
  const live =
    referenced.length === 0
      ? []
      : await context.store.listStateItems({
          statuses: ['active', 'open', 'blocked'],
          limit: 5000,
        });
  for (const entry of referenced) {
    // A pack entry of a state item is the item's text, maybe with a marker appended.
    const text = entry.replace(/( \((blocked|CONFLICT)\))+$/, '').trim();
    for (const item of live) {
      if (collapseWhitespace(item.text) !== text) continue;
      if (usedItems.some((u) => u.uid === item.uid && u.thread_id === item.threadId)) continue;
      usedItems.push({ uid: item.uid, thread_id: item.threadId });
    }
  }
  return usedItems;
}

async function checkWrongRecalls(context: RecallDeps): Promise<readonly string[]> {
  const now = context.clock.now();
  const configured = (await readConfig(context.store))['recall.wrong_window_hours'];
  const hours =
    typeof configured === 'number' && configured > 0
      ? configured
      : DEFAULT_WRONG_RECALL_WINDOW_HOURS;
  const since = toIso(now - hours * 3_600_000);
  const logged = new Set((await readIncidents(context.store)).map((i) => i.detail));
  const drafts: ReturnType<typeof draftIncident>[] = [];
  for (const use of await readRecallUses(context.store)) {
    if (use.at < since) continue;
    const item = await context.store.getStateItem(use.thread_id, use.uid);
    if (item?.status !== 'superseded') continue;
    const detail = `recall pack ${use.pack_id} item ${use.uid} used at ${use.at} was corrected since (superseded by ${item.replacedBy ?? 'a later item'})`;
    if (logged.has(detail)) continue;
    logged.add(detail);
    drafts.push(
      draftIncident(
        { type: 'WRONG_RECALL', detail, severity: 'medium', actor: 'recall' },
        now,
        sha256Hex,
      ),
    );
  }
  if (drafts.length === 0) return [];
  await recordTaskEvents(context.deps, async () => ({ drafts, value: null }));
  return drafts.map((d) => String(d.payload['incident_id'] ?? ''));
}
