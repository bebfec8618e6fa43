import type { Config } from '../config/index.js';
import { defined, EngineError } from '../core/index.js';
import { createLlmItemExtractor, createRuleItemExtractor } from '../items/index.js';
import { extractLanguageModelFor, extractLlmFor } from './config-values.js';
import type { EngineContextOptions } from './context-capability.js';
import { lazyLanguageModel } from './extraction-from-config.js';
import type { EngineObserverOptions } from './observer-capability.js';
import type { EngineItemOptions } from './state-items-capability.js';

/**
 * State-item settings from `state_items` in the config file: the extractor (`rules` by default,
 * `llm` with the model of `extract.llm`, `none` for no extraction) and the limits, each left to
 * the engine's default (seed 001's) when absent. Throws CONFIG_INVALID when `llm` has no
 * `extract.llm`, or an Anthropic model has no key.
 */
export function itemsFromConfig(config: Config): EngineItemOptions {
  const settings = config.file.state_items ?? {};
  const limits: EngineItemOptions = {
    ...defined('maxBatchMessages', settings.max_batch_messages),
    ...defined('maxRenderedItems', settings.max_rendered_items),
    ...defined('timeoutMs', settings.timeout_ms),
  };
  const extractor = settings.extractor ?? 'rules';
  if (extractor === 'none') return { ...limits, extractor: null };
  if (extractor === 'rules') return { ...limits, extractor: createRuleItemExtractor() };
  const llm = extractLlmFor(config, 'state_items.extractor');
  if (llm.provider === 'anthropic' && config.llmApiKey === null) {
    throw new EngineError(
      'CONFIG_INVALID',
      `the anthropic item extractor needs an API key: set VERITY_LLM_API_KEY${llm.api_key_env ? ` or ${llm.api_key_env}` : ''}`,
      { setting: 'extract.llm.api_key_env' },
    );
  }
  return {
    ...limits,
    extractor: createLlmItemExtractor({
      model: lazyLanguageModel(llm, config.llmApiKey),
      ...defined('timeoutMs', settings.timeout_ms),
    }),
  };
}

/**
 * Context-builder settings from `context` in the config file: an LLM thread summary (with the
 * model of `extract.llm`) when `summary` is `llm`, its timeout, and skills text. Throws
 * CONFIG_INVALID when `llm` has no `extract.llm`.
 */
export function contextFromConfig(config: Config): EngineContextOptions {
  const settings = config.file.context ?? {};
  const base: EngineContextOptions = {
    ...defined('summaryTimeoutMs', settings.summary_timeout_ms),
    ...defined('skills', settings.skills),
  };
  if (settings.summary !== 'llm') return base;
  return { ...base, languageModel: extractLanguageModelFor(config, 'context.summary') };
}

/**
 * Observer settings from config: the workspace, the budgets, and the model of `extract.llm` when
 * `observer.observer` is `llm` (which also synthesises `ask` answers). Throws CONFIG_INVALID when
 * `llm` has no `extract.llm`.
 */
export function observerFromConfig(config: Config): EngineObserverOptions {
  const settings = config.file.observer ?? {};
  const base: EngineObserverOptions = {
    workspace: config.workspace,
    ...defined('memoryBudgetTokens', settings.memory_budget_tokens),
    ...defined('maxCompressionRatio', settings.max_compression_ratio),
    ...defined('frictionMinHistoryDays', settings.friction_min_history_days),
    ...defined('reflectWindowDays', settings.reflect_window_days),
  };
  if (settings.observer !== 'llm') return base;
  return { ...base, languageModel: extractLanguageModelFor(config, 'observer.observer') };
}
