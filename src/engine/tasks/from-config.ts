// The tasks settings a config file gives: the webhook notifier and the patch model.

import type { Config } from '../../config/index.js';
import { createWebhookNotifier } from '../../tasks/index.js';
import { lazyLanguageModel } from '../extraction-from-config.js';
import type { EngineTaskOptions } from './types.js';

/**
 * `tasks` engine options from config: a webhook notifier when `tasks.webhook_url` is set, and,
 * when a language model is configured (`extract.llm`), that model for the nightly loop's
 * procedure and prompt patches (loaded on first use). Neither: no options, offline as before.
 */
export function tasksFromConfig(config: Config): { readonly tasks?: EngineTaskOptions } {
  const url = config.file.tasks?.webhook_url;
  const llm = config.file.extract?.llm;
  if (url === undefined && llm === undefined) return {};
  return {
    tasks: {
      ...(url === undefined ? {} : { notifier: createWebhookNotifier({ url }) }),
      ...(llm === undefined ? {} : { languageModel: lazyLanguageModel(llm, config.llmApiKey) }),
    },
  };
}
