import { join } from 'node:path';
import type { Config } from '../config/index.js';
import { EngineError } from '../core/index.js';
import {
  createFileExtractionCache,
  createLlmExtractor,
  createRuleExtractor,
  createRulesThenLlmExtractor,
  type EntityRegistry,
  memberEntities,
} from '../extract/index.js';
import type { ExtractionStep } from '../pipeline/index.js';
import type { LanguageModel } from '../providers/index.js';

/** The `extract.llm` settings of the config file. */
export type LlmSettings = NonNullable<NonNullable<Config['file']['extract']>['llm']>;

/**
 * A language model that loads its adapter (and the AI SDK) on first use, so commands that never
 * extract with a model never pay for loading it.
 */
export function lazyLanguageModel(settings: LlmSettings, apiKey: string | null): LanguageModel {
  let loaded: Promise<LanguageModel> | null = null;
  const load = (): Promise<LanguageModel> => {
    loaded ??=
      settings.provider === 'anthropic'
        ? import('../providers/anthropic/index.js').then((m) =>
            m.createAnthropicLanguageModel({
              model: settings.model,
              apiKey: apiKey ?? '',
              ...(settings.base_url === undefined ? {} : { baseUrl: settings.base_url }),
            }),
          )
        : import('../providers/openai-compatible/index.js').then((m) =>
            m.createOpenAICompatibleLanguageModel({
              model: settings.model,
              baseUrl: settings.base_url ?? 'https://api.openai.com/v1',
              ...(apiKey === null ? {} : { apiKey }),
            }),
          );
    return loaded;
  };
  return {
    provider: settings.provider,
    modelId: settings.model,
    supportsStructuredOutput: true,
    generateObject: async (request) => (await load()).generateObject(request),
  };
}

/**
 * What is wrong with the config file without stopping a command: each `members` entry no speaker's
 * entity can match (a name with no letter the match can read, or a malformed entity id such as
 * `User:Jess`), named. Such an entry matches no one, and since any speaker may be the member it
 * meant, context treats every thread as shared while it stands (a thread-only view, which only
 * narrows); refusing every command for it would keep a user from even forgetting a message.
 */
export function configWarnings(config: Config): readonly string[] {
  const warnings: string[] = [];
  for (const [group, entries] of Object.entries(config.file.members ?? {})) {
    entries.forEach((entry, index) => {
      if (memberEntities(entry).length > 0) return;
      warnings.push(
        `members["${group}"][${index}] (${JSON.stringify(entry)}) matches no one; until it is ` +
          "fixed every thread's context is that thread's own. " +
          (entry.includes(':') ? idAdvice(entry) : NAME_ADVICE),
      );
    });
  }
  return warnings;
}

const NAME_ADVICE =
  'A member is a name with a Latin, Greek or Cyrillic letter or a digit (accents are folded) or ' +
  'an entity id such as "user:li_ming"; list this member by the entity id their messages are filed under';

/** What an id-like entry should look like, with the id it may have meant. */
function idAdvice(entry: string): string {
  const meant = entry.trim().toLowerCase().replace(/\s+/g, '');
  const suggestion = memberEntities(meant).length > 0 ? ` (did you mean "${meant}"?)` : '';
  return (
    `An entity id is lower-case "user:<slug>", the slug of a-z, 0-9, ".", "_" and "-"${suggestion}; ` +
    'list this member by the entity id their messages are filed under'
  );
}

/**
 * The membership registry, "we" groups and aliases from the config file. A `members` entry that
 * matches no one stays in it and matches no one (`configWarnings` names it).
 */
function registryFromConfig(config: Config): EntityRegistry {
  const aliases: Record<string, string> = {};
  for (const [alias, target] of Object.entries(config.file.aliases ?? {})) {
    aliases[alias.toLowerCase()] = target;
  }
  return { members: config.file.members ?? {}, we: config.file.we ?? {}, aliases };
}

/**
 * How messages become observations, from `extract` in the config file: `rules` (default,
 * offline), `llm`, or `rules+llm`. Model answers are cached under `$VERITY_HOME/cache/extractions`.
 * Throws `CONFIG_INVALID` when a model mode has no `extract.llm` or Anthropic has no key.
 */
export function extractionFromConfig(config: Config): ExtractionStep {
  const registry = registryFromConfig(config);
  const mode = config.file.extract?.mode ?? 'rules';
  if (mode === 'rules') return { extractor: createRuleExtractor(), registry };
  const settings = config.file.extract?.llm;
  if (settings === undefined) {
    throw new EngineError(
      'CONFIG_INVALID',
      `extract.mode "${mode}" needs extract.llm in config.json`,
      {
        setting: 'extract.llm',
      },
    );
  }
  if (settings.provider === 'anthropic' && config.llmApiKey === null) {
    throw new EngineError(
      'CONFIG_INVALID',
      `the anthropic extractor needs an API key: set VERITY_LLM_API_KEY${settings.api_key_env ? ` or ${settings.api_key_env}` : ''}`,
      { setting: 'extract.llm.api_key_env' },
    );
  }
  const llm = createLlmExtractor({
    model: lazyLanguageModel(settings, config.llmApiKey),
    cache: createFileExtractionCache(join(config.home, 'cache', 'extractions')),
    ...(settings.timeout_ms === undefined ? {} : { timeoutMs: settings.timeout_ms }),
    ...(settings.min_confidence === undefined ? {} : { minConfidence: settings.min_confidence }),
  });
  return { extractor: mode === 'llm' ? llm : createRulesThenLlmExtractor(llm), registry };
}
