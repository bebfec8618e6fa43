import { createAnthropic } from '@ai-sdk/anthropic';
import { AiSdkChatModel } from '../ai-sdk/index.js';

/** Options of `createAnthropicLanguageModel`. */
export interface AnthropicLanguageModelOptions {
  /** The model, e.g. `claude-haiku-4-5`. */
  readonly model: string;
  readonly apiKey: string;
  /** The API root including `/v1`. Default: Anthropic's. */
  readonly baseUrl?: string;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/**
 * A Claude model through the Vercel AI SDK (`@ai-sdk/anthropic` 3.x; 4.x needs Node 22): one
 * Messages API request per call, the answer constrained to the schema.
 */
export class AnthropicLanguageModel extends AiSdkChatModel<
  ReturnType<ReturnType<typeof createAnthropic>>
> {
  readonly provider = 'anthropic';

  constructor(options: AnthropicLanguageModelOptions) {
    const provider = createAnthropic({
      apiKey: options.apiKey,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl.replace(/\/+$/, '') }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    super(options.model, provider(options.model), true);
  }
}

/** Creates an Anthropic chat model (see `AnthropicLanguageModel`). */
export function createAnthropicLanguageModel(
  options: AnthropicLanguageModelOptions,
): AnthropicLanguageModel {
  return new AnthropicLanguageModel(options);
}
