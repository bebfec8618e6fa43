import {
  analyzeChoice,
  type BatchMessage,
  type CandidateItem,
  type ChoiceAnalysis,
  comparableText,
  computeUid,
  createItem,
  EngineError,
  escapeRegExp,
  filterRefs,
  findReplacementVerb,
  findSupersessionTrigger,
  flagConflict,
  type ItemContext,
  isActiveItem,
  mergeItem,
  normalizeTopicTag,
  replaceSpans,
  STATE_ITEM_LIMITS,
  type StateItem,
  type SupersessionBasis,
  type SupersessionEvidence,
  sortableTime,
  supersedeItem,
  validateItem,
} from '../core/index.js';
import { findDates } from '../language/index.js';
import {
  batchRetirements,
  objectKey,
  type Retirement,
  reversalCandidate,
  saidBefore,
} from './reconcile-reversal.js';

/**
 * Text similarity for reconciliation, usually the cosine of two embeddings. Implementations cache
 * by text: the same texts must always give the same scores, so that a replay reconciles alike.
 */
export interface SimilaritySource {
  /** Similarity of `text` to each of `others`, in the same order, each in [-1, 1]. */
  similarities(text: string, others: readonly string[]): Promise<readonly number[]>;
}

/**
 * The similarity bands of the decision tree. Seed 001's defaults assume one embedding model; calibrate
 * them per model and pass them in.
 */
export interface ReconcileThresholds {
  /** At or above: the same item, merged (0.92). */
  readonly merge: number;
  /** At or above (and below `merge`): related; supersede with change language, else conflict (0.85). */
  readonly conflict: number;
  /** Added to the score when the items share a topic tag, capped at 1 (0.02). */
  readonly topicBoost: number;
}

/** Seed 001's thresholds. */
export const DEFAULT_RECONCILE_THRESHOLDS = {
  merge: 0.92,
  conflict: 0.85,
  topicBoost: 0.02,
} as const satisfies ReconcileThresholds;

/** Why a candidate merged into an existing item. */
type MergeBasis =
  /** The same uid: the same type and normalised text. */
  | 'uid'
  /** The same type and chosen object, for the same stated purpose (or none on one side). */
  | 'object'
  | 'similarity';

/** Why a candidate was not reconciled. */
type DropReason =
  /** Beyond the per-run candidate cap. */
  | 'cap'
  /** Failed `validateItem`. */
  | 'invalid'
  /** No ref names a message of the batch. */
  | 'refs'
  /** Restates an item that was superseded; merging would resurrect it. */
  | 'superseded';

/** What reconciliation did with one candidate (`candidateIndex` is its position in the input). */
export type ReconcileAction =
  | {
      readonly kind: 'insert';
      readonly candidateIndex: number;
      readonly uid: string;
      /** The best boosted similarity found (below the bands), or null when nothing was compared. */
      readonly score: number | null;
    }
  | {
      readonly kind: 'merge';
      readonly candidateIndex: number;
      /** The existing item that absorbed the candidate; its uid and text stay. */
      readonly uid: string;
      readonly candidateUid: string;
      readonly basis: MergeBasis;
      readonly score: number | null;
    }
  | {
      readonly kind: 'supersede';
      readonly candidateIndex: number;
      /** The new item. */
      readonly uid: string;
      readonly replacedUid: string;
      readonly evidence: SupersessionEvidence;
    }
  | {
      readonly kind: 'conflict';
      readonly candidateIndex: number;
      /** The new item; it and `withUid` are both flagged. */
      readonly uid: string;
      readonly withUid: string;
      readonly basis: SupersessionBasis;
      readonly score: number | null;
    }
  | {
      readonly kind: 'drop';
      readonly candidateIndex: number;
      readonly reason: DropReason;
      readonly candidateUid: string | null;
    };

/** Counts of one run, as reported in `ExtractResult`. They add up to `itemsExtracted`. */
export interface ExtractCounts {
  readonly itemsExtracted: number;
  readonly itemsInserted: number;
  readonly itemsMerged: number;
  readonly itemsSuperseded: number;
  readonly itemsConflicted: number;
  readonly itemsDropped: number;
}

/** Input of `reconcileCandidates`. */
export interface ReconcileInput {
  /** The thread's items, superseded ones included (they guard against resurrection). */
  readonly existing: readonly StateItem[];
  /** The extractor's candidates, in its order. */
  readonly candidates: readonly CandidateItem[];
  /** The messages the extractor was shown: the only refs allowed, and their times and roles. */
  readonly batch: readonly BatchMessage[];
  readonly similarity: SimilaritySource;
  readonly thresholds?: Partial<ReconcileThresholds>;
  /** The reconciliation instant (RFC 3339): `createdAt`/`updatedAt` of what changes. */
  readonly now: string;
  /** The `source` of new items (the extractor id). */
  readonly source: string;
  /** Candidates reconciled at most (default 25); the rest are dropped and counted. */
  readonly maxCandidates?: number;
}

/** Result of `reconcileCandidates`. */
export interface ReconcileOutcome {
  /** One action per candidate, in candidate order. */
  readonly actions: readonly ReconcileAction[];
  /** Every item of the thread afterwards: existing ones first, in their order, then new ones. */
  readonly items: readonly StateItem[];
  /** The items to write (inserted or changed), in the order they first changed. */
  readonly changed: readonly StateItem[];
  readonly counts: ExtractCounts;
}

type Plan =
  | { readonly kind: 'insert'; readonly score: number | null }
  | {
      readonly kind: 'merge';
      readonly target: StateItem;
      readonly basis: MergeBasis;
      readonly score: number | null;
    }
  | {
      readonly kind: 'supersede' | 'conflict';
      readonly target: StateItem;
      readonly basis: SupersessionBasis;
      readonly score: number | null;
    }
  | { readonly kind: 'drop'; readonly reason: DropReason };

interface Shape {
  readonly chosen: string | null;
  readonly replaced: string | null;
  readonly purpose: string | null;
}

interface Scored {
  readonly item: StateItem;
  readonly score: number;
}

function phrase(text: string | null): string | null {
  const normalized = text === null ? '' : comparableText(text);
  return normalized === '' ? null : normalized;
}

function shapeOf(analysis: ChoiceAnalysis, chosen: string | null, replaced: string | null): Shape {
  return {
    chosen: phrase(chosen ?? analysis.chosen),
    replaced: phrase(replaced ?? analysis.replaced),
    purpose: analysis.purpose === null ? null : normalizeTopicTag(analysis.purpose) || null,
  };
}

function mentions(text: string, object: string): boolean {
  const escaped = escapeRegExp(object);
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, 'u').test(
    comparableText(text),
  );
}

function sharesTopic(a: readonly string[], b: readonly string[]): boolean {
  return a.some((tag) => b.includes(tag));
}

/** Highest score first; ties go to the most recently seen item, then the smaller uid. */
function byScore(a: Scored, b: Scored): number {
  if (a.score !== b.score) return b.score - a.score;
  const seen = sortableTime(b.item.lastSeenAt) - sortableTime(a.item.lastSeenAt);
  if (seen !== 0) return seen;
  return a.item.uid < b.item.uid ? -1 : 1;
}

function checkThresholds(t: ReconcileThresholds): void {
  const inRange = (x: number) => Number.isFinite(x) && x >= -1 && x <= 1;
  if (!inRange(t.merge) || !inRange(t.conflict) || !inRange(t.topicBoost) || t.conflict > t.merge) {
    throw new EngineError('CONFIG_INVALID', 'reconcile thresholds need -1 ≤ conflict ≤ merge ≤ 1', {
      merge: t.merge,
      conflict: t.conflict,
      topicBoost: t.topicBoost,
    });
  }
}

/**
 * Reconciles extractor candidates with a thread's items, deterministically, one candidate at a
 * time (each sees the effect of the ones before it). Per candidate:
 *
 * 0. Beyond the cap (25), failing `validateItem`, or left without a ref into the batch: dropped.
 * 1. Same uid as an existing item: merged; if that item is superseded, dropped (never resurrect).
 * Structure first, among active items of the same type:
 * 2. `supersedes` names an item: supersede it when a user message is cited and the text carries
 *    change language or names the replaced object; otherwise flag both as conflicting.
 * 3. The candidate names a replaced object ("ClickHouse instead of Postgres") that an item chooses
 *    or mentions: supersede it when a user message is cited, otherwise conflict.
 * 4. An item chooses the same object for the same stated purpose: merge.
 * 5. An item chooses a different object for the same stated purpose: supersede when the text has
 *    a trigger, a replacement verb and a user ref; otherwise conflict.
 * 5b. A decision says the same as one on record, of another date ("… on April 3 instead" after
 *    "… on March 27"): supersede when the text has a trigger and a user ref; otherwise conflict.
 * Then similarity (`SimilaritySource`, +`topicBoost` for a shared tag, capped at 1):
 * 6. ≥ `merge`: merge, unless both choose known, different objects (then as in the band below);
 *    in [`conflict`, `merge`): supersede when trigger, replacement verb and user ref are all
 *    present, otherwise conflict; below: insert.
 *
 * A supersession marks the old item `superseded` with `replacedBy` and structured evidence and
 * never flags the new one as conflicting. When several items qualify at a step, the most similar
 * wins, then the most recently seen.
 */
export async function reconcileCandidates(input: ReconcileInput): Promise<ReconcileOutcome> {
  const thresholds: ReconcileThresholds = { ...DEFAULT_RECONCILE_THRESHOLDS, ...input.thresholds };
  checkThresholds(thresholds);
  const maxCandidates = input.maxCandidates ?? STATE_ITEM_LIMITS.maxCandidatesPerRun;
  const allowed = new Set(input.batch.map((m) => m.messageId));
  const run: Run = {
    input,
    thresholds,
    roleById: new Map(input.batch.map((m) => [m.messageId, m.role])),
    context: {
      createdAtById: new Map(input.batch.map((m) => [m.messageId, m.createdAt])),
      now: input.now,
      source: input.source,
    },
    working: new Map<string, StateItem>(input.existing.map((item) => [item.uid, item])),
    changed: new Set<string>(),
    shapes: new Map<string, Shape>(),
  };
  const actions: ReconcileAction[] = [];
  for (const [index, raw] of input.candidates.entries()) {
    const admitted = admitCandidate(raw, index, maxCandidates, allowed);
    if (admitted.kind === 'drop') {
      actions.push(admitted);
      continue;
    }
    const { candidate, uid } = admitted;
    const plan = await decide(run, candidate, uid);
    actions.push(applyPlan(run, plan, candidate, uid, index));
  }
  await reconcileReversals(run, actions);
  return outcomeOf(run, actions);
}

/**
 * Step 7, after the extractor's candidates: a user message that gives up what an active decision
 * chose ("we're dropping Redis", "Redis is out") becomes a decision of its own that supersedes
 * it (see `reconcile-reversal.ts`). Once a decision is superseded by a user's reversal, the open
 * actions that name the object given up, or one that a later message of the batch gives up
 * ("I'll replace BullMQ with pg-boss"), are superseded too: they served the retired choice.
 */
async function reconcileReversals(run: Run, actions: ReconcileAction[]): Promise<void> {
  const names = [...run.working.values()].flatMap((item) => {
    const chosen = item.typeTag === 'decision' ? itemShape(run, item).chosen : null;
    return chosen === null ? [] : [objectKey(chosen)];
  });
  if (names.length === 0) return;
  const users = run.input.batch.filter((message) => message.role === 'user');
  // Every message's retirements (the assistant's "I'll swap BullMQ for pg-boss" included), read
  // only once a decision was given up.
  let all: readonly Retirement[] | null = null;
  for (const retirement of batchRetirements(users, [...new Set(names)])) {
    const key = objectKey(retirement.object);
    const chose = (item: StateItem) => {
      const chosen = itemShape(run, item).chosen;
      return (
        item.typeTag === 'decision' &&
        chosen !== null &&
        objectKey(chosen) === key &&
        saidBefore(item, retirement.message)
      );
    };
    const active = [...run.working.values()].filter((item) => isActiveItem(item) && chose(item));
    const [target] = active.sort((a, b) => sortableTime(b.lastSeenAt) - sortableTime(a.lastSeenAt));
    if (target !== undefined) {
      const candidate = reversalCandidate(retirement, target);
      const uid = computeUid(candidate.typeTag, candidate.text);
      const index = run.input.candidates.length + actions.length;
      const plan = await decide(run, candidate, uid);
      actions.push(applyPlan(run, plan, candidate, uid, index));
    }
    const retired = [...run.working.values()].filter(
      (item) => item.status === 'superseded' && item.replacedBy !== null && chose(item),
    );
    if (retired.length > 0) all ??= batchRetirements(run.input.batch);
    for (const decision of retired) retireServingActions(run, decision, retirement, all ?? []);
  }
}

/** Supersedes the open actions that served `decision`, given up by `reversal`. */
function retireServingActions(
  run: Run,
  decision: StateItem,
  reversal: Retirement,
  retirements: readonly Retirement[],
): void {
  const from = sortableTime(reversal.message.createdAt);
  const objects = retirements.filter(
    (r) => r === reversal || sortableTime(r.message.createdAt) >= from,
  );
  for (const item of [...run.working.values()]) {
    if (item.typeTag !== 'action' || (item.status !== 'open' && item.status !== 'blocked'))
      continue;
    const by = objects.find(
      (r) => saidBefore(item, r.message) && mentions(item.text, comparableText(r.object)),
    );
    if (by === undefined || decision.replacedBy === null) continue;
    const evidence: SupersessionEvidence = {
      trigger: null,
      refMessageId: reversal.message.messageId,
      candidateUid: decision.replacedBy,
      basis: 'replaced_object',
      score: null,
    };
    put(run, supersedeItem(item, evidence, run.input.now));
  }
}

/** The state of one reconciliation run: its input and the items as the candidates change them. */
interface Run {
  readonly input: ReconcileInput;
  readonly thresholds: ReconcileThresholds;
  readonly roleById: ReadonlyMap<string, BatchMessage['role']>;
  readonly context: ItemContext;
  /** Every item by uid, as the candidates so far left it. */
  readonly working: Map<string, StateItem>;
  /** Uids written, in the order they first changed. */
  readonly changed: Set<string>;
  /** Shapes of item texts, computed once each. */
  readonly shapes: Map<string, Shape>;
}

/** Step 0: beyond the cap, invalid, or without a ref into the batch, a candidate is dropped. */
function admitCandidate(
  raw: CandidateItem,
  index: number,
  maxCandidates: number,
  allowed: ReadonlySet<string>,
):
  | Extract<ReconcileAction, { kind: 'drop' }>
  | { readonly kind: 'admitted'; readonly candidate: CandidateItem; readonly uid: string } {
  if (index >= maxCandidates) {
    return { kind: 'drop', candidateIndex: index, reason: 'cap', candidateUid: null };
  }
  const validated = validateItem(raw);
  if (!validated.ok) {
    return { kind: 'drop', candidateIndex: index, reason: 'invalid', candidateUid: null };
  }
  const candidate = {
    ...validated.value.candidate,
    refs: filterRefs(validated.value.candidate.refs, allowed),
  };
  const uid = computeUid(candidate.typeTag, candidate.text);
  if (candidate.refs.length === 0) {
    return { kind: 'drop', candidateIndex: index, reason: 'refs', candidateUid: uid };
  }
  return { kind: 'admitted', candidate, uid };
}

function itemShape(run: Run, item: StateItem): Shape {
  let shape = run.shapes.get(item.text);
  if (shape === undefined) {
    shape = shapeOf(analyzeChoice(item.text), null, null);
    run.shapes.set(item.text, shape);
  }
  return shape;
}

/** `items` by similarity to the candidate (plus the topic boost, capped at 1), best first. */
async function rank(
  run: Run,
  candidate: CandidateItem,
  items: readonly StateItem[],
): Promise<Scored[]> {
  if (items.length === 0) return [];
  const raw = await run.input.similarity.similarities(
    candidate.text,
    items.map((item) => item.text),
  );
  return items
    .map((item, i) => {
      const boost = sharesTopic(candidate.topicTags, item.topicTags)
        ? run.thresholds.topicBoost
        : 0;
      return { item, score: Math.min(1, (raw[i] ?? 0) + boost) };
    })
    .sort(byScore);
}

/** The one qualifying item, or the most similar of several (its score then reported). */
async function pick(
  run: Run,
  candidate: CandidateItem,
  items: readonly StateItem[],
): Promise<{ readonly item: StateItem; readonly score: number | null } | null> {
  const [first] = items;
  if (first === undefined || items.length === 1) {
    return first === undefined ? null : { item: first, score: null };
  }
  const [best] = await rank(run, candidate, items);
  return best ?? null;
}

/** What the candidate's text says, computed once per decision. */
interface Reading {
  readonly candidate: CandidateItem;
  readonly shape: Shape;
  /** A user message is among the refs. */
  readonly userRef: boolean;
  readonly trigger: boolean;
  /** Trigger, replacement verb and user ref all present. */
  readonly changeLanguage: boolean;
  /** Active items of the candidate's type. */
  readonly pool: readonly StateItem[];
}

/** Steps 1–6 of the decision tree, in order; the first that applies decides. */
async function decide(run: Run, candidate: CandidateItem, uid: string): Promise<Plan> {
  const same = run.working.get(uid);
  if (same !== undefined) {
    return isActiveItem(same)
      ? { kind: 'merge', target: same, basis: 'uid', score: null }
      : { kind: 'drop', reason: 'superseded' };
  }
  const shape = shapeOf(analyzeChoice(candidate.text), candidate.chosen, candidate.replaces);
  const userRef = candidate.refs.some((ref) => run.roleById.get(ref) === 'user');
  const trigger = findSupersessionTrigger(candidate.text) !== null;
  const verb = findReplacementVerb(candidate.text) !== null;
  const reading: Reading = {
    candidate,
    shape,
    userRef,
    trigger,
    changeLanguage: trigger && verb && userRef,
    pool: [...run.working.values()].filter(
      (item) => item.typeTag === candidate.typeTag && isActiveItem(item),
    ),
  };
  return (
    planByNamedItem(run, reading) ??
    (await planByReplacedObject(run, reading)) ??
    (await planByChosenObject(run, reading)) ??
    (await planByOtherDate(run, reading)) ??
    (await planBySimilarity(run, reading))
  );
}

/** Step 2: `supersedes` names an active item of the same type. */
function planByNamedItem(run: Run, reading: Reading): Plan | null {
  const { candidate } = reading;
  const named = candidate.supersedes === null ? undefined : run.working.get(candidate.supersedes);
  if (named === undefined || !reading.pool.includes(named)) return null;
  const { userRef, trigger, shape } = reading;
  const kind = userRef && (trigger || shape.replaced !== null) ? 'supersede' : 'conflict';
  return { kind, target: named, basis: 'explicit', score: null };
}

/** Step 3: the candidate names a replaced object that an item chooses or mentions. */
async function planByReplacedObject(run: Run, reading: Reading): Promise<Plan | null> {
  const { candidate, shape, pool } = reading;
  const replaced = shape.replaced;
  if (replaced === null) return null;
  const candidates = pool.filter((item) => {
    const restates = shape.chosen !== null && itemShape(run, item).chosen === shape.chosen;
    return !restates && mentions(item.text, replaced);
  });
  const choosing = candidates.filter((item) => itemShape(run, item).chosen === replaced);
  const strongest = choosing.length > 0 ? choosing : candidates;
  const forPurpose = strongest.filter(
    (item) => shape.purpose !== null && itemShape(run, item).purpose === shape.purpose,
  );
  const best = await pick(run, candidate, forPurpose.length > 0 ? forPurpose : strongest);
  return best === null ? null : changePlan(best, reading.userRef, 'replaced_object');
}

/** Steps 4 and 5: an item chooses the same object (merge) or a rival one for the same purpose. */
async function planByChosenObject(run: Run, reading: Reading): Promise<Plan | null> {
  const { candidate, shape, pool } = reading;
  if (shape.chosen === null) return null;
  const sameObject = pool.filter((item) => {
    const other = itemShape(run, item);
    const purposesAgree =
      shape.purpose === null || other.purpose === null || shape.purpose === other.purpose;
    return other.chosen === shape.chosen && purposesAgree;
  });
  const twin = await pick(run, candidate, sameObject);
  if (twin !== null) {
    return { kind: 'merge', target: twin.item, basis: 'object', score: twin.score };
  }
  const rival = pool.filter((item) => {
    const other = itemShape(run, item);
    return (
      other.chosen !== null &&
      other.chosen !== shape.chosen &&
      shape.purpose !== null &&
      other.purpose === shape.purpose
    );
  });
  const best = await pick(run, candidate, rival);
  return best === null ? null : changePlan(best, reading.changeLanguage, 'topic');
}

/** Dates are compared as written, so the anchor they would resolve against does not matter. */
const FRAME_ANCHOR = '2000-01-01T00:00:00Z';
/** Stands for a date in a frame; no word of English. */
const DATE_SLOT = '\u0000date\u0000';

/**
 * `text` with each date in it replaced by one slot and change words ("instead") dropped, and the
 * dates as written; null without a date. Two items of one frame say the same thing of two days.
 */
function dateFrame(text: string): { readonly frame: string; readonly dates: string } | null {
  const found = findDates(text, FRAME_ANCHOR).filter((mention) => mention.date !== null);
  if (found.length === 0) return null;
  const framed = replaceSpans(text, found, () => ` ${DATE_SLOT} `);
  const frame = comparableText(framed.replace(/[\s.,;:!]+$/, ''))
    .replace(/\binstead\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { frame, dates: found.map((mention) => comparableText(mention.text)).join(' ') };
}

/**
 * Step 5b: a decision says what a decision on record says, of another date ("ship Orion v2 on
 * April 3 instead" after "ship Orion v2 on March 27"): one day replaces the other. Supersede with
 * change language from the user, otherwise flag the two as conflicting. Other types may hold for
 * two days at once (a call on Monday and another on Friday).
 */
async function planByOtherDate(run: Run, reading: Reading): Promise<Plan | null> {
  if (reading.candidate.typeTag !== 'decision') return null;
  const mine = dateFrame(reading.candidate.text);
  if (mine === null) return null;
  const rescheduled = reading.pool.filter((item) => {
    const theirs = dateFrame(item.text);
    return theirs !== null && theirs.frame === mine.frame && theirs.dates !== mine.dates;
  });
  const best = await pick(run, reading.candidate, rescheduled);
  return best === null ? null : changePlan(best, reading.trigger && reading.userRef, 'topic');
}

/** Step 6: the similarity bands; below `conflict`, insert. */
async function planBySimilarity(run: Run, reading: Reading): Promise<Plan> {
  const { candidate, shape } = reading;
  const [best] = await rank(run, candidate, reading.pool);
  if (best === undefined || best.score < run.thresholds.conflict) {
    return { kind: 'insert', score: best?.score ?? null };
  }
  const other = itemShape(run, best.item);
  const differentChoice =
    shape.chosen !== null && other.chosen !== null && shape.chosen !== other.chosen;
  if (best.score >= run.thresholds.merge && !differentChoice) {
    return { kind: 'merge', target: best.item, basis: 'similarity', score: best.score };
  }
  return changePlan(best, reading.changeLanguage, 'similarity');
}

/** Supersede `best.item` when the evidence for a change is there, else flag the two as conflicting. */
function changePlan(
  best: { readonly item: StateItem; readonly score: number | null },
  supersedes: boolean,
  basis: SupersessionBasis,
): Plan {
  const kind = supersedes ? 'supersede' : 'conflict';
  return { kind, target: best.item, basis, score: best.score };
}

function put(run: Run, item: StateItem): void {
  run.working.set(item.uid, item);
  run.changed.add(item.uid);
}

/** Carries out a plan on the working items and says what was done. */
function applyPlan(
  run: Run,
  plan: Plan,
  candidate: CandidateItem,
  uid: string,
  index: number,
): ReconcileAction {
  const { context } = run;
  switch (plan.kind) {
    case 'drop':
      return { kind: 'drop', candidateIndex: index, reason: plan.reason, candidateUid: uid };
    case 'insert':
      put(run, createItem(candidate, context));
      return { kind: 'insert', candidateIndex: index, uid, score: plan.score };
    case 'merge':
      put(run, mergeItem(plan.target, candidate, context));
      return {
        kind: 'merge',
        candidateIndex: index,
        uid: plan.target.uid,
        candidateUid: uid,
        basis: plan.basis,
        score: plan.score,
      };
    case 'supersede':
      return supersedeWith(run, plan, candidate, uid, index);
    case 'conflict':
      put(run, createItem({ ...candidate, conflict: true }, context));
      put(run, flagConflict(plan.target, run.input.now));
      return {
        kind: 'conflict',
        candidateIndex: index,
        uid,
        withUid: plan.target.uid,
        basis: plan.basis,
        score: plan.score,
      };
  }
}

/**
 * Inserts the candidate (keeping the old item's first topic) and marks the target superseded,
 * with evidence citing the trigger and the user message it rests on.
 */
function supersedeWith(
  run: Run,
  plan: Extract<Plan, { kind: 'supersede' | 'conflict' }>,
  candidate: CandidateItem,
  uid: string,
  index: number,
): ReconcileAction {
  const created = createItem({ ...candidate, conflict: false }, run.context);
  const [oldTopic] = plan.target.topicTags;
  const topicTags =
    oldTopic === undefined || created.topicTags.includes(oldTopic)
      ? created.topicTags
      : [oldTopic, ...created.topicTags].slice(0, STATE_ITEM_LIMITS.maxTopicTags);
  const refMessageId =
    candidate.refs.find((ref) => run.roleById.get(ref) === 'user') ?? candidate.refs[0] ?? '';
  const evidence: SupersessionEvidence = {
    trigger: findSupersessionTrigger(candidate.text) ?? analyzeChoice(candidate.text).cue,
    refMessageId,
    candidateUid: uid,
    basis: plan.basis,
    score: plan.score,
  };
  put(run, { ...created, topicTags });
  put(run, supersedeItem(plan.target, evidence, run.input.now));
  return {
    kind: 'supersede',
    candidateIndex: index,
    uid,
    replacedUid: plan.target.uid,
    evidence,
  };
}

function outcomeOf(run: Run, actions: readonly ReconcileAction[]): ReconcileOutcome {
  const count = (kind: ReconcileAction['kind']) => actions.filter((a) => a.kind === kind).length;
  return {
    actions,
    items: [...run.working.values()],
    changed: [...run.changed].flatMap((uid) => {
      const item = run.working.get(uid);
      return item === undefined ? [] : [item];
    }),
    counts: {
      // The extractor's candidates and the reversals read from the batch (step 7).
      itemsExtracted: actions.length,
      itemsInserted: count('insert'),
      itemsMerged: count('merge'),
      itemsSuperseded: count('supersede'),
      itemsConflicted: count('conflict'),
      itemsDropped: count('drop'),
    },
  };
}
