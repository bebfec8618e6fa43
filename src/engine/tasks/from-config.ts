// The tasks settings a config file gives: the webhook and Telegram notifiers and the patch model.

import type { Config } from '../../config/index.js';
import {
  combineNotifiers,
  createTelegramNotifier,
  createWebhookNotifier,
  type Notifier,
} from '../../tasks/index.js';
import { lazyLanguageModel } from '../extraction-from-config.js';
import type { EngineTaskOptions } from './types.js';

/**
 * `tasks` engine options from config: a webhook notifier when `tasks.webhook_url` is set, a
 * Telegram one when `telegram` has a token and chats, and, when a language model is configured
 * (`extract.llm`), that model for the nightly loop's procedure and prompt patches (loaded on
 * first use). None of them: no options, offline as before.
 */
export function tasksFromConfig(config: Config): { readonly tasks?: EngineTaskOptions } {
  const url = config.file.tasks?.webhook_url;
  const llm = config.file.extract?.llm;
  const telegram = config.telegram;
  const notifiers: Notifier[] = [];
  if (url !== undefined) notifiers.push(createWebhookNotifier({ url }));
  if (telegram !== null && telegram.chatIds.length > 0) {
    notifiers.push(
      createTelegramNotifier({
        token: telegram.token,
        chatIds: telegram.chatIds,
        apiRoot: telegram.apiRoot,
      }),
    );
  }
  if (notifiers.length === 0 && llm === undefined) return {};
  return {
    tasks: {
      ...(notifiers.length === 0
        ? {}
        : { notifier: notifiers.length === 1 ? notifiers[0] : combineNotifiers(notifiers) }),
      ...(llm === undefined ? {} : { languageModel: lazyLanguageModel(llm, config.llmApiKey) }),
    },
  };
}
