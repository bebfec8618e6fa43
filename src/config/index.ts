/**
 * Configuration: the only reader of environment variables and config files.
 * Precedence, highest first: flag, environment variable, file (`$VERITY_HOME/config.json`), default.
 * May import: everything below engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { z as Zod } from 'zod';
import {
  EngineError,
  isLogLevel,
  type LogLevel,
  parseRfc3339,
  ROLLOUT_STAGES,
} from '../core/index.js';

const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The settings file's schema, built on first use (zod is loaded only when a file exists). */
function buildFileSchema(z: typeof Zod) {
  return z
    .object({
      stage: z.enum(ROLLOUT_STAGES).optional(),
      max_pending: z.number().int().min(1).max(1000).optional(),
      prompt_expiry_hours: z.number().positive().optional(),
      adaptive_learning: z.object({ enabled: z.boolean() }).strict().optional(),
      /** `commit`: uncontested evidence is committed (low confidence) instead of asked about. */
      uncontested: z.enum(['commit', 'ask']).optional(),
      /** Ingest guards: how far after now (seconds, default 300) a record may be dated. */
      ingest: z
        .object({ max_future_skew_seconds: z.number().int().min(0).max(31_536_000).optional() })
        .strict()
        .optional(),
      /** How messages and notes become observations (default `rules`, offline). */
      extract: z
        .object({
          mode: z.enum(['rules', 'llm', 'rules+llm']).optional(),
          llm: z
            .object({
              provider: z.enum(['openai-compatible', 'anthropic']),
              model: z.string().min(1),
              base_url: z.string().url().optional(),
              /** The environment variable holding the API key (else VERITY_LLM_API_KEY). */
              api_key_env: z
                .string()
                .regex(/^[A-Z_][A-Z0-9_]*$/)
                .optional(),
              timeout_ms: z.number().int().min(100).max(600_000).optional(),
              min_confidence: z.number().min(0).max(1).optional(),
            })
            .strict()
            .optional(),
        })
        .strict()
        .optional(),
      /**
       * The embedding model that fills search vectors (default `local`: the bundled model; `none`
       * turns vectors off). Changing it needs `verity reindex`.
       */
      embeddings: z
        .object({
          provider: z.enum(['local', 'transformers', 'openai-compatible', 'none']),
          /** transformers: a folder under `local_model_path` or a hub id; openai-compatible: the model. */
          model: z.string().min(1).optional(),
          dimension: z.number().int().min(1).max(8192).optional(),
          base_url: z.string().url().optional(),
          local_model_path: z.string().min(1).optional(),
          allow_remote_models: z.boolean().optional(),
          /** The environment variable holding the API key (else VERITY_EMBEDDINGS_API_KEY). */
          api_key_env: z
            .string()
            .regex(/^[A-Z_][A-Z0-9_]*$/)
            .optional(),
        })
        .strict()
        .superRefine((value, context) => {
          if (value.provider === 'transformers' || value.provider === 'openai-compatible') {
            for (const key of ['model', 'dimension'] as const) {
              if (value[key] === undefined) {
                context.addIssue({
                  code: 'custom',
                  path: [key],
                  message: `is required for ${value.provider}`,
                });
              }
            }
          }
          if (value.provider === 'openai-compatible' && value.base_url === undefined) {
            context.addIssue({
              code: 'custom',
              path: ['base_url'],
              message: 'is required for openai-compatible',
            });
          }
        })
        .optional(),
      /**
       * Structured state items (seed 001): which extractor turns new messages into decisions,
       * constraints, actions, questions and risks (`rules`, the default, offline; `llm`, with
       * `extract.llm`; `none` turns extraction off), and its limits.
       */
      state_items: z
        .object({
          extractor: z.enum(['rules', 'llm', 'none']).optional(),
          /** Messages read after the watermark per run (default 20). */
          max_batch_messages: z.number().int().min(1).max(1000).optional(),
          /** Items in a rendered state section (default 40). */
          max_rendered_items: z.number().int().min(1).max(1000).optional(),
          /** Hard limit of one extraction run in milliseconds (default 15000). */
          timeout_ms: z.number().int().min(100).max(600_000).optional(),
        })
        .strict()
        .optional(),
      /** The context builder: `summary` `llm` writes thread summaries with the `extract.llm` model. */
      context: z
        .object({
          summary: z.enum(['extractive', 'llm']).optional(),
          /** A summary call that takes longer falls back to the extractive summary (default 8000). */
          summary_timeout_ms: z.number().int().min(100).max(600_000).optional(),
          /** Skills or instructions text shown in every context. */
          skills: z.string().optional(),
        })
        .strict()
        .optional(),
      /** Notes vault and memory drift (ADR 2026-11-26-notes-vault-and-drift). */
      vault: z
        .object({
          /** `memory_drift` cosine-distance threshold (default: calibrated per embedding model). */
          drift_threshold: z.number().gt(0).lt(2).optional(),
          /** Drift detection debounce window in hours (default 24). */
          debounce_hours: z
            .number()
            .min(0)
            .max(24 * 365)
            .optional(),
        })
        .strict()
        .optional(),
      /** Membership registry: family or team entity → member names ("Jess", "Leo"). */
      members: z
        .record(z.string().regex(/^(family|team):[a-z0-9._-]+$/), z.array(z.string().min(1)))
        .optional(),
      /** What "we" means in a user's threads: user entity → family or team entity. */
      we: z
        .record(
          z.string().regex(/^user:[a-z0-9._-]+$/),
          z.string().regex(/^(family|team):[a-z0-9._-]+$/),
        )
        .optional(),
      /** Alias registry: a name as sources write it → `<domain>.<item>` ("CITY POWER UTIL"). */
      aliases: z
        .record(z.string().min(1), z.string().regex(/^[a-z]+\.[a-z0-9][a-z0-9_-]*$/))
        .optional(),
      /**
       * The folder every projected file lives in (MEMORY.md, REVIEW.md, memory/YYYY-MM-DD.md,
       * HEARTBEAT.md, ...), relative to the current directory. Else VERITY_WORKSPACE, else `.`.
       */
      workspace: z.string().min(1).optional(),
      /** Session observer, reflector and MEMORY.md review settings. */
      observer: z
        .object({
          /** `rules` (default, offline) or `llm` (the model of `extract.llm`; rules on failure). */
          observer: z.enum(['rules', 'llm']).optional(),
          /** MEMORY.md budget in tokens (default 8000); past it the reflector proposes consolidation. */
          memory_budget_tokens: z.number().int().min(200).max(1_000_000).optional(),
          /** Proposals may hold at most this share of their input's tokens (default 1: strictly smaller, as seed 002 requires). */
          max_compression_ratio: z.number().gt(0).max(1).optional(),
          /** Days of history before friction analysis runs (default 14, seed 002). */
          friction_min_history_days: z.number().int().min(0).max(365).optional(),
          /** Days of observations the reflector reads (default 7). */
          reflect_window_days: z.number().int().min(1).max(365).optional(),
        })
        .strict()
        .optional(),
      /** Tasks (seed 004): the reconciler's schedule under `verity serve` and where alerts go. */
      tasks: z
        .object({
          /** POST reconciler notifications here (E2 "unstick" agents, chat bridges). */
          webhook_url: z.string().url().optional(),
          /** UTC hours the 30-minute reconciler runs in, `[first, last]` (default [8, 22]). */
          reconcile_hours: z
            .tuple([z.number().int().min(0).max(23), z.number().int().min(0).max(23)])
            .optional(),
          /** UTC hour of the nightly improvement loop (default 4). */
          improve_hour: z.number().int().min(0).max(23).optional(),
        })
        .strict()
        .optional(),
      /** Recall pack trigger expansion: a word in the prompt → entities or projects to load. */
      recall: z
        .object({
          triggers: z.record(z.string().min(1), z.array(z.string().min(1))).optional(),
        })
        .strict()
        .optional(),
      /** Files `verity project` and `verity watch` write, and how. */
      projections: z
        .object({
          mode: z.enum(['ast_zones', 'legacy_string']).optional(),
          targets: z.array(z.string().min(1)).optional(),
        })
        .strict()
        .optional(),
      /** ICS calendars `verity poll` reads: a file or URL and the entity its events belong to. */
      calendars: z
        .array(
          z
            .object({
              location: z.string().min(1),
              entity_id: z.string().regex(/^(user|family|team):[a-z0-9._-]+$/),
              name: z.string().min(1).optional(),
            })
            .strict(),
        )
        .optional(),
      /** When `verity serve` polls `calendars`: a cron pattern, UTC (default every 15 minutes). */
      calendars_poll: z
        .string()
        .regex(/^\S+( \S+){4,5}$/, 'must be a cron pattern of 5 or 6 fields')
        .optional(),
      http: z
        .object({
          port: z.number().int().min(0).max(65535).optional(),
          host: z.string().optional(),
        })
        .strict()
        .optional(),
      token: z.string().min(8).optional(),
      /**
       * Scoped bearer tokens, stored as the sha256 hex of the token (`verity token hash`): scopes
       * read/write/review and an entity allow-list (`user:alex`, `family:*`; absent = all).
       */
      tokens: z
        .array(
          z
            .object({
              name: z.string().min(1).max(100),
              sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
              scopes: z.array(z.enum(['read', 'write', 'review'])).min(1),
              entities: z
                .array(z.string().regex(/^(\*|(user|family|team):(\*|[a-z0-9._-]+))$/))
                .min(1)
                .optional(),
            })
            .strict(),
        )
        .optional(),
      /** The store: absent, the embedded SQLite file under home; a postgres:// URL for PostgreSQL. */
      database: z
        .object({
          url: z.string().regex(POSTGRES_URL, 'must be a postgres:// or postgresql:// URL'),
          schema: z.string().regex(SCHEMA_NAME).optional(),
        })
        .strict()
        .optional(),
    })
    .strict();
}

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
  readonly file: ConfigFile;
  readonly http: { readonly port: number; readonly host: string };
  /** Bearer token for the HTTP API; null leaves it open on loopback only. */
  readonly token: string | null;
  /** API key of the language-model extractor (VERITY_LLM_API_KEY or `extract.llm.api_key_env`). */
  readonly llmApiKey: string | null;
  /** API key of the embedding provider (VERITY_EMBEDDINGS_API_KEY or `embeddings.api_key_env`). */
  readonly embeddingsApiKey: string | null;
  /** Level of the structured logs on standard error (VERITY_LOG_LEVEL, default `info`). */
  readonly logLevel: LogLevel;
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
    file,
    http: {
      port: flags.port ?? envPort ?? file.http?.port ?? 7077,
      host: flags.host ?? env['VERITY_HOST'] ?? file.http?.host ?? '127.0.0.1',
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
  };
  return Object.freeze(config);
}
