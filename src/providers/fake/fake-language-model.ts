import { EngineError } from '../../core/index.js';
import type { GenerateObjectRequest, GenerateObjectResult, LanguageModel } from '../index.js';

/** A scripted reply: a value to return, or an error to throw. */
export type FakeReply = { readonly value: unknown } | { readonly error: string };

/** Options of `createFakeLanguageModel`. */
export interface FakeLanguageModelOptions {
  /** Replies in order; when they run out the last one repeats. Or a function of the request. */
  readonly replies: readonly FakeReply[] | ((request: GenerateObjectRequest) => FakeReply);
  readonly modelId?: string;
}

/** A `LanguageModel` with scripted answers that records every request, for unit tests. */
export class FakeLanguageModel implements LanguageModel {
  readonly provider = 'fake';
  readonly modelId: string;
  readonly supportsStructuredOutput = true;
  /** Every request, in order. */
  readonly calls: GenerateObjectRequest[] = [];
  readonly #replies: FakeLanguageModelOptions['replies'];

  constructor(options: FakeLanguageModelOptions) {
    this.modelId = options.modelId ?? 'fake-model';
    this.#replies = options.replies;
  }

  async generateObject(request: GenerateObjectRequest): Promise<GenerateObjectResult> {
    this.calls.push(request);
    const replies = this.#replies;
    const reply =
      typeof replies === 'function'
        ? replies(request)
        : (replies[Math.min(this.calls.length - 1, replies.length - 1)] ?? { error: 'no reply' });
    if ('error' in reply) {
      throw new EngineError('PROVIDER_FAILED', reply.error, {
        provider: 'fake',
        model: this.modelId,
      });
    }
    return { value: reply.value, usage: { inputTokens: null, outputTokens: null } };
  }
}

/** Creates a `FakeLanguageModel`. */
export function createFakeLanguageModel(options: FakeLanguageModelOptions): FakeLanguageModel {
  return new FakeLanguageModel(options);
}
