import type { Config } from '../config/index.js';
import { fixedClock } from '../core/index.js';
import type { EmbeddingModel } from '../providers/index.js';
import { createOpenAICompatibleEmbeddingModel } from '../providers/openai-compatible/index.js';
import { createTransformersEmbeddingModel } from '../providers/transformers/index.js';
import { createWebhookNotifier } from '../tasks/index.js';
import type { EngineOptions } from './create-engine.js';
import { extractionFromConfig } from './extraction-from-config.js';
import { contextFromConfig, itemsFromConfig, observerFromConfig } from './items-from-config.js';

/** Engine options from loaded configuration: home, a pinned clock if any, policy settings. */
export function engineOptionsFromConfig(config: Config): EngineOptions {
  const { file } = config;
  return {
    home: config.home,
    database: config.database,
    ...(config.now === null ? {} : { clock: fixedClock(config.now) }),
    extraction: extractionFromConfig(config),
    items: itemsFromConfig(config),
    context: contextFromConfig(config),
    vault: {
      ...(file.vault?.drift_threshold === undefined
        ? {}
        : { driftThreshold: file.vault.drift_threshold }),
      ...(file.vault?.debounce_hours === undefined
        ? {}
        : { debounceHours: file.vault.debounce_hours }),
    },
    observer: observerFromConfig(config),
    ...(config.file.recall?.triggers === undefined
      ? {}
      : { recallTriggers: config.file.recall.triggers }),
    ...(config.file.tasks?.webhook_url === undefined
      ? {}
      : { tasks: { notifier: createWebhookNotifier({ url: config.file.tasks.webhook_url }) } }),
    ...embeddingsFromConfig(config),
    ...(file.ingest?.max_future_skew_seconds === undefined
      ? {}
      : { maxFutureSkewMs: file.ingest.max_future_skew_seconds * 1000 }),
    policy: {
      ...(file.stage === undefined ? {} : { stage: file.stage }),
      ...(file.max_pending === undefined ? {} : { maxPending: file.max_pending }),
      ...(file.prompt_expiry_hours === undefined
        ? {}
        : { promptExpiryHours: file.prompt_expiry_hours }),
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
function embeddingsFromConfig(config: Config): Pick<EngineOptions, 'embeddings'> {
  const settings = config.file.embeddings;
  if (settings === undefined || settings.provider === 'local') return {};
  if (settings.provider === 'none') return { embeddings: { model: null } };
  const model = settings.model ?? '';
  const dimension = settings.dimension ?? 0;
  let embedding: EmbeddingModel;
  if (settings.provider === 'transformers') {
    embedding = createTransformersEmbeddingModel({
      model,
      dimension,
      ...(settings.local_model_path === undefined
        ? {}
        : { localModelPath: settings.local_model_path }),
      ...(settings.allow_remote_models === undefined
        ? {}
        : { allowRemoteModels: settings.allow_remote_models }),
    });
  } else {
    embedding = createOpenAICompatibleEmbeddingModel({
      baseUrl: settings.base_url ?? '',
      model,
      dimension,
      ...(config.embeddingsApiKey === null ? {} : { apiKey: config.embeddingsApiKey }),
    });
  }
  return { embeddings: { model: embedding } };
}
