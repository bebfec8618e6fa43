import { createRequire } from 'node:module';
import type * as O200k from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Counts, encodes and decodes text the way a model's tokenizer does. Every budget in the context
 * builder is measured with one of these.
 *
 * Contract:
 * - Pure and deterministic: the same text always gives the same count and the same tokens.
 * - `count(text)` equals `encode(text).length`.
 * - Text that spells a special token (`<|endoftext|>`) is ordinary text, never an error.
 * - `decode(encode(text))` returns `text`; decoding a prefix of the tokens may end inside a
 *   multi-byte character, which callers must tolerate.
 */
export interface Tokenizer {
  /** The encoding's name, reported with every context (`o200k_base`). */
  readonly name: string;
  /** Number of tokens in `text`. */
  count(text: string): number;
  /** The tokens of `text`. */
  encode(text: string): readonly number[];
  /** The text of `tokens`. */
  decode(tokens: readonly number[]): string;
}

/** The default encoding: GPT-4o's and later OpenAI models', a fair proxy for current models. */
export const DEFAULT_ENCODING = 'o200k_base';

// Special-token strings in user text are content, not control tokens.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** A `Tokenizer` backed by `gpt-tokenizer`'s `o200k_base` encoding. */
export function createGptTokenizer(): Tokenizer {
  return {
    name: DEFAULT_ENCODING,
    count: (text) => (text === '' ? 0 : o200k().countTokens(text, PLAIN_TEXT)),
    encode: (text) => o200k().encode(text, PLAIN_TEXT),
    decode: (tokens) => o200k().decode(tokens),
  };
}

// The encoding's tables are loaded on first use, not imported: a command that builds no context
// must not pay for them at start-up (ADR 2026-11-26-lazy-start-up).
let encoding: typeof O200k | null = null;
function o200k(): typeof O200k {
  encoding ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as typeof O200k;
  return encoding;
}
