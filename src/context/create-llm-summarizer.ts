import {
  type BatchMessage,
  collapseWhitespace,
  compareForRendering,
  EngineError,
  err,
  isActiveItem,
  ok,
  type Result,
} from '../core/index.js';
import type { JsonSchemaObject, LanguageModel } from '../providers/index.js';
import { orderMessages } from './context-sections.js';
import type { SummarizeOptions, ThreadSummarizer, ThreadSummaryInput } from './summarize-thread.js';
import { createGptTokenizer, type Tokenizer } from './tokenizer.js';
import { truncateToTokens } from './truncate-to-tokens.js';

/** Options of `createLlmSummarizer`. */
export interface LlmSummarizerOptions {
  /** The chat model that writes the summary. */
  readonly model: LanguageModel;
  /** The whole call fails with `PROVIDER_FAILED` after this many milliseconds. Default 8,000. */
  readonly timeoutMs?: number;
  /** The transcript shown to the model keeps the newest messages within this many tokens. */
  readonly transcriptTokens?: number;
  /** Counts `maxTokens` and `transcriptTokens` (default `o200k_base`). */
  readonly tokenizer?: Tokenizer;
}

const DEFAULT_TIMEOUT_MS = 8000;
const DEFAULT_TRANSCRIPT_TOKENS = 4000;
/** Items listed in the prompt, in render order. */
const PROMPT_ITEMS = 40;

const SUMMARY_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: { summary: { type: 'string' } },
  required: ['summary'],
  additionalProperties: false,
};

function systemPrompt(maxTokens: number): string {
  // Words run about 1.3 tokens in English; asking for fewer leaves room for the cut.
  const words = Math.max(10, Math.floor(maxTokens / 1.5));
  return [
    'You brief an assistant that is about to continue a conversation thread.',
    `Write one paragraph of at most ${words} words saying where the thread stands now: what was`,
    'decided, what is still to be done and by whom, which questions are open, and any limits',
    'that were set. Prefer what changed most recently. Use only what the tracked items and the',
    'transcript say: invent no names, dates, numbers or outcomes, and do not quote ids.',
    'Reply with JSON only: {"summary": "<the paragraph>"}.',
  ].join(' ');
}

function userPrompt(input: ThreadSummaryInput, budget: number, tokenizer: Tokenizer): string {
  const items = input.items
    .filter(isActiveItem)
    .sort(compareForRendering)
    .slice(0, PROMPT_ITEMS)
    .map((item) => `- ${item.typeTag} (${item.status}): ${collapseWhitespace(item.text)}`);
  const lines: string[] = [];
  let used = 0;
  for (const message of [...orderMessages(input.messages)].reverse()) {
    const line = `[${message.createdAt.slice(0, 16)}] ${message.role}: ${collapseWhitespace(message.content)}`;
    const cost = tokenizer.count(line) + 1;
    if (used + cost > budget) break;
    lines.push(line);
    used += cost;
  }
  return [
    'Tracked items:',
    ...(items.length === 0 ? ['(none)'] : items),
    '',
    'Transcript, oldest first:',
    ...(lines.length === 0 ? ['(empty)'] : lines.reverse()),
  ].join('\n');
}

function hasContent(messages: readonly BatchMessage[]): boolean {
  return messages.some((message) => message.content.trim() !== '');
}

/**
 * A `ThreadSummarizer` backed by a chat model, with our own prompt: the thread's active items and
 * the newest messages that fit `transcriptTokens`, answered as `{"summary": …}` and cut to
 * `maxTokens`. A model failure, a timeout or an answer outside the schema is returned as
 * `PROVIDER_FAILED`, never thrown. Not deterministic: callers that need stable bytes memoise it.
 */
export function createLlmSummarizer(options: LlmSummarizerOptions): ThreadSummarizer {
  const tokenizer = options.tokenizer ?? createGptTokenizer();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transcriptTokens = options.transcriptTokens ?? DEFAULT_TRANSCRIPT_TOKENS;
  const model = `${options.model.provider}/${options.model.modelId}`;
  return {
    id: 'llm',
    version: `${model}#1`,
    async summarize(input, summarizeOptions: SummarizeOptions = {}): Promise<Result<string>> {
      const maxTokens = Math.max(0, Math.floor(input.maxTokens));
      const active = input.items.filter(isActiveItem);
      if (maxTokens === 0 || (active.length === 0 && !hasContent(input.messages))) return ok('');
      let answer: unknown;
      try {
        const result = await options.model.generateObject({
          system: systemPrompt(maxTokens),
          prompt: userPrompt(input, transcriptTokens, tokenizer),
          schema: SUMMARY_SCHEMA,
          schemaName: 'thread_summary',
          timeoutMs,
          ...(summarizeOptions.signal === undefined ? {} : { signal: summarizeOptions.signal }),
        });
        answer = result.value;
      } catch (error: unknown) {
        if (error instanceof EngineError) return err(error);
        throw error;
      }
      const summary =
        typeof answer === 'object' && answer !== null && 'summary' in answer
          ? answer.summary
          : undefined;
      if (typeof summary !== 'string' || summary.trim() === '') {
        return err(
          new EngineError('PROVIDER_FAILED', 'the model answered outside the summary schema', {
            operation: 'summarize',
            model,
          }),
        );
      }
      return ok(truncateToTokens(collapseWhitespace(summary), maxTokens, tokenizer).text);
    },
  };
}
