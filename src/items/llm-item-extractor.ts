import {
  type BatchMessage,
  type CandidateItem,
  compareForRendering,
  defaultStatusFor,
  EngineError,
  err,
  filterRefs,
  isActiveItem,
  isRecord,
  ok,
  type Result,
  STATE_ITEM_LIMITS,
  type StateItem,
  validateItem,
} from '../core/index.js';
import type { LanguageModel } from '../providers/index.js';
import type { ExtractItemsOptions, ItemExtractor } from './item-extractor.js';
import {
  ITEM_OUTPUT_SCHEMA,
  ITEM_PROMPT_VERSION,
  ITEM_SYSTEM_PROMPT,
  itemUserPrompt,
} from './llm-item-prompt.js';

/** Options of `createLlmItemExtractor`. */
interface LlmItemExtractorOptions {
  readonly model: LanguageModel;
  /** Per model call, in milliseconds. Default 15 000 (seed 001's extraction timeout). */
  readonly timeoutMs?: number;
  /** Candidates returned at most; later valid ones are dropped. Default 25. */
  readonly maxCandidates?: number;
  /** Existing items shown to the model, in rendering order. Default 40. */
  readonly maxExistingItems?: number;
  /** Characters of one message shown to the model; the rest is cut. Default 4 000. */
  readonly maxMessageCharacters?: number;
}

/** Id of the LLM item extractor, recorded as the `source` of its items. */
const LLM_ITEM_EXTRACTOR_ID = 'llm';

type Entry = Readonly<Record<string, unknown>>;

const FENCE = /```[a-zA-Z]*\s*([\s\S]*?)```/;
const WRAPPER_KEYS = ['items', 'candidates', 'state_items'] as const;

function parseText(text: string): unknown {
  const body = FENCE.exec(text)?.[1] ?? text;
  try {
    return JSON.parse(body);
  } catch {
    // Not JSON as a whole (prose around it): fall through to the outermost brackets.
  }
  const start = body.indexOf('[');
  const end = body.lastIndexOf(']');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    // Still not JSON: the caller reports the answer as unusable.
    return undefined;
  }
}

function arrayIn(answer: unknown, readText: boolean): readonly unknown[] | null {
  if (Array.isArray(answer)) return answer;
  if (typeof answer === 'string') return readText ? arrayIn(parseText(answer), false) : null;
  if (!isRecord(answer)) return null;
  for (const key of WRAPPER_KEYS) {
    const value = answer[key];
    if (Array.isArray(value)) return value;
  }
  const arrays = Object.values(answer).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] ?? null) : null;
}

/**
 * The candidate list in a model's answer: a bare array, the array under `items` (or another single
 * array-valued field), or either of those inside a string, with or without a markdown fence.
 * Null when there is none.
 */
export function findCandidateArray(answer: unknown): readonly unknown[] | null {
  return arrayIn(answer, true);
}

/** Numeric confidences some models give, read as the three labels. */
function confidenceOf(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (value >= 0.8) return 'high';
  return value >= 0.5 ? 'medium' : 'low';
}

/** The wire entry (snake_case, `type`) in the shape `validateItem` reads. */
function toRawCandidate(entry: Entry): Entry {
  return {
    typeTag: entry['type'] ?? entry['type_tag'] ?? entry['typeTag'],
    text: entry['text'],
    status: entry['status'],
    confidence: confidenceOf(entry['confidence']),
    topicTags: entry['topic_tags'] ?? entry['topicTags'],
    refs: entry['refs'],
    supersedes: entry['supersedes'],
    replaces: entry['replaces'],
    chosen: entry['chosen'],
    conflict: entry['conflict'],
  };
}

/**
 * Checks one answer entry against the batch and the items the model was shown: `validateItem`
 * (an invalid status becomes the type's default with low confidence), refs kept only when they
 * name a batch message (none left: dropped), `supersedes` kept only when it names a shown item of
 * the same type. A candidate never starts out superseded: that is reconciliation's call.
 */
function toCandidate(
  entry: unknown,
  allowedRefs: ReadonlySet<string>,
  shown: ReadonlyMap<string, StateItem>,
): CandidateItem | null {
  if (!isRecord(entry)) return null;
  const validated = validateItem(toRawCandidate(entry));
  if (!validated.ok) return null;
  const candidate = validated.value.candidate;
  const refs = filterRefs(candidate.refs, allowedRefs);
  if (refs.length === 0) return null;
  const target = candidate.supersedes === null ? undefined : shown.get(candidate.supersedes);
  const supersedes =
    target !== undefined && target.typeTag === candidate.typeTag ? target.uid : null;
  const superseded = candidate.status === 'superseded';
  return {
    ...candidate,
    refs,
    supersedes,
    ...(superseded
      ? { status: defaultStatusFor(candidate.typeTag), confidence: 'low' as const }
      : {}),
  };
}

/**
 * The model-backed item extractor `llm`: one structured request per batch with the transcript
 * (message ids, roles, text) and the thread's active items by uid; the answer parsed tolerantly,
 * each candidate validated (invalid ones dropped), refs restricted to the batch, `supersedes` to
 * the items shown, at most `maxCandidates` kept. A model failure, an abort or an answer without a
 * candidate list is returned as `PROVIDER_FAILED`; it never throws for those.
 */
export function createLlmItemExtractor(options: LlmItemExtractorOptions): ItemExtractor {
  const { model } = options;
  const timeoutMs = options.timeoutMs ?? STATE_ITEM_LIMITS.extractionTimeoutMs;
  const maxCandidates = options.maxCandidates ?? STATE_ITEM_LIMITS.maxCandidatesPerRun;
  const maxExisting = options.maxExistingItems ?? STATE_ITEM_LIMITS.maxRenderedItems;
  const maxCharacters = options.maxMessageCharacters ?? 4_000;
  const details = { extractor: LLM_ITEM_EXTRACTOR_ID, model: `${model.provider}/${model.modelId}` };
  const failure = (message: string, cause?: unknown) =>
    new EngineError(
      'PROVIDER_FAILED',
      message,
      { ...details, operation: 'extractItems' },
      cause === undefined ? undefined : { cause },
    );

  return {
    id: LLM_ITEM_EXTRACTOR_ID,
    version: `${ITEM_PROMPT_VERSION}/${model.provider}/${model.modelId}`,
    async extract(
      batch: readonly BatchMessage[],
      existingItems: readonly StateItem[],
      extractOptions: ExtractItemsOptions = {},
    ): Promise<Result<readonly CandidateItem[]>> {
      const { signal } = extractOptions;
      if (!batch.some((message) => message.role === 'user')) return ok([]);
      if (signal?.aborted) return err(failure('item extraction was aborted before it started'));
      const shown = existingItems
        .filter(isActiveItem)
        .sort(compareForRendering)
        .slice(0, maxExisting);
      let answer: unknown;
      try {
        const result = await model.generateObject({
          system: ITEM_SYSTEM_PROMPT,
          prompt: itemUserPrompt(batch, shown, maxCharacters),
          schema: ITEM_OUTPUT_SCHEMA,
          schemaName: 'state_items',
          timeoutMs,
          ...(signal === undefined ? {} : { signal }),
        });
        answer = result.value;
      } catch (error: unknown) {
        if (signal?.aborted) return err(failure('item extraction was aborted', error));
        if (error instanceof EngineError) return err(error);
        // The contract says adapters throw only EngineError; anything else is still a failed call.
        return err(failure('the language model call failed', error));
      }
      const entries = findCandidateArray(answer);
      if (entries === null) {
        return err(failure('the model answered without a list of state items'));
      }
      const allowedRefs = new Set(batch.map((message) => message.messageId));
      const byUid = new Map(shown.map((item) => [item.uid, item]));
      const candidates: CandidateItem[] = [];
      for (const entry of entries) {
        if (candidates.length >= maxCandidates) break;
        const candidate = toCandidate(entry, allowedRefs, byUid);
        if (candidate !== null) candidates.push(candidate);
      }
      return ok(candidates);
    },
  };
}
