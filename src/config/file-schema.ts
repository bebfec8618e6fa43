/**
 * The settings file's schema (`$VERITY_HOME/config.json`), one builder per group of sections so
 * each stays readable; `buildFileSchema` joins them in the file's key order. Builders take zod as
 * an argument because `config/index.ts` loads it only when a settings file exists.
 */
import type { z as Zod } from 'zod';
import { isTimeZone, ROLLOUT_STAGES } from '../core/index.js';

/** A PostgreSQL connection URL, as `database.url` and VERITY_DATABASE_URL take it. */
export const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;
/** A lower-case SQL identifier, as `database.schema` and VERITY_DATABASE_SCHEMA take it. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A settings section: optional, and a key it does not know is an error. */
function section<Shape extends Zod.ZodRawShape>(z: typeof Zod, shape: Shape) {
  return z.object(shape).strict().optional();
}

/** An `api_key_env` setting: the name of the environment variable that holds an API key. */
function apiKeyEnv(z: typeof Zod) {
  return z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/)
    .optional();
}

/**
 * The review and ingest policy: rollout stage, pending-prompt limits, adaptive learning, what
 * uncontested evidence does, and how far ahead of now a record may be dated.
 */
function policyShape(z: typeof Zod) {
  return {
    stage: z.enum(ROLLOUT_STAGES).optional(),
    max_pending: z.number().int().min(1).max(1000).optional(),
    prompt_expiry_hours: z.number().positive().optional(),
    adaptive_learning: section(z, { enabled: z.boolean() }),
    /** `commit`: uncontested evidence is committed (low confidence) instead of asked about. */
    uncontested: z.enum(['commit', 'ask']).optional(),
    /** Ingest guards: how far after now (seconds, default 300) a record may be dated. */
    ingest: section(z, {
      max_future_skew_seconds: z.number().int().min(0).max(31_536_000).optional(),
    }),
  };
}

/**
 * How text becomes state: the observation extractor and its model, the embedding model, and
 * state-item extraction.
 */
function extractionShape(z: typeof Zod) {
  return {
    /** How messages and notes become observations (default `rules`, offline). */
    extract: section(z, {
      mode: z.enum(['rules', 'llm', 'rules+llm']).optional(),
      llm: section(z, {
        provider: z.enum(['openai-compatible', 'anthropic']),
        model: z.string().min(1),
        base_url: z.string().url().optional(),
        /** The environment variable holding the API key (else VERITY_LLM_API_KEY). */
        api_key_env: apiKeyEnv(z),
        timeout_ms: z.number().int().min(100).max(600_000).optional(),
        min_confidence: z.number().min(0).max(1).optional(),
      }),
    }),
    /**
     * The embedding model that fills search vectors (default `local`: the bundled model; `none`
     * turns vectors off). Changing it needs `verity reindex`.
     */
    embeddings: embeddingsSchema(z).optional(),
    /**
     * Structured state items (seed 001): which extractor turns new messages into decisions,
     * constraints, actions, questions and risks (`rules`, the default, offline; `llm`, with
     * `extract.llm`; `none` turns extraction off), and its limits.
     */
    state_items: section(z, {
      extractor: z.enum(['rules', 'llm', 'none']).optional(),
      /** Messages read after the watermark per run (default 20). */
      max_batch_messages: z.number().int().min(1).max(1000).optional(),
      /** Items in a rendered state section (default 40). */
      max_rendered_items: z.number().int().min(1).max(1000).optional(),
      /** Hard limit of one extraction run in milliseconds (default 15000). */
      timeout_ms: z.number().int().min(100).max(600_000).optional(),
    }),
  };
}

/** The `embeddings` section: a remote or transformers model must name its model and dimension. */
function embeddingsSchema(z: typeof Zod) {
  return z
    .object({
      provider: z.enum(['local', 'transformers', 'openai-compatible', 'none']),
      /** transformers: a folder under `local_model_path` or a hub id; openai-compatible: the model. */
      model: z.string().min(1).optional(),
      dimension: z.number().int().min(1).max(8192).optional(),
      base_url: z.string().url().optional(),
      local_model_path: z.string().min(1).optional(),
      allow_remote_models: z.boolean().optional(),
      /** The environment variable holding the API key (else VERITY_EMBEDDINGS_API_KEY). */
      api_key_env: apiKeyEnv(z),
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
    });
}

/**
 * What contexts and memory files are built from: the context builder, the notes vault, the
 * member, "we" and alias registries, the workspace folder and the session observer.
 */
function memoryShape(z: typeof Zod) {
  return {
    /** The context builder: `summary` `llm` writes thread summaries with the `extract.llm` model. */
    context: section(z, {
      summary: z.enum(['extractive', 'llm']).optional(),
      /** A summary call that takes longer falls back to the extractive summary (default 8000). */
      summary_timeout_ms: z.number().int().min(100).max(600_000).optional(),
      /** Skills or instructions text shown in every context. */
      skills: z.string().optional(),
    }),
    /** Notes vault and memory drift (ADR 2026-11-26-notes-vault-and-drift). */
    vault: section(z, {
      /** `memory_drift` cosine-distance threshold (default: calibrated per embedding model). */
      drift_threshold: z.number().gt(0).lt(2).optional(),
      /** Drift detection debounce window in hours (default 24). */
      debounce_hours: z
        .number()
        .min(0)
        .max(24 * 365)
        .optional(),
    }),
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
    observer: section(z, {
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
    }),
  };
}

/**
 * Work done on its own by `verity serve` and the projection commands: the task reconciler, recall
 * triggers, projected files and polled calendars.
 */
function scheduleShape(z: typeof Zod) {
  return {
    /** Tasks (seed 004): the reconciler's schedule under `verity serve` and where alerts go. */
    tasks: section(z, {
      /** POST reconciler notifications here (E2 "unstick" agents, chat bridges). */
      webhook_url: z.string().url().optional(),
      /** UTC hours the 30-minute reconciler runs in, `[first, last]` (default [8, 22]). */
      reconcile_hours: z
        .tuple([z.number().int().min(0).max(23), z.number().int().min(0).max(23)])
        .optional(),
      /** UTC hour of the nightly improvement loop (default 4). */
      improve_hour: z.number().int().min(0).max(23).optional(),
    }),
    /** Recall pack trigger expansion: a word in the prompt → entities or projects to load. */
    recall: section(z, {
      triggers: z.record(z.string().min(1), z.array(z.string().min(1))).optional(),
    }),
    /** Files `verity project` and `verity watch` write, and how. */
    projections: section(z, {
      mode: z.enum(['ast_zones', 'legacy_string']).optional(),
      targets: z.array(z.string().min(1)).optional(),
    }),
    /** ICS calendars `verity poll` reads: a file or URL and the entity its events belong to. */
    calendars: z
      .array(
        z
          .object({
            location: z.string().min(1),
            entity_id: z.string().regex(/^(user|family|team):[a-z0-9._-]+$/),
            name: z.string().min(1).optional(),
            /** IANA zone its times are shown in (else each event's own; none: UTC, labelled). */
            time_zone: z
              .string()
              .min(1)
              .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin')
              .optional(),
          })
          .strict(),
      )
      .optional(),
    /** When `verity serve` polls `calendars`: a cron pattern, UTC (default every 15 minutes). */
    calendars_poll: z
      .string()
      .regex(/^\S+( \S+){4,5}$/, 'must be a cron pattern of 5 or 6 fields')
      .optional(),
  };
}

/** The HTTP server, its tokens, and the store. */
function serverShape(z: typeof Zod) {
  return {
    http: section(z, {
      port: z.number().int().min(0).max(65535).optional(),
      host: z.string().optional(),
      /** Largest request body a write route reads, in bytes (default 4 MiB); larger: 413. */
      max_body_bytes: z.number().int().min(1024).max(1_073_741_824).optional(),
    }),
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
    /**
     * The Telegram review flow (`verity telegram`, and `verity serve` when a token is set): the bot
     * token (VERITY_TELEGRAM_TOKEN wins), the chats it answers and pushes to, the users whose
     * commands and buttons it acts on there (absent or empty: anyone in those chats), and the Bot
     * API root (a local Bot API server or an emulator; default https://api.telegram.org).
     */
    telegram: section(z, {
      token: z
        .string()
        .regex(/^\d+:[\w-]+$/, 'must be a bot token such as 123456:ABC-def')
        .optional(),
      chat_ids: z.array(z.number().int()).optional(),
      allowed_user_ids: z.array(z.number().int().positive()).optional(),
      api_root: z.string().url().optional(),
    }),
    /** The store: absent, the embedded SQLite file under home; a postgres:// URL for PostgreSQL. */
    database: section(z, {
      url: z.string().regex(POSTGRES_URL, 'must be a postgres:// or postgresql:// URL'),
      schema: z.string().regex(SCHEMA_NAME).optional(),
    }),
  };
}

/** The settings file's schema: every section, unknown keys rejected. */
export function buildFileSchema(z: typeof Zod) {
  return z
    .object({
      ...policyShape(z),
      ...extractionShape(z),
      ...memoryShape(z),
      ...scheduleShape(z),
      ...serverShape(z),
    })
    .strict();
}
