import type { Config } from '../config/index.js';
import { defined, fixedClock } from '../core/index.js';
import type { EmbeddingModel } from '../providers/index.js';
import type { EngineOptions } from './create-engine.js';
import { extractionFromConfig } from './extraction-from-config.js';
import { contextFromConfig, itemsFromConfig, observerFromConfig } from './items-from-config.js';
import { tasksFromConfig } from './tasks/from-config.js';

/**
 * Engine options from loaded configuration: home, a pinned clock if any, policy settings. Async
 * because an embedding adapter named in the config is imported here, on demand: a store that uses
 * the bundled model never loads the OpenAI-compatible adapter (and the AI SDK under it) at all
 * (ADR 2026-11-26-lazy-start-up).
 */
export async function engineOptionsFromConfig(config: Config): Promise<EngineOptions> {
  const { file } = config;
  return {
    home: config.home,
    database: config.database,
    ...(config.now === null ? {} : { clock: fixedClock(config.now) }),
    extraction: extractionFromConfig(config),
    items: itemsFromConfig(config),
    context: contextFromConfig(config),
    vault: {
      ...defined('driftThreshold', file.vault?.drift_threshold),
      ...defined('debounceHours', file.vault?.debounce_hours),
    },
    observer: observerFromConfig(config),
    ...defined('recallTriggers', config.file.recall?.triggers),
    ...tasksFromConfig(config),
    ...(await embeddingsFromConfig(config)),
    ...(file.ingest?.max_future_skew_seconds === undefined
      ? {}
      : { maxFutureSkewMs: file.ingest.max_future_skew_seconds * 1000 }),
    policy: {
      ...defined('stage', file.stage),
      ...defined('maxPending', file.max_pending),
      ...defined('promptExpiryHours', file.prompt_expiry_hours),
      ...(file.adaptive_learning === undefined
        ? {}
        : { adaptiveLearning: file.adaptive_learning.enabled }),
      ...(file.uncontested === undefined
        ? {}
        : { commitUncontested: file.uncontested === 'commit' }),
    },
  };
}

/**
 * The embedding model a config file names. Absent or `local`: the engine's default (the bundled
 * model). Adapters load nothing until their first `embed`, so commands that do not search stay cheap.
 */
async function embeddingsFromConfig(config: Config): Promise<Pick<EngineOptions, 'embeddings'>> {
  const settings = config.file.embeddings;
  if (settings === undefined || settings.provider === 'local') return {};
  if (settings.provider === 'none') return { embeddings: { model: null } };
  const model = settings.model ?? '';
  const dimension = settings.dimension ?? 0;
  let embedding: EmbeddingModel;
  if (settings.provider === 'transformers') {
    const { createTransformersEmbeddingModel } = await import('../providers/transformers/index.js');
    embedding = createTransformersEmbeddingModel({
      model,
      dimension,
      ...defined('localModelPath', settings.local_model_path),
      ...defined('allowRemoteModels', settings.allow_remote_models),
    });
  } else {
    const { createOpenAICompatibleEmbeddingModel } = await import(
      '../providers/openai-compatible/index.js'
    );
    embedding = createOpenAICompatibleEmbeddingModel({
      baseUrl: settings.base_url ?? '',
      model,
      dimension,
      ...(config.embeddingsApiKey === null ? {} : { apiKey: config.embeddingsApiKey }),
    });
  }
  return { embeddings: { model: embedding } };
}
