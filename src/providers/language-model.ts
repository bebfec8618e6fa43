/**
 * The `LanguageModel` contract: asks a chat model for one JSON answer that follows a schema.
 * Adapters: `openai-compatible/` (OpenAI, Ollama, vLLM, LM Studio through the Vercel AI SDK),
 * `anthropic/`, `fake/` (scripted, for tests). May import: core.
 */

/** A JSON Schema object (draft 2020-12 subset that chat providers accept). */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** One structured-answer request. */
export interface GenerateObjectRequest {
  /** Instructions: the task, the vocabulary, the few-shot examples. */
  readonly system: string;
  /** The input to read. */
  readonly prompt: string;
  /** The answer's JSON Schema. Providers that can enforce it do; callers validate it anyway. */
  readonly schema: JsonSchemaObject;
  /** Names the schema for providers that want a name (`[a-z_]+`). */
  readonly schemaName: string;
  /** The call fails with `PROVIDER_FAILED` after this many milliseconds. */
  readonly timeoutMs: number;
  /** Aborts the call (it then fails with `PROVIDER_FAILED`). */
  readonly signal?: AbortSignal;
}

/** A structured answer, parsed but not validated. */
export interface GenerateObjectResult {
  /** The parsed JSON answer. Never trusted: the caller validates it against its own schema. */
  readonly value: unknown;
  readonly usage: {
    readonly inputTokens: number | null;
    readonly outputTokens: number | null;
  };
}

/**
 * A chat model that answers with JSON. Implementations make one request per call (no silent
 * retries that could change the answer), honour `timeoutMs` and `signal`, and throw
 * `EngineError('PROVIDER_FAILED')` — with the original error as `cause` — when the provider is
 * unreachable, answers with an error, times out, or answers with something that is not JSON.
 */
export interface LanguageModel {
  /** Which adapter: `openai-compatible`, `anthropic`, `fake`. */
  readonly provider: string;
  /** The model name the provider knows, e.g. `gpt-4o-mini`, `llama3.1`, `claude-haiku-4-5`. */
  readonly modelId: string;
  /** The provider enforces the schema itself (otherwise only the caller's validation does). */
  readonly supportsStructuredOutput: boolean;
  /** Asks for one JSON answer. Throws `PROVIDER_FAILED` as described on the contract. */
  generateObject(request: GenerateObjectRequest): Promise<GenerateObjectResult>;
}
