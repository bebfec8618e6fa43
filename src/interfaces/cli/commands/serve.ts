import { type Command, InvalidArgumentError } from 'commander';
import type { Config, TelegramConfig } from '../../../config/index.js';
import type { Logger } from '../../../core/index.js';
import type { CalendarSource, Engine } from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import type { CliToolkit } from '../toolkit.js';
import { projectionTargets } from './projections.js';

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new InvalidArgumentError('must be a port number (0-65535).');
  }
  return port;
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * What `POST /api/poll` and `POST /api/project` may touch: only the calendars and projection
 * files the operator configured (a request never names a file or URL); unset, they answer 409.
 */
function operationsOf(
  config: Config,
  calendars: CalendarSource[],
): {
  calendars: CalendarSource[];
  projection?: { targets: string[]; mode: 'ast_zones' | 'legacy_string' };
} {
  const projections = config.file.projections;
  if (projections?.targets === undefined) return { calendars };
  return {
    calendars,
    projection: {
      targets: projectionTargets({}, config),
      mode: projections.mode ?? 'ast_zones',
    },
  };
}

const ALLOWED_USERS_HELP =
  'Telegram user ids, comma-separated, whose commands and buttons the bot acts on (else VERITY_TELEGRAM_ALLOWED_USERS, telegram.allowed_user_ids; none: anyone in an allowed chat)';

/** Starts the Telegram review bot of `telegram` over `engine` and pushes what waits at once. */
async function startTelegram(
  engine: Engine,
  telegram: TelegramConfig,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const { startTelegramReview } = await import('../../telegram/index.js');
  const bot = await startTelegramReview(engine, {
    token: telegram.token,
    chatIds: telegram.chatIds,
    allowedUserIds: telegram.allowedUserIds,
    apiRoot: telegram.apiRoot,
    logger,
  });
  logger.info('telegram review bot polling', {
    chats: telegram.chatIds.length,
    allowed_users: telegram.allowedUserIds.length,
  });
  await bot.push();
  return bot;
}

/** `verity telegram`: the Telegram review bot alone, until SIGINT/SIGTERM. */
function registerTelegramCommand(program: Command, toolkit: CliToolkit): void {
  program
    .command('telegram')
    .description(
      'run the Telegram review bot (long polling) until SIGINT/SIGTERM; needs VERITY_TELEGRAM_TOKEN or telegram.token',
    )
    .option('--telegram-allowed-users <ids>', ALLOWED_USERS_HELP)
    .action(async (options: { readonly telegramAllowedUsers?: string }, command: Command) => {
      const config = toolkit.loadConfig(command, {
        telegramAllowedUsers: options.telegramAllowedUsers,
      });
      const telegram = config.telegram;
      if (telegram === null) {
        throw new UsageError(
          'no bot token: set VERITY_TELEGRAM_TOKEN or telegram.token in config.json',
        );
      }
      if (telegram.chatIds.length === 0) {
        throw new UsageError('telegram.chat_ids is empty: the bot would answer no chat');
      }
      const { createServerLogger } = await toolkit.engineModule();
      const logger = await createServerLogger(config.logLevel);
      await toolkit.withEngine(
        config,
        async (engine) => {
          const bot = await startTelegram(engine, telegram, logger);
          try {
            logger.info('shutting down', { signal: await untilSignal() });
          } finally {
            await bot.stop();
          }
        },
        { create: true },
      );
    });
}

/**
 * `verity serve`: the JSON API and MCP over HTTP, the vault watcher and the background jobs (DLQ
 * retries, indexing and item extraction after ingest, calendar polls, the task schedule), and the
 * Telegram review bot when a token and chats are configured, until SIGINT/SIGTERM. Creates the
 * store when there is none.
 */
export function registerServeCommands(program: Command, toolkit: CliToolkit): void {
  const { withEngine, loadConfig: loadCliConfig, engineModule } = toolkit;
  program
    .command('serve')
    .description('serve the JSON API and MCP over HTTP (/mcp) until SIGINT/SIGTERM')
    .option('--port <n>', 'port (else VERITY_PORT, config file, default 7077)', parsePort)
    .option('--host <host>', 'interface (else VERITY_HOST, config file, default 127.0.0.1)')
    .option('--telegram-allowed-users <ids>', ALLOWED_USERS_HELP)
    .action(
      async (
        options: {
          readonly port?: number;
          readonly host?: string;
          readonly telegramAllowedUsers?: string;
        },
        command: Command,
      ) => {
        const config = loadCliConfig(command, {
          port: options.port,
          host: options.host,
          telegramAllowedUsers: options.telegramAllowedUsers,
        });
        const { startHttpServer } = await import('../../http/index.js');
        const {
          backgroundJobOptionsFromConfig,
          calendarSourcesOf,
          createServerLogger,
          startBackgroundJobs,
        } = await engineModule();
        const logger = await createServerLogger(config.logLevel);
        await withEngine(
          config,
          async (engine) => {
            const server = await startHttpServer(engine, {
              port: config.http.port,
              host: config.http.host,
              token: config.token,
              tokens: config.file.tokens ?? [],
              onError: (error: unknown) => logger.error('request failed', { error }),
              operations: operationsOf(config, calendarSourcesOf(config)),
              maxBodyBytes: config.http.maxBodyBytes,
            });
            logger.info('serving', { url: server.url, home: engine.home });
            const vault = await engine.vault.watch({
              onError: (error: unknown) => logger.error('vault watch failed', { error }),
            });
            const jobs = await startBackgroundJobs(
              engine,
              backgroundJobOptionsFromConfig(config, logger),
            );
            if (config.telegram !== null && config.telegram.chatIds.length === 0) {
              logger.warn('telegram token set but telegram.chat_ids is empty: bot not started');
            }
            const telegram =
              config.telegram === null || config.telegram.chatIds.length === 0
                ? null
                : await startTelegram(engine, config.telegram, logger);
            try {
              logger.info('shutting down', { signal: await untilSignal() });
            } finally {
              await telegram?.stop();
              await vault.stop();
              await jobs.stop();
              await server.close();
            }
          },
          { create: true },
        );
      },
    );
  registerTelegramCommand(program, toolkit);
}
