import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AiSdkChatModel } from '../ai-sdk/index.js';

/** Options of `createOpenAICompatibleLanguageModel`. */
export interface OpenAICompatibleLanguageModelOptions {
  /** The API root including its version: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  /** The model name the server knows, e.g. `gpt-4o-mini` or `llama3.1`. */
  readonly model: string;
  /** Sent as a bearer token when given. */
  readonly apiKey?: string;
  /**
   * The server enforces `response_format: json_schema` (OpenAI, vLLM, recent Ollama). Otherwise
   * `json_object` is requested and only Verity's validation applies. Default true.
   */
  readonly structuredOutputs?: boolean;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/**
 * A chat model behind the OpenAI-compatible API, through the Vercel AI SDK (`ai@6` with
 * `@ai-sdk/openai-compatible`): one `/chat/completions` request per call, JSON answers only.
 */
export class OpenAICompatibleLanguageModel extends AiSdkChatModel<
  ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>
> {
  readonly provider = 'openai-compatible';

  constructor(options: OpenAICompatibleLanguageModelOptions) {
    const structuredOutputs = options.structuredOutputs ?? true;
    const provider = createOpenAICompatible({
      name: 'verity',
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      supportsStructuredOutputs: structuredOutputs,
    });
    super(options.model, provider.chatModel(options.model), structuredOutputs);
  }
}

/** Creates an OpenAI-compatible chat model (see `OpenAICompatibleLanguageModel`). */
export function createOpenAICompatibleLanguageModel(
  options: OpenAICompatibleLanguageModelOptions,
): OpenAICompatibleLanguageModel {
  return new OpenAICompatibleLanguageModel(options);
}
