import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DatabaseTarget } from '../config/index.js';
import {
  type Clock,
  canonicalJson,
  ENTITY_ID_PATTERN,
  EngineError,
  emptyStats,
  type IdSource,
  type LearningStats,
  type Policy,
  parseRfc3339,
  policyFromStored,
  toIso,
  toStateTracker,
  unwrap,
  uuidV7,
} from '../core/index.js';
import { createRuleExtractor, EMPTY_REGISTRY } from '../extract/index.js';
import { createJobQueue, type JobQueue } from '../jobs/index.js';
import { parseRecord } from '../ledger/index.js';
import {
  applyRecord,
  changePolicy,
  checkAnswer,
  computeStats,
  deadLetterReviews,
  type ExtractionStep,
  explainField,
  flushSession,
  forget,
  ingest,
  openSession,
  type PipelineDeps,
  readEntity,
  readField,
  rebuild,
  retryDeadLetters,
  toPromptView,
  withPipelineTx,
} from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import { createPostgresStore } from '../stores/postgres/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import {
  type CapabilityContext,
  confirmAlias,
  labelIntent,
  listDrift,
  migrate,
  poll,
  project,
  readIntentMetrics,
} from './capabilities.js';
import { createContextCapability, type EngineContextOptions } from './context-capability.js';
import { createEngineEvents } from './engine-events.js';
import { recordMessages } from './messages-capability.js';
import { createObserverCapability, type EngineObserverOptions } from './observer-capability.js';
import { createRecallCapability } from './recall-pack.js';
import { createSearchCapability, type EngineEmbeddingOptions } from './search-capability.js';
import { createStateItemsCapability, type EngineItemOptions } from './state-items-capability.js';
import { createTasksCapability, type EngineTaskOptions } from './tasks-capability.js';
import type { Engine, ReadOptions, RecordResult } from './types.js';
import {
  createVaultCapability,
  type EngineVaultOptions,
  promotionLink,
} from './vault-capability.js';

/** Options of `createEngine`. */
export interface EngineOptions {
  /** Folder of the embedded SQLite store (created if missing). */
  readonly home: string;
  /** Injected clock; defaults to the system clock. */
  readonly clock?: Clock;
  /** Injected id source; defaults to UUID v7 from the clock and crypto randomness. */
  readonly ids?: IdSource;
  /**
   * Policy settings from config. When they differ from the policy in force, a `policy.changed`
   * event records the change, so replay sees it at the same position.
   */
  readonly policy?: {
    readonly stage?: Policy['stage'];
    readonly maxPending?: number;
    readonly promptExpiryHours?: number;
    readonly adaptiveLearning?: boolean;
    /** Commit uncontested evidence instead of asking (every domain); see `DomainPolicy`. */
    readonly commitUncontested?: boolean;
  };
  /** Opens a store other than the default SQLite file (tests, other adapters). */
  readonly store?: Store;
  /**
   * The store to open when `store` is not given: the SQLite file (default `<home>/verity.db`) or
   * a PostgreSQL database and schema. The durable job queue follows it.
   */
  readonly database?: DatabaseTarget;
  /**
   * How messages and notes become observations at live ingest. Defaults to the offline rule-based
   * extractor with no registry; `null` only stores them.
   */
  readonly extraction?: ExtractionStep | null;
  /** The embedding model and search settings; default: the bundled local model, loaded lazily. */
  readonly embeddings?: EngineEmbeddingOptions;
  /** Structured state items: the extractor (default: rules) and seed 001's limits. */
  readonly items?: EngineItemOptions;
  /** Tasks (seed 004): where reconciler notifications go. */
  readonly tasks?: EngineTaskOptions;
  /** Recall pack trigger expansion: a word in the prompt → names whose records to load. */
  readonly recallTriggers?: Readonly<Record<string, readonly string[]>>;
  /** Context builder settings: an optional summary model, skills text, caps. */
  readonly context?: EngineContextOptions;
  /** Notes vault and memory drift settings (threshold, debounce window). */
  readonly vault?: EngineVaultOptions;
  /** Session observer settings: the workspace for MEMORY.md/REVIEW.md, an optional model, budgets. */
  readonly observer?: EngineObserverOptions;
  /**
   * How far after the clock a record may be dated before ingest refuses it (default 5 minutes);
   * calendar sources are exempt and their future claims kept as plans.
   */
  readonly maxFutureSkewMs?: number;
}

const systemClock: Clock = { now: () => Date.now() };

function withOverrides(policy: Policy, options: NonNullable<EngineOptions['policy']>): Policy {
  const uncontested = options.commitUncontested;
  const domains =
    uncontested === undefined
      ? policy.domains
      : (Object.fromEntries(
          Object.entries(policy.domains).map(([name, rules]) => [
            name,
            { ...rules, commitUncontested: uncontested },
          ]),
        ) as unknown as Policy['domains']);
  return {
    ...policy,
    domains,
    stage: options.stage ?? policy.stage,
    review: {
      maxPending: options.maxPending ?? policy.review.maxPending,
      expiryHours: options.promptExpiryHours ?? policy.review.expiryHours,
    },
    adaptiveLearning: {
      ...policy.adaptiveLearning,
      enabled: options.adaptiveLearning ?? policy.adaptiveLearning.enabled,
    },
  };
}

/** Opens (or creates) a Verity engine on the embedded store under `home`. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const clock = options.clock ?? systemClock;
  const ids: IdSource = options.ids ?? { uuid: () => uuidV7(clock.now(), randomBytes(10)) };
  let store: Store;
  if (options.store) {
    store = options.store;
  } else {
    try {
      mkdirSync(options.home, { recursive: true });
    } catch (error: unknown) {
      throw new EngineError(
        'STORE_FAILED',
        `cannot create ${options.home}`,
        { operation: 'init' },
        { cause: error },
      );
    }
    store =
      options.database?.kind === 'postgres'
        ? await createPostgresStore({ url: options.database.url, schema: options.database.schema })
        : await createSqliteStore({
            path: options.database?.path ?? join(options.home, 'verity.db'),
          });
  }
  const jobsTarget =
    options.database?.kind === 'postgres'
      ? {
          kind: 'postgres' as const,
          url: options.database.url,
          schema: `${options.database.schema}_jobs`,
        }
      : {
          kind: 'sqlite' as const,
          path: options.database?.path ?? join(options.home, 'verity.db'),
        };
  let jobs: Promise<JobQueue> | null = null;
  const extraction =
    options.extraction === undefined
      ? { extractor: createRuleExtractor(), registry: EMPTY_REGISTRY }
      : options.extraction;
  const deps: PipelineDeps = {
    store,
    clock,
    ids,
    ...(extraction === null ? {} : { extraction }),
    ...(options.maxFutureSkewMs === undefined ? {} : { maxFutureSkewMs: options.maxFutureSkewMs }),
  };

  const search = createSearchCapability(store, clock, options.embeddings);
  const items = createStateItemsCapability({
    store,
    clock,
    ids,
    embedder: search.embedder,
    ...(options.items === undefined ? {} : { options: options.items }),
  });

  const currentPolicy = async (): Promise<Policy> =>
    unwrap(policyFromStored(await store.getMeta('policy')));

  if (options.policy) {
    const settings = options.policy;
    await withPipelineTx(store, { entities: [], global: true }, async (tx) => {
      const session = await openSession(tx);
      const wanted = withOverrides(session.policy, settings);
      if (canonicalJson(wanted) !== canonicalJson(session.policy)) {
        await changePolicy(tx, session, deps, {
          kind: 'manual',
          policy: wanted,
          reasons: ['configuration changed the policy'],
        });
        await flushSession(tx, session);
      }
    });
  }

  const capabilities: CapabilityContext = {
    store,
    deps,
    registry: extraction?.registry ?? EMPTY_REGISTRY,
    currentPolicy,
    scratch: () => createSqliteStore({ path: ':memory:' }),
  };

  const vault = createVaultCapability(
    store,
    deps,
    search.embedder,
    options.vault,
    async (eventId, reason) => {
      await forget(deps, { kind: 'event', eventId }, reason);
      await search.afterForget();
    },
  );
  const context = createContextCapability(
    {
      store,
      clock,
      currentPolicy,
      registry: capabilities.registry,
      search: search.search,
      recordedMemories: vault.retrieve,
    },
    options.context,
  );

  const getJobs = (): Promise<JobQueue> => {
    jobs ??= createJobQueue(jobsTarget, { clock, ids });
    return jobs;
  };
  const observer = createObserverCapability(
    {
      store,
      deps,
      clock,
      jobs: getJobs,
      forget: async (target, reason) => {
        const result = await forget(deps, target, reason);
        await search.afterForget();
        return result;
      },
      memories: promotionLink(vault),
    },
    options.observer,
  );

  const tasks = createTasksCapability(
    {
      store,
      deps,
      clock,
      jobs: getJobs,
      // Every reconciler pass also looks for used recall-pack items corrected since (WRONG_RECALL).
      afterReconcile: async () => void (await recall.checkWrongRecalls()),
    },
    options.tasks,
  );

  const recall = createRecallCapability({
    store,
    deps,
    clock,
    search: search.search,
    triggers: options.recallTriggers ?? {},
  });

  const engine: Engine = {
    home: options.home,
    observer,
    now: () => clock.now(),
    events: createEngineEvents(),

    async ingest(input, ingestOptions) {
      const before = await store.lastSeq();
      const report = await ingest(deps, input, { import: ingestOptions?.import === true });
      await items.afterIngest(ingestOptions, options.embeddings?.waitForIndex ?? true);
      await tasks.capture({ after_seq: before });
      await search.afterIngest(ingestOptions);
      return report;
    },

    async recordMessages(messages, messageOptions = {}) {
      const indexOptions =
        messageOptions.wait_for_index === undefined
          ? undefined
          : { waitForIndex: messageOptions.wait_for_index };
      const result = await recordMessages(
        (records, onRecord) =>
          ingest(deps, records, { onRecord, import: messageOptions.import === true }),
        messages,
        messageOptions,
        clock.now(),
      );
      await items.afterIngest(indexOptions, options.embeddings?.waitForIndex ?? true);
      await search.afterIngest(indexOptions);
      return result;
    },

    async recordObservation(observation) {
      const parsed = parseRecord({ ...(observation as object), type: 'observation' });
      if (!parsed.ok) {
        const report = await ingest(deps, [{ ...(observation as object), type: 'observation' }]);
        return {
          event_id: parsed.rejection.inputId ?? '',
          status: 'rejected',
          decision: null,
          confidence: null,
          reasons: [],
          prompt_id: null,
          issues: report.rejections[0]?.issues ?? parsed.rejection.issues,
        } satisfies RecordResult;
      }
      const raw = JSON.stringify({ type: 'observation', ...(observation as object) });
      const entities =
        parsed.record.kind === 'observation' ? [parsed.record.observation.entity_id] : [];
      return withPipelineTx(store, { entities, global: true }, async (tx) => {
        const session = await openSession(tx);
        const outcome = await applyRecord(
          tx,
          session,
          parsed.record,
          raw,
          clock.now(),
          undefined,
          deps.maxFutureSkewMs,
        );
        await flushSession(tx, session);
        return {
          event_id: outcome.eventId ?? '',
          status: outcome.status,
          decision: outcome.result?.decisions[0] ?? null,
          confidence: outcome.result?.confidence ?? null,
          reasons: outcome.result?.reasons ?? [],
          prompt_id: outcome.result?.promptIds[0] ?? null,
          issues: outcome.issues,
        } satisfies RecordResult;
      });
    },

    async getField(entityId, field, readOptions) {
      checkEntityId(entityId);
      const [at, asOf] = readTimes(readOptions);
      return readField(store, await currentPolicy(), entityId, field, clock.now(), at, asOf);
    },

    async getEntity(entityId, readOptions) {
      checkEntityId(entityId);
      const [at, asOf] = readTimes(readOptions);
      return readEntity(store, await currentPolicy(), entityId, clock.now(), at, asOf);
    },

    async listEntities() {
      return [...new Set((await store.listSlots()).map((s) => s.entityId))];
    },

    async explain(entityId, field) {
      checkEntityId(entityId);
      return explainField(store, await currentPolicy(), entityId, field, clock.now());
    },

    async history(entityId, field) {
      checkEntityId(entityId);
      return store.listHistory(field === undefined ? { entityId } : { entityId, field });
    },

    async listReviews(reviewOptions) {
      const now = clock.now();
      const prompts = await store.listPrompts({
        status: reviewOptions?.status ?? ['open', 'queued'],
        ...(reviewOptions?.entityId ? { entityId: reviewOptions.entityId } : {}),
      });
      const views = prompts.map((p) => toPromptView(p, now));
      return reviewOptions?.status ? views : views.filter((v) => v.status !== 'expired');
    },

    listDeadLetterReviews: () => deadLetterReviews(store),

    async answerReview(promptId, action, editedValue) {
      const prompt = await store.getPrompt(promptId.toLowerCase());
      if (!prompt) throw new EngineError('NOT_FOUND', `no review prompt ${promptId}`, { promptId });
      const now = clock.now();
      const record = {
        type: 'confirmation',
        answer_id: ids.uuid(),
        prompt_id: prompt.promptId,
        action,
        answered_at: toIso(now),
        ...(editedValue !== undefined ? { edited_value: editedValue } : {}),
      };
      const parsed = parseRecord(record);
      if (!parsed.ok) {
        throw new EngineError(
          'VALIDATION_FAILED',
          parsed.rejection.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
          { promptId },
        );
      }
      if (parsed.record.kind !== 'answer')
        throw new EngineError('VALIDATION_FAILED', 'not an answer');
      const answer = parsed.record.answer;
      await withPipelineTx(store, { entities: [prompt.entityId], global: true }, async (tx) => {
        const refusal = await checkAnswer(tx, answer);
        if (refusal) throw refusal;
        const session = await openSession(tx);
        await applyRecord(tx, session, parsed.record, JSON.stringify(record), now);
        await flushSession(tx, session);
      });
      if (action === 'reject' || action === 'edit') {
        // A corrected extraction is an incident the improvement loop learns from (seed 004).
        await tasks.logIncident({
          type: 'BAD_EXTRACTION',
          detail: `review ${prompt.promptId} was ${action === 'edit' ? 'edited' : 'rejected'}: ${prompt.field} of ${prompt.entityId}`,
          severity: 'medium',
          actor: 'review',
        });
      }
      const closed = await store.getPrompt(prompt.promptId);
      return {
        prompt_id: prompt.promptId,
        status: closed?.status ?? prompt.status,
        field: await readField(store, await currentPolicy(), prompt.entityId, prompt.field, now),
      };
    },

    listDlq: () => store.listDlq(),

    retryDlq: (retryOptions) => retryDeadLetters(deps, retryOptions?.all ? { all: true } : {}),

    editDlq: (dlqId, raw) => retryDeadLetters(deps, { only: dlqId, raw: raw.trim() }),

    async discardDlq(dlqId) {
      await withPipelineTx(store, { entities: [], global: true }, async (tx) => {
        const item = await tx.getDlq(dlqId);
        if (!item) throw new EngineError('NOT_FOUND', `no dead letter ${dlqId}`, { dlqId });
        await tx.putDlq({ ...item, status: 'discarded', needsReview: false, nextRetryAt: null });
      });
    },

    async rebuild(rebuildOptions) {
      const result = await rebuild(store, {
        verify: rebuildOptions?.verify ?? false,
        scratch: () => createSqliteStore({ path: ':memory:' }),
      });
      if (rebuildOptions?.verify !== true) await search.afterRebuild();
      return result;
    },

    async forget(target, reason) {
      const result = await forget(deps, target, reason ?? 'forgotten on request');
      await search.afterForget();
      return result;
    },

    async stats() {
      return computeStats(store, await currentPolicy(), clock.now());
    },

    async stateTracker() {
      const policy = await currentPolicy();
      const stats =
        ((await store.getMeta('learning')) as unknown as LearningStats | null) ??
        emptyStats(policy);
      return toStateTracker({
        slots: await store.listSlots(),
        prompts: await store.listPrompts({ status: ['open', 'queued'] }),
        policy,
        stats,
        at: toIso(clock.now()),
      });
    },

    async project(projectOptions) {
      const report = await project(capabilities, projectOptions);
      const heartbeat = projectOptions.targets.find(
        (t) => basename(t).toLowerCase() === 'heartbeat.md',
      );
      // Task files live beside HEARTBEAT.md, the workspace the other projections use.
      if (heartbeat !== undefined && projectOptions.dryRun !== true) {
        await tasks.writeWorkspace(dirname(heartbeat));
      }
      return report;
    },
    migrate: (files, migrateOptions) => migrate(capabilities, files, migrateOptions),
    poll: (sources) => poll(capabilities, sources),
    labelIntent: (threadId, messageId, intent) =>
      labelIntent(capabilities, threadId, messageId, intent),
    intentMetrics: () => readIntentMetrics(capabilities),
    confirmAlias: (alias, target) => confirmAlias(capabilities, alias, target),
    listDrift: () => listDrift(capabilities),
    lastSequence: () => store.lastSeq(),

    async search(query, searchOptions) {
      const result = await search.search(query, searchOptions);
      // Memory hits are drift-checked where they are retrieved (debounced, as in context).
      const memoryIds = result.hits.filter((h) => h.kind === 'memory').map((h) => h.id);
      if (memoryIds.length > 0) await vault.checkDrift(memoryIds);
      return result;
    },
    indexEmbeddings: search.indexEmbeddings,
    reindex: search.reindex,
    searchStatus: search.searchStatus,
    startBackgroundIndexing: search.startBackgroundIndexing,

    extractItems: items.extractItems,
    listStateItems: items.listStateItems,
    expandStateItem: items.expandStateItem,

    buildContext: context.buildContext,

    vault: {
      ...vault,
      // Forgetting a promoted memory forgets its MEMORY.md entry too (which forgets the memory).
      async forgetMemory(memoryId, forgetOptions) {
        const memory = (await vault.listMemories()).find((m) => m.memory_id === memoryId);
        const entryId = memory?.source.kind === 'promotion' ? memory.source.ref : null;
        const entry =
          entryId === null
            ? undefined
            : (await observer.listMemory(true)).find((m) => m.memory_id === entryId);
        if (memory === undefined || entryId === null || entry === undefined) {
          return vault.forgetMemory(memoryId, forgetOptions);
        }
        if (forgetOptions?.redact === false) {
          if (entry.status === 'active') await observer.retireMemory(entryId, forgetOptions.reason);
          else await vault.forgetMemory(memoryId, forgetOptions);
          return { memory_id: memoryId, forgotten: true, redacted: 0 };
        }
        await observer.forgetMemory(entryId, forgetOptions?.reason);
        return { memory_id: memoryId, forgotten: true, redacted: memory.revision };
      },
    },
    tasks,
    recall,

    jobs: getJobs,

    async close() {
      try {
        await search.close();
        if (jobs !== null) await (await jobs).stop();
      } finally {
        await store.close();
      }
    },
  };
  return engine;
}

/**
 * The belief time and valid time a read asks for, checked: each RFC 3339, not both at once.
 * Throws VALIDATION_FAILED otherwise.
 */
function readTimes(options?: ReadOptions): [string | undefined, string | undefined] {
  const at = options?.at;
  const asOf = options?.asOf;
  for (const [name, value] of [
    ['at', at],
    ['as_of', asOf],
  ] as const) {
    if (value !== undefined && parseRfc3339(value) === null) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `${name} must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${value}")`,
        { field: name },
      );
    }
  }
  if (at !== undefined && asOf !== undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'ask for belief time (at) or valid time (as_of), not both',
      { field: 'as_of' },
    );
  }
  return [at, asOf];
}

const ENTITY_ID = new RegExp(ENTITY_ID_PATTERN);

/** Throws VALIDATION_FAILED for an id that is not `user:<slug>`, `family:<slug>` or `team:<slug>`. */
function checkEntityId(entityId: string): void {
  if (!ENTITY_ID.test(entityId)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `"${entityId}" is not an entity id: use user:<slug>, family:<slug> or team:<slug> (a-z 0-9 . _ -), e.g. user:alex`,
      { field: 'entity_id' },
    );
  }
}
