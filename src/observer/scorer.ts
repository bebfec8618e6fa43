// A small learned scorer over the rule observer's candidates: logistic regression on the rules'
// own signals and hashed word uni/bigrams; optional feature groups (the language layer's clause
// analysis, the draft's place in its segment) are options a model names, measured
// leave-one-author-out. It gates what the rules made durable (a 🔴 candidate scoring under `gate`
// becomes 🟡 working context) and admits 🟡 candidates the rules left out when they score at or
// above `admit`. Pure and deterministic: same model, same candidate, same score. Training is
// deterministic too (fixed order, full-batch gradient descent, no randomness).
//
// What ships (`scorer-model.json`, scorer@7, trained by bench/observe-train.ts on twelve authors'
// sets): gate 0, so no 🔴 is ever gated (a logistic score is never under 0) and the model only
// admits; admit 0.75; the `context` and `shape` feature groups on, `syntax` off; the assistant's
// 🟡 candidates admissible (`lift_assistant`). 🟢 candidates are never scored. Each model file has
// its own version: scorer@3 named two files in turn (the first trained with junk weighing 1, the
// second with the chosen 3); scorer@5 and scorer@6 named models shipped with rules later
// reverted, so the next is scorer@7.
import { sha256Hex } from '../core/index.js';
import { analyseClause } from '../language/index.js';
import type { DraftContext } from './draft-context.js';
import { shapeFeatures } from './scorer-shape.js';
import type { SentenceClass } from './text-rules.js';
import * as rules from './text-rules.js';
import type { ObservationPriority } from './types.js';

/** One observation the rules drafted, as the scorer sees it. */
export interface ScorerCandidate {
  readonly text: string;
  readonly kind: SentenceClass['kind'];
  readonly speaker: 'user' | 'assistant';
  /** The rules' own priority for it. */
  readonly priority: ObservationPriority;
  /** Drawn from a reply (several source messages: a confirmation, an answer, a choice). */
  readonly fromReply: boolean;
  /** Carries an "X replaced Y" state change. */
  readonly change: boolean;
  /** Its place in its segment (`draftContexts`); read only by a model with the `context` group. */
  readonly context?: DraftContext;
}

/**
 * Feature groups beyond the rule signals and word n-grams: `syntax` the clause analysis
 * (`syntaxFeatures`), `context` the draft's place in its segment (`DraftContext`), `shape` what
 * the sentence names and how (`shapeFeatures`: a proper name, an identifier, a quantity, a
 * contact, a bare fact line, a role of the speaker, an attribute of a named person).
 */
export type FeatureGroup = 'syntax' | 'context' | 'shape';

/** A trained scorer, as stored in `scorer-model.json`. */
export interface ScorerModel {
  /** Model version, e.g. `scorer@1`. */
  readonly version: string;
  /** sha256 of the training examples (text, kind, speaker, label, weight), in order. */
  readonly data_hash: string;
  /** Number of hashed feature slots. */
  readonly dims: number;
  readonly bias: number;
  /** Dense weights, one per slot, rounded to 5 decimals. */
  readonly weights: readonly number[];
  /** A 🔴 candidate scoring under this becomes 🟡. */
  readonly gate: number;
  /** A 🟡 candidate scoring at or above this becomes 🔴. */
  readonly admit: number;
  /** Feature groups beyond the rule signals and word n-grams (`FeatureGroup`); absent = none. */
  readonly features?: readonly FeatureGroup[];
  /**
   * Whether the assistant's 🟡 candidates may be admitted too; absent = user only (an option
   * measured for scorer@2 and not shipped there).
   */
  readonly lift_assistant?: boolean;
}

/** One labelled training example. */
export interface TrainingExample {
  readonly candidate: ScorerCandidate;
  /** 1 durable, 0 not. */
  readonly label: 0 | 1;
  /** Example weight (weak negatives weigh less). */
  readonly weight: number;
}

/** Training settings. */
export interface TrainOptions {
  readonly dims?: number;
  /** L2 strength. */
  readonly l2?: number;
  readonly epochs?: number;
  readonly learningRate?: number;
  readonly gate: number;
  readonly admit: number;
  readonly version?: string;
  /** Add the clause-analysis features. */
  readonly syntax?: boolean;
  /** Add the draft's place in its segment. */
  readonly context?: boolean;
  /** Add what the sentence names and how (`shapeFeatures`). */
  readonly shape?: boolean;
  /** Let the model admit the assistant's 🟡 candidates too. */
  readonly liftAssistant?: boolean;
}

/** FNV-1a, 32 bits: a stable string hash for feature slots. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const WORD = /[a-z][a-z'-]*|\d+/g;

/** Crude lemma: lower case, a trailing plural or third-person "s" and "'s" dropped; digits → 0. */
function lemma(word: string): string {
  if (/^\d+$/.test(word)) return '0';
  const w = word.replace(/'s$/, '');
  return w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;
}

// A path: rooted (/srv/cold, ~/x, ./x), or two separators (harbor.internal/team/app), or a
// folder and a file with an extension (chapters/intro.tex). Not "and/or", "24/7" or "km/h".
const PATH =
  /(?:^|[\s("'`])(?:~|\.{1,2})?\/[\w.-]*[A-Za-z_][\w.-]*|[\w.-]+\/[\w.-]+\/[\w.-]*|\b[\w-]+\/[\w-]+\.[A-Za-z]{1,5}\b/;
// A version: v-prefixed (v2.3), three parts (1.16.2), or two parts right after a capitalised
// name (Python 3.12, TeX Live 2025.1) and not followed by a unit or word. Decimals after a
// lower-case word (was 12.40, takes 3.5 hours, 2.5 kg) are not versions: that reading needs a name.
const VERSION =
  /\bv\d+(?:\.\d+)+\b|\b\d+\.\d+\.\d+\b|\b[A-Z][\w+-]*[ -]\d+\.\d+\b(?![.,]?\d|\s*(?:%|[A-Za-z]))/;

/**
 * Grammatical features of a sentence from the language layer's clause analysis (wink-nlp POS and
 * lemmas): tense, aspect, mood, negation, the person of the subject, a verbless sentence, and
 * whether it holds a number, a path or a version. No phrase lists.
 */
export function syntaxFeatures(text: string): string[] {
  const a = analyseClause(text);
  const out = [
    `tense=${a.tense}`,
    `aspect=${a.aspect}`,
    `mood=${a.mood}`,
    `subject=${a.subject.kind}`,
    `mood&subject=${a.mood}&${a.subject.kind}`,
    `tense&subject=${a.tense}&${a.subject.kind}`,
  ];
  if (a.negated) out.push('syn_negated');
  if (a.predicate === null) out.push('verbless');
  if (/\d/.test(text)) out.push('has_number');
  if (PATH.test(text)) out.push('has_path');
  if (VERSION.test(text)) out.push('has_version');
  return out;
}

/**
 * The named features of a candidate, each with its value; with the `syntax` group the clause
 * analysis too (prefixed `syn:`), with `context` the draft's place in its segment (`ctx:`).
 */
export function featureNames(
  c: ScorerCandidate,
  groups: readonly FeatureGroup[] = [],
): [string, number][] {
  const out: [string, number][] = [];
  const flag = (name: string, on: boolean) => {
    if (on) out.push([name, 1]);
  };
  out.push([`kind=${c.kind}`, 1]);
  out.push([`speaker=${c.speaker}`, 1]);
  out.push([`kind=${c.kind}&speaker=${c.speaker}`, 1]);
  out.push([`priority=${c.priority}`, 1]);
  flag('reply', c.fromReply);
  flag('change', c.change);
  flag('specifics', rules.hasSpecifics(c.text));
  flag('value', rules.hasValue(c.text));
  flag('question', rules.isQuestion(c.text));
  flag('hedged', rules.isHedged(c.text));
  flag('chatter', rules.isChatter(c.text));
  flag('oneoff', rules.isOneOff(c.text));
  flag('names', rules.namesSomething(c.text));
  flag('first_person', /^(?:i|we|i'm|i'll|we'll|i've|we've)\b/i.test(c.text));
  flag('negated', /\b(?:no|not|never|don'?t|dont|doesn'?t|won'?t|can'?t)\b/i.test(c.text));
  const words = (c.text.toLowerCase().match(WORD) ?? []).map(lemma);
  out.push([`len=${Math.min(6, Math.floor(words.length / 4))}`, 1]);
  const grams: string[] = [];
  for (let i = 0; i < words.length; i++) {
    grams.push(`w:${words[i]}`);
    if (i + 1 < words.length) grams.push(`b:${words[i]}_${words[i + 1]}`);
  }
  const first = words[0];
  if (first !== undefined) grams.push(`first:${first}`);
  const unit = grams.length === 0 ? 0 : 1 / Math.sqrt(grams.length);
  for (const g of grams) out.push([g, unit]);
  if (groups.includes('syntax'))
    for (const name of syntaxFeatures(c.text)) out.push([`syn:${name}`, 1]);
  if (groups.includes('context') && c.context !== undefined) {
    const x = c.context;
    flag('ctx:echoed', x.echoed);
    flag('ctx:answers_question', x.answersQuestion);
    flag('ctx:segment_end', x.segmentEnd);
    flag('ctx:after_fix', x.afterFix);
    flag(`ctx:echoed&kind=${c.kind}`, x.echoed);
    flag(`ctx:echoed&speaker=${c.speaker}`, x.echoed);
  }
  if (groups.includes('shape')) {
    const shape = shapeFeatures(c.text);
    for (const name of shape) {
      out.push([`shape:${name}`, 1]);
      out.push([`shape:${name}&speaker=${c.speaker}`, 1]);
    }
    // A bare fact line right after the assistant's question: the answer to it.
    flag('shape:bare_answer', shape.includes('short_named') && c.context?.answersQuestion === true);
  }
  return out;
}

/**
 * A candidate's hashed sparse feature vector: slot → value (values summed on collision), slots
 * ascending; with the feature `groups` named.
 */
export function vectorOf(
  c: ScorerCandidate,
  dims: number,
  groups: readonly FeatureGroup[] = [],
): [number, number][] {
  const slots = new Map<number, number>();
  for (const [name, value] of featureNames(c, groups)) {
    const slot = fnv1a(name) % dims;
    slots.set(slot, (slots.get(slot) ?? 0) + value);
  }
  return [...slots.entries()].sort((a, b) => a[0] - b[0]);
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The probability the model gives that a candidate is durable. */
export function scoreCandidate(model: ScorerModel, c: ScorerCandidate): number {
  let z = model.bias;
  for (const [slot, value] of vectorOf(c, model.dims, model.features ?? []))
    z += (model.weights[slot] ?? 0) * value;
  return sigmoid(z);
}

/** The hash that names a training set: its examples in order. */
export function trainingHash(examples: readonly TrainingExample[]): string {
  const lines = examples.map((e) =>
    [
      e.candidate.text,
      e.candidate.kind,
      e.candidate.speaker,
      e.candidate.priority,
      e.label,
      e.weight,
    ].join('\u0000'),
  );
  return sha256Hex(lines.join('\n'));
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;

/**
 * Fits the model by full-batch gradient descent on the weighted log loss with L2 (the bias is not
 * regularised). Deterministic: examples are used in the order given, weights start at zero.
 */
export function trainScorer(
  examples: readonly TrainingExample[],
  options: TrainOptions,
): ScorerModel {
  const dims = options.dims ?? 4096;
  const l2 = options.l2 ?? 1e-3;
  const epochs = options.epochs ?? 300;
  const rate = options.learningRate ?? 0.5;
  const groups: FeatureGroup[] = [
    ...(options.syntax === true ? (['syntax'] as const) : []),
    ...(options.context === true ? (['context'] as const) : []),
    ...(options.shape === true ? (['shape'] as const) : []),
  ];
  const vectors = examples.map((e) => vectorOf(e.candidate, dims, groups));
  const total = examples.reduce((s, e) => s + e.weight, 0) || 1;
  const w = new Float64Array(dims);
  let bias = 0;
  const grad = new Float64Array(dims);
  for (let epoch = 0; epoch < epochs; epoch++) {
    grad.fill(0);
    let gBias = 0;
    for (const [i, e] of examples.entries()) {
      const v = vectors[i] as [number, number][];
      let z = bias;
      for (const [slot, value] of v) z += (w[slot] as number) * value;
      const err = (sigmoid(z) - e.label) * e.weight;
      gBias += err;
      for (const [slot, value] of v) grad[slot] = (grad[slot] as number) + err * value;
    }
    for (let j = 0; j < dims; j++) {
      w[j] = (w[j] as number) - rate * ((grad[j] as number) / total + l2 * (w[j] as number));
    }
    bias -= rate * (gBias / total);
  }
  return {
    version: options.version ?? 'scorer@1',
    data_hash: trainingHash(examples),
    dims,
    bias: round(bias),
    weights: [...w].map(round),
    gate: options.gate,
    admit: options.admit,
    ...(groups.length > 0 ? { features: groups } : {}),
    ...(options.liftAssistant === true ? { lift_assistant: true } : {}),
  };
}

/**
 * Whether the scorer may lift a 🟡 candidate: what the user said or confirmed (a confirmed
 * assistant statement is drafted as the user's); the assistant's own statements only under a model
 * trained with `lift_assistant` (the assistant's reports of what it set or changed were the largest
 * group of misses on blind6/blind7; whether a shipped model lifts them is its own field).
 */
export function admissible(
  c: ScorerCandidate,
  model?: Pick<ScorerModel, 'lift_assistant'>,
): boolean {
  return c.priority === 'yellow' && (c.speaker === 'user' || model?.lift_assistant === true);
}

/**
 * What the scorer makes of the rules' priority: 🔴 kept or gated to 🟡, a user's 🟡 kept or
 * admitted to 🔴 (the assistant's too when the model lifts them); 🟢, the assistant's 🟡 under a
 * model that does not, and resolved problems are left as the rules put them. Under a gate of 0 a
 * 🔴 is kept without being scored (a logistic score is never under 0; score `null`), which spares
 * the clause analysis the `shape` group needs.
 */
export function scoredPriority(
  model: ScorerModel,
  c: ScorerCandidate,
): { priority: ObservationPriority; score: number | null } | null {
  if (c.priority !== 'red' && !admissible(c, model)) return null;
  if (c.priority === 'red' && model.gate <= 0) return { priority: 'red', score: null };
  const score = scoreCandidate(model, c);
  if (c.priority === 'red') return { priority: score < model.gate ? 'yellow' : 'red', score };
  return { priority: score >= model.admit ? 'red' : 'yellow', score };
}

/**
 * The model as the JSON file stores it: fixed key order, laid out as the repository's formatter
 * lays out JSON (weights filled into lines of at most 100 characters), newline-terminated.
 */
export function serializeScorer(model: ScorerModel): string {
  const { version, data_hash, dims, bias, weights, gate, admit, features, lift_assistant } = model;
  const extra = {
    ...(features === undefined ? {} : { features }),
    ...(lift_assistant === undefined ? {} : { lift_assistant }),
  };
  // A short array on one line with a space after each comma, as the formatter writes it.
  const json = (value: unknown) =>
    Array.isArray(value)
      ? `[${value.map((v) => JSON.stringify(v)).join(', ')}]`
      : JSON.stringify(value);
  const head = Object.entries({ version, data_hash, dims, bias, gate, admit, ...extra }).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${json(value)},`,
  );
  const lines: string[] = [];
  let line = '';
  for (const [i, w] of weights.entries()) {
    const item = `${JSON.stringify(w)}${i === weights.length - 1 ? '' : ','}`;
    if (line !== '' && line.length + 1 + item.length > 100) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? `    ${item}` : `${line} ${item}`;
  }
  if (line !== '') lines.push(line);
  return `{\n${head.join('\n')}\n  "weights": [\n${lines.join('\n')}\n  ]\n}\n`;
}
