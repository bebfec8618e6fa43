import type { Tokenizer } from './tokenizer.js';

/** Appended to text cut short by the budget, so the reader knows something is missing. */
export const TRUNCATION_MARKER = '…[truncated]';

/** Text fitted into a token allowance. */
export interface Truncation {
  /** The text itself, or its beginning followed by the marker. */
  readonly text: string;
  /** `tokenizer.count(text)`. */
  readonly tokens: number;
  /** The text was cut. */
  readonly truncated: boolean;
}

const REPLACEMENT_CHARACTER = /\uFFFD+$/u;
// A cut that falls inside a word backs up to the word's start when that loses little text.
const WORD_BACKOFF_CHARACTERS = 24;

function cutAtWord(prefix: string, original: string): string {
  const next = original.charAt(prefix.length);
  if (next === '' || /\s/u.test(next)) return prefix;
  const space = prefix.search(/\s\S*$/u);
  return space > 0 && prefix.length - space <= WORD_BACKOFF_CHARACTERS
    ? prefix.slice(0, space)
    : prefix;
}

/**
 * Fits `text` into `maxTokens`: unchanged when it fits, else its beginning (cut at a word boundary
 * where that is cheap) followed by `marker`. Returns the empty string when not even the marker
 * fits. The result's token count never exceeds `maxTokens`. Deterministic.
 */
export function truncateToTokens(
  text: string,
  maxTokens: number,
  tokenizer: Tokenizer,
  marker: string = TRUNCATION_MARKER,
): Truncation {
  const limit = Math.max(0, Math.floor(maxTokens));
  const whole = tokenizer.count(text);
  if (whole <= limit) return { text, tokens: whole, truncated: false };
  const markerTokens = tokenizer.count(marker);
  if (markerTokens > limit) return { text: '', tokens: 0, truncated: true };
  const tokens = tokenizer.encode(text);
  let keep = Math.min(tokens.length, limit - markerTokens);
  while (keep > 0) {
    const decoded = tokenizer.decode(tokens.slice(0, keep)).replace(REPLACEMENT_CHARACTER, '');
    const prefix = cutAtWord(decoded, text).trimEnd();
    const candidate = prefix === '' ? marker : `${prefix} ${marker}`;
    const count = tokenizer.count(candidate);
    if (count <= limit) return { text: candidate, tokens: count, truncated: true };
    keep -= Math.max(1, count - limit);
  }
  return { text: marker, tokens: markerTokens, truncated: true };
}
