/**
 * Configuration: the only reader of environment variables and config files.
 * Precedence, highest first: flag, environment variable, file (`$VERITY_HOME/config.json`), default.
 * May import: everything below engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { z as Zod } from 'zod';
import { EngineError, isLogLevel, type LogLevel, parseRfc3339 } from '../core/index.js';
import { buildFileSchema, POSTGRES_URL, SCHEMA_NAME } from './file-schema.js';

let fileSchema: ReturnType<typeof buildFileSchema> | undefined;

/**
 * The schema, loading zod on first use: most commands run without a config file, and zod's ~95
 * modules would otherwise be paid for by every CLI start-up (issue #12).
 */
function configSchema(): ReturnType<typeof buildFileSchema> {
  if (fileSchema === undefined) {
    const zod = createRequire(import.meta.url)('zod') as { z: typeof Zod };
    fileSchema = buildFileSchema(zod.z);
  }
  return fileSchema;
}

/** The settings file's shape (`$VERITY_HOME/config.json`). */
export type ConfigFile = Zod.infer<ReturnType<typeof buildFileSchema>>;

/** Resolved, frozen configuration. */
export interface Config {
  /** Folder of the configuration, projections and (by default) the embedded store. */
  readonly home: string;
  /**
   * Where projected files are written (MEMORY.md, REVIEW.md, memory/, HEARTBEAT.md): the config
   * file's `workspace`, else VERITY_WORKSPACE, else the current directory.
   */
  readonly workspace: string;
  /**
   * Where state lives: the SQLite file `<home>/verity.db` (default), or a PostgreSQL database
   * (VERITY_DATABASE_URL, else `database.url`), in `schema` (VERITY_DATABASE_SCHEMA, else
   * `database.schema`, else `verity`).
   */
  readonly database: DatabaseTarget;
  /** Pinned clock (epoch ms), or null for the system clock. */
  readonly now: number | null;
  /**
   * How long a command waits for another process's write lock before it fails with exit 4
   * (`VERITY_BUSY_WAIT_S`, seconds); null waits as long as it takes.
   */
  readonly busyWaitSeconds: number | null;
  readonly file: ConfigFile;
  /**
   * The HTTP server: port, interface, and the largest request body a write route reads
   * (`maxBodyBytes`: VERITY_MAX_BODY_BYTES, else `http.max_body_bytes`, else 4 MiB).
   */
  readonly http: { readonly port: number; readonly host: string; readonly maxBodyBytes: number };
  /** Bearer token for the HTTP API; null leaves it open on loopback only. */
  readonly token: string | null;
  /** API key of the language-model extractor (VERITY_LLM_API_KEY or `extract.llm.api_key_env`). */
  readonly llmApiKey: string | null;
  /** API key of the embedding provider (VERITY_EMBEDDINGS_API_KEY or `embeddings.api_key_env`). */
  readonly embeddingsApiKey: string | null;
  /** Level of the structured logs on standard error (VERITY_LOG_LEVEL, default `info`). */
  readonly logLevel: LogLevel;
  /** The Telegram review flow, or null (no token: the feature is off). */
  readonly telegram: TelegramConfig | null;
}

/** The Telegram review flow's settings. */
export interface TelegramConfig {
  /** Bot token: VERITY_TELEGRAM_TOKEN, else `telegram.token`. */
  readonly token: string;
  /** Chats the bot answers and pushes to (`telegram.chat_ids`); every other chat is ignored. */
  readonly chatIds: readonly number[];
  /**
   * Users whose commands and buttons the bot acts on in those chats: --telegram-allowed-users,
   * else VERITY_TELEGRAM_ALLOWED_USERS (ids separated by commas), else
   * `telegram.allowed_user_ids`. Empty: anyone in an allowed chat.
   */
  readonly allowedUserIds: readonly number[];
  /** Bot API root: VERITY_TELEGRAM_API_ROOT, else `telegram.api_root`, else Telegram's. */
  readonly apiRoot: string;
}

/** The request body limit of `verity serve` when neither the environment nor the file sets one. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const BODY_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
};

/**
 * VERITY_MAX_BODY_BYTES: a whole number of bytes, or of KB, MB or GB (powers of 1024), from 1 KB
 * to 1 GB, as `http.max_body_bytes` allows.
 */
function parseBodyLimit(text: string): number {
  const match = /^(\d+)\s*(kb|mb|gb)?$/i.exec(text.trim());
  const bytes =
    match === null
      ? Number.NaN
      : Number(match[1]) * (BODY_UNITS[(match[2] ?? '').toLowerCase()] ?? Number.NaN);
  if (!Number.isSafeInteger(bytes) || bytes < 1024 || bytes > 1024 ** 3) {
    throw new EngineError(
      'CONFIG_INVALID',
      `VERITY_MAX_BODY_BYTES (or http.max_body_bytes in config.json) must be a size from 1KB to 1GB, such as 8388608 or 8MB (got "${text}")`,
      { setting: 'http.max_body_bytes' },
    );
  }
  return bytes;
}

/** Telegram user ids separated by commas, as the flag and the environment variable give them. */
function parseUserIds(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  const ids = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new EngineError(
      'CONFIG_INVALID',
      `--telegram-allowed-users / VERITY_TELEGRAM_ALLOWED_USERS must be Telegram user ids separated by commas, such as 123456789,987654321 (got "${text}")`,
      { setting: 'telegram.allowed_user_ids' },
    );
  }
  return ids;
}

function telegramConfig(
  flags: ConfigFlags,
  env: Readonly<Record<string, string | undefined>>,
  file: ConfigFile,
): TelegramConfig | null {
  const token = env['VERITY_TELEGRAM_TOKEN'] || file.telegram?.token;
  if (token === undefined) return null;
  const users = flags.telegramAllowedUsers || env['VERITY_TELEGRAM_ALLOWED_USERS'];
  return {
    token,
    chatIds: file.telegram?.chat_ids ?? [],
    allowedUserIds: users ? parseUserIds(users) : (file.telegram?.allowed_user_ids ?? []),
    apiRoot:
      env['VERITY_TELEGRAM_API_ROOT'] || file.telegram?.api_root || 'https://api.telegram.org',
  };
}

/** The store a configuration selects. */
export type DatabaseTarget =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string };

/** Flags a command line may pass; each wins over its environment variable. */
export interface ConfigFlags {
  readonly home?: string | undefined;
  readonly now?: string | undefined;
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  /** Telegram user ids separated by commas (`TelegramConfig.allowedUserIds`). */
  readonly telegramAllowedUsers?: string | undefined;
}

/** Inputs of `loadConfig`. */
export interface LoadConfigOptions {
  readonly flags?: ConfigFlags;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Working directory that a relative home resolves against. */
  readonly cwd?: string;
}

function databaseTarget(
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  file: ConfigFile,
): DatabaseTarget {
  const url = env['VERITY_DATABASE_URL'] || file.database?.url;
  if (url === undefined) return { kind: 'sqlite', path: join(home, 'verity.db') };
  if (!POSTGRES_URL.test(url)) {
    throw new EngineError(
      'CONFIG_INVALID',
      'VERITY_DATABASE_URL must be a postgres:// or postgresql:// URL',
      { setting: 'database.url' },
    );
  }
  const schema = env['VERITY_DATABASE_SCHEMA'] || file.database?.schema || 'verity';
  if (!SCHEMA_NAME.test(schema)) {
    throw new EngineError(
      'CONFIG_INVALID',
      `VERITY_DATABASE_SCHEMA must be a lower-case SQL identifier (got "${schema}")`,
      { setting: 'database.schema' },
    );
  }
  return { kind: 'postgres', url, schema };
}

/** Reads flags, environment and the config file into one frozen `Config`. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const flags = options.flags ?? {};
  const cwd = options.cwd ?? process.cwd();
  const home = resolve(cwd, flags.home ?? env['VERITY_HOME'] ?? '.verity');
  const nowText = flags.now ?? env['VERITY_NOW'];
  let now: number | null = null;
  if (nowText !== undefined && nowText !== '') {
    now = parseRfc3339(nowText);
    if (now === null) {
      throw new EngineError(
        'CONFIG_INVALID',
        `--now / VERITY_NOW must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${nowText}")`,
        { setting: 'now' },
      );
    }
  }
  const path = join(home, 'config.json');
  let file: ConfigFile = {};
  if (existsSync(path)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error: unknown) {
      throw new EngineError(
        'CONFIG_INVALID',
        `${path} is not valid JSON`,
        { path },
        { cause: error },
      );
    }
    const parsed = configSchema().safeParse(raw);
    if (!parsed.success) {
      throw new EngineError(
        'CONFIG_INVALID',
        `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
        { path },
      );
    }
    file = parsed.data;
  }
  const portText = env['VERITY_PORT'];
  const envPort = portText ? Number(portText) : undefined;
  if (envPort !== undefined && (!Number.isInteger(envPort) || envPort < 0 || envPort > 65535)) {
    throw new EngineError(
      'CONFIG_INVALID',
      `--port / VERITY_PORT must be a port number (got "${portText}")`,
      {
        setting: 'port',
      },
    );
  }
  const waitText = env['VERITY_BUSY_WAIT_S'];
  const busyWaitSeconds = waitText ? Number(waitText) : null;
  if (busyWaitSeconds !== null && !(Number.isFinite(busyWaitSeconds) && busyWaitSeconds > 0)) {
    throw new EngineError(
      'CONFIG_INVALID',
      `VERITY_BUSY_WAIT_S must be a number of seconds above 0 (got "${waitText}")`,
      { setting: 'busy_wait' },
    );
  }
  const logLevel = env['VERITY_LOG_LEVEL'] || 'info';
  if (!isLogLevel(logLevel)) {
    throw new EngineError(
      'CONFIG_INVALID',
      `VERITY_LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got "${logLevel}")`,
      { setting: 'log_level' },
    );
  }
  const config: Config = {
    home,
    workspace: resolve(cwd, file.workspace ?? env['VERITY_WORKSPACE'] ?? '.'),
    database: databaseTarget(home, env, file),
    now,
    busyWaitSeconds,
    file,
    http: {
      port: flags.port ?? envPort ?? file.http?.port ?? 7077,
      host: flags.host ?? env['VERITY_HOST'] ?? file.http?.host ?? '127.0.0.1',
      maxBodyBytes: env['VERITY_MAX_BODY_BYTES']
        ? parseBodyLimit(env['VERITY_MAX_BODY_BYTES'])
        : (file.http?.max_body_bytes ?? DEFAULT_MAX_BODY_BYTES),
    },
    token: env['VERITY_TOKEN'] ?? file.token ?? null,
    llmApiKey:
      env['VERITY_LLM_API_KEY'] ??
      (file.extract?.llm?.api_key_env === undefined
        ? undefined
        : env[file.extract.llm.api_key_env]) ??
      null,
    embeddingsApiKey:
      env['VERITY_EMBEDDINGS_API_KEY'] ??
      (file.embeddings?.api_key_env === undefined ? undefined : env[file.embeddings.api_key_env]) ??
      null,
    logLevel,
    telegram: telegramConfig(flags, env, file),
  };
  return Object.freeze(config);
}
