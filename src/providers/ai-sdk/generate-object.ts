import { type LanguageModel as AiSdkLanguageModel, generateText, jsonSchema, Output } from 'ai';
import { EngineError } from '../../core/index.js';
import type { GenerateObjectRequest, GenerateObjectResult, LanguageModel } from '../index.js';

/** Who answers, for error details: the adapter's provider name and the model id. */
export interface AiSdkModelName {
  readonly provider: string;
  readonly model: string;
}

/**
 * One `LanguageModel.generateObject` call through the Vercel AI SDK, shared by the adapters built
 * on it: `generateText` with a JSON-schema output, temperature 0, no SDK retries (the caller's
 * job queue retries), bounded by `request.timeoutMs` and `request.signal`. Any failure becomes
 * PROVIDER_FAILED (saying whether it timed out) with the SDK's error as `cause`.
 */
export async function generateObjectWithAiSdk(
  model: AiSdkLanguageModel,
  request: GenerateObjectRequest,
  name: AiSdkModelName,
): Promise<GenerateObjectResult> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const result = await generateText({
      model,
      system: request.system,
      prompt: request.prompt,
      output: Output.object({
        schema: jsonSchema(request.schema as Parameters<typeof jsonSchema>[0]),
      }),
      abortSignal: signal,
      maxRetries: 0,
      temperature: 0,
    });
    return {
      value: result.output,
      usage: {
        inputTokens: result.usage.inputTokens ?? null,
        outputTokens: result.usage.outputTokens ?? null,
      },
    };
  } catch (error: unknown) {
    const reason = timeout.aborted ? `timed out after ${request.timeoutMs} ms` : 'request failed';
    throw new EngineError(
      'PROVIDER_FAILED',
      `language model ${name.model}: ${reason}`,
      { provider: name.provider, model: name.model },
      { cause: error },
    );
  }
}

/**
 * A `LanguageModel` over one AI SDK model, the base of the adapters built on the SDK: each builds
 * its SDK model (kept as `client`) and names its provider; every call goes through
 * `generateObjectWithAiSdk`.
 */
export abstract class AiSdkChatModel<M extends AiSdkLanguageModel> implements LanguageModel {
  /** Which adapter (see `LanguageModel.provider`). */
  abstract readonly provider: string;
  readonly modelId: string;
  readonly supportsStructuredOutput: boolean;
  /** The AI SDK model, as an escape hatch. */
  readonly client: M;

  protected constructor(modelId: string, client: M, supportsStructuredOutput: boolean) {
    this.modelId = modelId;
    this.client = client;
    this.supportsStructuredOutput = supportsStructuredOutput;
  }

  generateObject(request: GenerateObjectRequest): Promise<GenerateObjectResult> {
    return generateObjectWithAiSdk(this.client, request, {
      provider: this.provider,
      model: this.modelId,
    });
  }
}
