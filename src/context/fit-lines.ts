import type { Tokenizer } from './tokenizer.js';
import { truncateToTokens } from './truncate-to-tokens.js';

/** One entry of a list section: a state item, a field, a memory, a message. */
export interface LineEntry {
  readonly id: string;
  /** The entry as rendered (one line, or several for a message). */
  readonly text: string;
  /** `tokenizer.count(text)`. */
  readonly tokens: number;
  /** Tokens the entry adds around its text: its newline, a group header it opens. */
  readonly overhead: number;
}

/** Options of `fitLines`. */
export interface FitLinesOptions {
  /** Candidates in priority order: the first ones are kept when not all fit. */
  readonly entries: readonly LineEntry[];
  /** Tokens of the section without entries: its heading and fixed lines. */
  readonly fixedTokens: number;
  /** Tokens of the "omitted" marker line (an upper bound), with its newline. */
  readonly markerTokens: number;
  readonly allowance: number;
  /** The least room worth filling with the beginning of an entry; `Infinity` never cuts one. */
  readonly minPartialTokens: number;
  /**
   * The section's text from the chosen entries (priority order; the last may be cut) and the
   * number of entries left out.
   */
  readonly compose: (chosen: readonly LineEntry[], omitted: number) => string;
  readonly tokenizer: Tokenizer;
}

/** What fitted. */
export interface FitLinesResult {
  /** The section's text, or `''` when no entry fitted. */
  readonly text: string;
  readonly tokens: number;
  /** Ids shown in full or in part, in priority order. */
  readonly included: readonly string[];
  /** The id of the entry shown only in part, if any. */
  readonly partial: string | null;
  /** Ids left out, in priority order. */
  readonly omitted: readonly string[];
}

/**
 * Keeps the longest prefix of `entries` (in priority order) that fits `allowance` with the
 * section's fixed lines and, when anything is left out, its marker; fills remaining room with the
 * beginning of the next entry when that room is at least `minPartialTokens`. Estimates from the
 * per-entry counts, then measures the composed text and drops entries until it truly fits.
 */
export function fitLines(options: FitLinesOptions): FitLinesResult {
  const { entries, allowance, tokenizer } = options;
  const chosen: LineEntry[] = [];
  let used = options.fixedTokens;
  for (const [index, entry] of entries.entries()) {
    const reserve = index < entries.length - 1 ? options.markerTokens : 0;
    const cost = entry.tokens + entry.overhead;
    if (used + cost + reserve <= allowance) {
      chosen.push(entry);
      used += cost;
      continue;
    }
    const room = allowance - used - entry.overhead - options.markerTokens;
    if (room >= options.minPartialTokens) {
      const cut = truncateToTokens(entry.text, room, tokenizer);
      if (cut.text !== '') chosen.push({ ...entry, text: cut.text, tokens: cut.tokens });
    }
    break;
  }
  let partialIndex = chosen.findIndex((entry, index) => entry !== entries[index]);
  while (chosen.length > 0) {
    const text = options.compose(chosen, entries.length - chosen.length);
    const tokens = tokenizer.count(text);
    if (tokens <= allowance) {
      const partial = partialIndex === -1 ? null : (chosen[partialIndex]?.id ?? null);
      return {
        text,
        tokens,
        included: chosen.map((entry) => entry.id),
        partial,
        omitted: entries.slice(chosen.length).map((entry) => entry.id),
      };
    }
    chosen.pop();
    if (partialIndex >= chosen.length) partialIndex = -1;
  }
  return { text: '', tokens: 0, included: [], partial: null, omitted: entries.map((e) => e.id) };
}
