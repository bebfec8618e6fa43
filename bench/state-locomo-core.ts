// The pure parts of bench/state-locomo.ts (issue #10 §5/§6): the seeded sample of commits handed
// to a labeller, the key a label is stored under (no LoCoMo text), precision over the labelled
// commits, and the per-conversation and per-slot counts. No I/O here, so a unit test can pin them.
import { createHash } from 'node:crypto';

/** What the engine decided about one observation read from one message. */
export type Outcome = 'committed' | 'tentative' | 'asked';

/** One observation the rules read from one LoCoMo message, with the resolver's decision. */
export interface ObservedSlot {
  readonly conv_id: string;
  readonly message_id: string;
  readonly path: string;
  readonly value: string;
  readonly outcome: Outcome;
  /** The resolver's confidence for the decision. */
  readonly confidence: number;
}

/** A label as kept in the repository: keyed, never quoting the message. */
export interface StoredLabel {
  readonly conv_id: string;
  readonly message_id: string;
  readonly path: string;
  /** First 12 hex digits of sha256(value). */
  readonly value_hash: string;
  readonly label: 'correct' | 'incorrect';
  /** One lower-case word naming why (e.g. `stated`, `past`, `other`, `venue`). */
  readonly reason: string;
}

/** The first 12 hex digits of the SHA-256 of a value: how a label names it without quoting it. */
export function valueHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 12);
}

/** The key a commit and its label share: conversation, message, slot path and value hash. */
export function labelKey(c: {
  readonly conv_id: string;
  readonly message_id: string;
  readonly path: string;
  readonly value_hash: string;
}): string {
  return `${c.conv_id}|${c.message_id}|${c.path}|${c.value_hash}`;
}

/** The key of an observed slot (its value hashed). */
export function observedKey(o: ObservedSlot): string {
  return labelKey({ ...o, value_hash: valueHash(o.value) });
}

/** A small deterministic PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * All of `items` when there are at most `size`, else a seeded random sample of `size` of them.
 * The draw depends only on the seed and the items' keys (sorted first), never on input order;
 * the result keeps the sorted-key order so the file handed out is stable.
 */
export function seededSample<T>(
  items: readonly T[],
  size: number,
  seed: number,
  key: (item: T) => string,
): T[] {
  const sorted = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (sorted.length <= size) return sorted;
  const random = seededRandom(seed);
  const indexes = sorted.map((_, i) => i);
  // Partial Fisher–Yates: the first `size` positions become a uniform sample without replacement.
  for (let i = 0; i < size; i += 1) {
    const j = i + Math.floor(random() * (indexes.length - i));
    const t = indexes[i] as number;
    indexes[i] = indexes[j] as number;
    indexes[j] = t;
  }
  return indexes
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((i) => sorted[i] as T);
}

/** Precision of the committed observations against the stored labels. */
export interface PrecisionReport {
  readonly commits: number;
  readonly labelled: number;
  readonly correct: number;
  readonly incorrect: number;
  /** Commits with no label (e.g. the rules changed since labelling): never guessed. */
  readonly unlabelled: number;
  /** correct / labelled; null when nothing is labelled. */
  readonly precision: number | null;
  /** Incorrect commits by the labeller's reason category. */
  readonly incorrect_by_reason: Readonly<Record<string, number>>;
}

/** Scores the commits against the labels: a commit without a label is counted, not guessed. */
export function scorePrecision(
  commits: readonly ObservedSlot[],
  labels: readonly StoredLabel[],
): PrecisionReport {
  const byKey = new Map(labels.map((l) => [labelKey(l), l]));
  let correct = 0;
  let incorrect = 0;
  let unlabelled = 0;
  const reasons: Record<string, number> = {};
  for (const c of commits.filter((o) => o.outcome === 'committed')) {
    const label = byKey.get(observedKey(c));
    if (label === undefined) unlabelled += 1;
    else if (label.label === 'correct') correct += 1;
    else {
      incorrect += 1;
      reasons[label.reason] = (reasons[label.reason] ?? 0) + 1;
    }
  }
  const labelled = correct + incorrect;
  return {
    commits: correct + incorrect + unlabelled,
    labelled,
    correct,
    incorrect,
    unlabelled,
    precision: labelled === 0 ? null : correct / labelled,
    incorrect_by_reason: Object.fromEntries(
      Object.entries(reasons).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  };
}

/** Counts of one group (a conversation, a domain or a slot path). */
export interface OutcomeCounts {
  committed: number;
  tentative: number;
  asked: number;
}

/** Outcome counts grouped by `group(observation)`, groups in sorted order. */
export function countBy<T extends ObservedSlot>(
  observed: readonly T[],
  group: (o: T) => string,
): Record<string, OutcomeCounts> {
  const out: Record<string, OutcomeCounts> = {};
  for (const o of observed) {
    const row = out[group(o)] ?? { committed: 0, tentative: 0, asked: 0 };
    row[o.outcome] += 1;
    out[group(o)] = row;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Outcome counts over all of `observed`. */
export function totals(observed: readonly ObservedSlot[]): OutcomeCounts {
  const out: OutcomeCounts = { committed: 0, tentative: 0, asked: 0 };
  for (const o of observed) out[o.outcome] += 1;
  return out;
}

/** Commits per 1,000 messages, one decimal place of rounding left to the caller. */
export function perThousand(count: number, messages: number): number {
  return messages === 0 ? 0 : (count * 1000) / messages;
}

/** A LoCoMo message's own words: the dataset's appended image caption is not what was said. */
export function ownText(content: string): string {
  return content.replace(/\s*\[shares an image: [^\]]*\]\s*$/, '').trim();
}

/**
 * The labeller's lines reduced to what the repository may keep: ids, slot path, value hash,
 * label and a one-word reason (any note or quoted text is dropped). Throws on a malformed line,
 * naming it, rather than keeping a label that cannot be matched.
 */
export function toStoredLabels(lines: readonly unknown[]): StoredLabel[] {
  const out = lines.map((line, i) => {
    const l = line as Partial<Record<keyof StoredLabel, unknown>>;
    const text = (k: keyof StoredLabel) => (typeof l[k] === 'string' ? (l[k] as string) : '');
    const reason = text('reason').toLowerCase();
    const label = text('label');
    if (
      text('conv_id') === '' ||
      text('message_id') === '' ||
      text('path') === '' ||
      !/^[0-9a-f]{12}$/.test(text('value_hash')) ||
      (label !== 'correct' && label !== 'incorrect') ||
      !/^[a-z]+$/.test(reason)
    ) {
      throw new Error(
        `label line ${i + 1}: needs conv_id, message_id, path, a 12-hex value_hash, label correct|incorrect and a one-word reason`,
      );
    }
    return {
      conv_id: text('conv_id'),
      message_id: text('message_id'),
      path: text('path'),
      value_hash: text('value_hash'),
      label,
      reason,
    } satisfies StoredLabel;
  });
  return out.sort((a, b) => (labelKey(a) < labelKey(b) ? -1 : labelKey(a) > labelKey(b) ? 1 : 0));
}

/** How often a second labeller gave the same verdict, over the commits both labelled. */
export function agreement(
  first: readonly StoredLabel[],
  second: readonly StoredLabel[],
): { readonly compared: number; readonly agreed: number } {
  const other = new Map(second.map((l) => [labelKey(l), l.label]));
  let compared = 0;
  let agreed = 0;
  for (const l of first) {
    const verdict = other.get(labelKey(l));
    if (verdict === undefined) continue;
    compared += 1;
    if (verdict === l.label) agreed += 1;
  }
  return { compared, agreed };
}
