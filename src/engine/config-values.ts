import type { Config } from '../config/index.js';
import { EngineError } from '../core/index.js';
import type { LanguageModel } from '../providers/index.js';
import { type LlmSettings, lazyLanguageModel } from './extraction-from-config.js';

/**
 * The model of `extract.llm`, which a setting (`setting`, e.g. `context.summary`) set to `llm`
 * needs. Throws CONFIG_INVALID, naming the setting, when the config file has no `extract.llm`.
 */
export function extractLlmFor(config: Config, setting: string): LlmSettings {
  const llm = config.file.extract?.llm;
  if (llm === undefined) {
    throw new EngineError('CONFIG_INVALID', `${setting} "llm" needs extract.llm in config.json`, {
      setting,
    });
  }
  return llm;
}

/** The lazily loaded model of `extract.llm` for `setting` (see `extractLlmFor`). */
export function extractLanguageModelFor(config: Config, setting: string): LanguageModel {
  return lazyLanguageModel(extractLlmFor(config, setting), config.llmApiKey);
}
