import {
  type BatchMessage,
  collapseWhitespace,
  isActiveItem,
  ok,
  type Result,
  type StateItem,
} from '../core/index.js';
import { askedBefore, maskSecrets, turnSide } from '../language/index.js';
import { orderMessages } from './context-sections.js';
import { createGptTokenizer, type Tokenizer } from './tokenizer.js';
import { truncateToTokens } from './truncate-to-tokens.js';

/** Options of `summarizeThread`. */
export interface SummarizeThreadOptions {
  /** The summary never exceeds this many tokens. */
  readonly maxTokens: number;
  /** Counts `maxTokens` (default `o200k_base`). */
  readonly tokenizer?: Tokenizer;
  /** Items named per kind, newest first (default 3). */
  readonly perKind?: number;
}

/**
 * Token sizes for the two stored summaries, matched to a 2,000-token context: the short one to the
 * summary share (5 %), the long one to the structured-state share it stands in for (12 %).
 */
export const DEFAULT_SUMMARY_TOKENS = { short: 100, long: 240 } as const;

const DEFAULT_PER_KIND = 3;

function compareNewest(a: StateItem, b: StateItem): number {
  const bySeen = Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt);
  if (bySeen !== 0 && !Number.isNaN(bySeen)) return bySeen;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

function clean(text: string): string {
  return collapseWhitespace(text).replace(/[.;,:]+$/u, '');
}

interface Group {
  readonly label: string;
  readonly items: readonly StateItem[];
}

function itemText(item: StateItem): string {
  return item.status === 'blocked' ? `${clean(item.text)} (blocked)` : clean(item.text);
}

function composeItems(groups: readonly Group[]): string {
  return groups
    .filter((group) => group.items.length > 0)
    .map((group) => {
      const body = group.items.map(itemText).join('; ');
      return `${group.label}: ${body}${/[.!?]$/u.test(body) ? '' : '.'}`;
    })
    .join(' ');
}

function summarizeItems(
  items: readonly StateItem[],
  perKind: number,
  maxTokens: number,
  tokenizer: Tokenizer,
): string {
  const active = items.filter(isActiveItem);
  const pick = (keep: (item: StateItem) => boolean) =>
    active.filter(keep).sort(compareNewest).slice(0, perKind);
  let groups: Group[] = [
    { label: 'Decided', items: pick((item) => item.typeTag === 'decision') },
    {
      label: 'Open actions',
      items: pick(
        (item) =>
          item.typeTag === 'action' && (item.status === 'open' || item.status === 'blocked'),
      ),
    },
    {
      label: 'Open questions',
      items: pick((item) => item.typeTag === 'question' && item.status === 'open'),
    },
  ];
  let text = composeItems(groups);
  // Over budget, the oldest named item goes first, so the summary keeps what changed last.
  while (tokenizer.count(text) > maxTokens) {
    const named = groups.flatMap((group) => group.items);
    const oldest = [...named].sort(compareNewest).at(-1);
    if (named.length <= 1 || !oldest) break;
    groups = groups.map((group) => ({
      ...group,
      items: group.items.filter((item) => item !== oldest),
    }));
    text = composeItems(groups);
  }
  return text;
}

/**
 * Message `index` of the thread as the summary may quote it: its secrets masked before it is
 * quoted, with the message it answers ("What's the safe code?" | "31-07-22"). Masking the quote
 * afterwards reads the closing quote as part of the value and misses it.
 */
function quote(ordered: readonly BatchMessage[], index: number): string {
  const message = ordered[index];
  if (message === undefined) return '';
  const turns = ordered.map((m) => ({ side: turnSide(m.role), text: m.content }));
  return collapseWhitespace(maskSecrets(message.content, askedBefore(turns, index)));
}

function summarizeMessages(
  messages: readonly BatchMessage[],
  maxTokens: number,
  tokenizer: Tokenizer,
): string {
  const ordered = orderMessages(messages);
  const users = ordered.flatMap((message, i) => (message.role === 'user' ? [i] : []));
  const first = quote(ordered, users[0] ?? -1);
  const last = users.length > 1 ? quote(ordered, users.at(-1) ?? -1) : '';
  if (first === '' && last === '') return '';
  const compose = (a: string, b: string) =>
    b === '' ? `The thread opened with: "${a}"` : `The thread opened with: "${a}" Latest: "${b}"`;
  const text = compose(first, last);
  if (tokenizer.count(text) <= maxTokens) return text;
  const room = maxTokens - tokenizer.count(compose('', last === '' ? '' : ' '));
  const each = Math.max(0, Math.floor(room / (last === '' ? 1 : 2)));
  const cutFirst = truncateToTokens(first, each, tokenizer).text;
  const cutLast = last === '' ? '' : truncateToTokens(last, each, tokenizer).text;
  // Too little room to quote both: cut the whole sentence instead of quoting nothing.
  if (cutFirst === '' || (last !== '' && cutLast === '')) {
    return truncateToTokens(text, maxTokens, tokenizer).text;
  }
  return compose(cutFirst, cutLast);
}

/**
 * An offline, extractive summary of a thread in one short paragraph: its latest decisions, open
 * actions (blocked ones marked) and open questions, newest first, from the thread's state items.
 * With none of those, it quotes the thread's first and latest user messages instead. Never exceeds
 * `maxTokens` (cut with the truncation marker as a last resort); `''` when there is nothing to
 * say. Pure and deterministic.
 */
export function summarizeThread(
  items: readonly StateItem[],
  messages: readonly BatchMessage[],
  options: SummarizeThreadOptions,
): string {
  const tokenizer = options.tokenizer ?? createGptTokenizer();
  const maxTokens = Math.max(0, Math.floor(options.maxTokens));
  const perKind = Math.max(1, Math.floor(options.perKind ?? DEFAULT_PER_KIND));
  const fromItems = summarizeItems(items, perKind, maxTokens, tokenizer);
  const text = fromItems !== '' ? fromItems : summarizeMessages(messages, maxTokens, tokenizer);
  return truncateToTokens(text, maxTokens, tokenizer).text;
}

/** What a `ThreadSummarizer` summarises. */
export interface ThreadSummaryInput {
  readonly threadId: string;
  /** The thread's state items (superseded ones are ignored). */
  readonly items: readonly StateItem[];
  /** The thread's messages, in any order. */
  readonly messages: readonly BatchMessage[];
  /** The summary's size limit, in the builder's tokenizer's tokens. */
  readonly maxTokens: number;
}

/** Options of one `ThreadSummarizer.summarize` call. */
export interface SummarizeOptions {
  /** Aborts the call (the caller's timeout); the summarizer stops and returns an error. */
  readonly signal?: AbortSignal;
}

/**
 * Writes a thread's summary. Two implementations sit behind it: the offline extractive one (the
 * default, `createExtractiveSummarizer`) and an LLM summarizer behind the `LanguageModel`
 * contract (`createLlmSummarizer`).
 *
 * Contract:
 * - The summary fits `maxTokens`; a longer model answer is cut by the summarizer, not the caller.
 * - Nothing to summarise is `ok('')`, not an error.
 * - Expected failures (a model that times out or returns nothing usable) are returned as an
 *   `EngineError` with code `PROVIDER_FAILED`; the summarizer never throws for them.
 * - Deterministic for the extractive summarizer. An LLM summary is not state (nothing in the
 *   ledger's fold reads it), so the engine memoises it per thread state instead of recording it
 *   (ADR 2026-11-26-context-sources).
 */
export interface ThreadSummarizer {
  /** Stable name, recorded with the summary (`extractive`, `llm`). */
  readonly id: string;
  /** Changes whenever the same input could give a different summary. */
  readonly version: string;
  /** The summary of `input`'s thread. */
  summarize(input: ThreadSummaryInput, options?: SummarizeOptions): Promise<Result<string>>;
}

/** The offline `ThreadSummarizer`: `summarizeThread` behind the contract. */
export function createExtractiveSummarizer(
  options: { readonly tokenizer?: Tokenizer } = {},
): ThreadSummarizer {
  const tokenizer = options.tokenizer ?? createGptTokenizer();
  return {
    id: 'extractive',
    version: '1',
    summarize: async (input) =>
      ok(summarizeThread(input.items, input.messages, { maxTokens: input.maxTokens, tokenizer })),
  };
}
