// The candidate-level proxy that bench/observe-select.ts and bench/observe-features.ts search
// with: a durable label counts as recalled when a 🔴 candidate holds its words; junk = 🔴
// candidates labelled junk. Fast enough to search a grid; the chosen setting is then measured
// through the whole pipeline by bench/observe.bench.ts.
import { admissible } from '../../src/observer/index.js';
import type { LabelledCandidate } from './corpus.js';

/** Counts of one author (or pooled). */
export interface Tally {
  recalled: number;
  durable: number;
  red: number;
  junk: number;
  other: number;
}

/** The empty tally. */
export const zero: Tally = { recalled: 0, durable: 0, red: 0, junk: 0, other: 0 };

/** Two tallies added. */
export const add = (a: Tally, b: Tally): Tally => ({
  recalled: a.recalled + b.recalled,
  durable: a.durable + b.durable,
  red: a.red + b.red,
  junk: a.junk + b.junk,
  other: a.other + b.other,
});

/** One line: recall, junk rate, 🔴 and unlabelled 🔴 counts. */
export const fmt = (t: Tally) =>
  `${(t.recalled / t.durable).toFixed(3)} ${((100 * t.junk) / Math.max(1, t.red)).toFixed(1)}% red=${t.red} other=${t.other}`;

/** Sorts rows best first: those that fit the rule, then recall, then fewer 🔴, then name. */
export function bestFirst<R extends { name: string; pooled: Tally }>(rows: R[], rules: Tally): R[] {
  return rows.sort(
    (a, b) =>
      Number(!fitsRule(a.pooled, rules)) - Number(!fitsRule(b.pooled, rules)) ||
      b.pooled.recalled - a.pooled.recalled ||
      a.pooled.red - b.pooled.red ||
      a.name.localeCompare(b.name),
  );
}

/** The rules alone on the same candidates (every 🔴 kept, nothing admitted), pooled. */
export function rulesAlone(
  candidates: readonly (readonly LabelledCandidate[])[],
  durable: readonly number[],
): Tally[] {
  return candidates.map((held, k) =>
    tally(
      held,
      held.map(() => 1),
      { gate: 0.5, admit: 2, liftAssistant: false },
      durable[k] ?? 0,
    ),
  );
}

/**
 * What a scorer with `gate` / `admit` makes 🔴 among the left-out author's candidates, given each
 * candidate's score; `liftAssistant` lets it admit the assistant's 🟡 too.
 */
export function tally(
  held: readonly LabelledCandidate[],
  scores: readonly number[],
  setting: { gate: number; admit: number; liftAssistant: boolean },
  durable: number,
): Tally {
  const covered = new Set<string>();
  let red = 0;
  let junk = 0;
  let other = 0;
  const lift = { lift_assistant: setting.liftAssistant };
  for (const [i, c] of held.entries()) {
    const s = scores[i] as number;
    const isRed =
      c.candidate.priority === 'red'
        ? s >= setting.gate
        : admissible(c.candidate, lift) && s >= setting.admit;
    if (!isRed) continue;
    red += 1;
    if (c.label === 'junk') junk += 1;
    if (c.label === 'other') other += 1;
    for (const id of c.covers) covered.add(`${c.session}/${id}`);
  }
  return { recalled: covered.size, durable, red, junk, other };
}

/**
 * The selection rule: proxy junk at most 2.5 % (half the 5 % target: the proxy reads junk at about
 * half the pipeline's rate), at most 20 % more 🔴 than the rules (the reviewer's load), and no
 * larger share of unlabelled 🔴 than the rules' (many unlabelled ones are noise no writer thought
 * to label).
 */
export function fitsRule(t: Tally, rules: Tally): boolean {
  const rate = (x: number, of: Tally) => x / Math.max(1, of.red);
  return (
    rate(t.junk, t) <= 0.025 &&
    t.red <= 1.2 * rules.red &&
    rate(t.other, t) <= rate(rules.other, rules)
  );
}

/** One setting of a grid search with its pooled and per-author tallies. */
export interface GridRow {
  readonly name: string;
  readonly pooled: Tally;
  readonly perFold: Tally[];
}

/** Every gate × admit setting over fold scores (one score per held-out candidate, per author). */
export function gridRows(
  candidates: readonly (readonly LabelledCandidate[])[],
  foldScores: readonly (readonly number[])[],
  grid: { gates: readonly number[]; admits: readonly number[]; liftAssistant: boolean },
  durable: readonly number[],
  prefix: string,
): GridRow[] {
  const rows: GridRow[] = [];
  for (const gate of grid.gates) {
    for (const admit of grid.admits) {
      const setting = { gate, admit, liftAssistant: grid.liftAssistant };
      const perFold = candidates.map((held, k) =>
        tally(held, foldScores[k] ?? [], setting, durable[k] ?? 0),
      );
      rows.push({
        name: `${prefix} gate=${gate} admit=${admit}`,
        pooled: perFold.reduce(add, zero),
        perFold,
      });
    }
  }
  return rows;
}
