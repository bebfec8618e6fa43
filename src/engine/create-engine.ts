import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseTarget } from '../config/index.js';
import {
  type Clock,
  canonicalJson,
  EngineError,
  type IdSource,
  type Policy,
  policyFromStored,
  unwrap,
  uuidV7,
} from '../core/index.js';
import { createRuleExtractor, EMPTY_REGISTRY } from '../extract/index.js';
import type { JobQueue } from '../jobs/index.js';
import {
  changePolicy,
  type ExtractionStep,
  type ForgetResult,
  type ForgetTarget,
  flushSession,
  forget,
  openSession,
  type PipelineDeps,
  withPipelineTx,
} from '../pipeline/index.js';
import { loadZoneParser } from '../projections/index.js';
import type { Store } from '../stores/index.js';
import { type BusyWait, createSqliteStore } from '../stores/sqlite/index.js';
import type { ContextCapability, EngineContextOptions } from './context-capability.js';
import { deferCapability } from './deferred.js';
import { createDeliveriesCapability } from './deliveries-capability.js';
import { createDlqCapability } from './dlq-capability.js';
import type { EngineContext } from './engine-context.js';
import { createEngineEvents } from './engine-events.js';
import { createIngestCapability } from './ingest-capability.js';
import { createLearningCapability } from './learning-capability.js';
import { createMaintenanceCapability } from './maintenance-capability.js';
import type { EngineObserverOptions, ObserverCapability } from './observer-capability.js';
import type { RecallCapability } from './recall-pack.js';
import { createReviewCapability } from './review-capability.js';
import {
  createSearchService,
  type EngineEmbeddingOptions,
  type SearchCapability,
  type SearchService,
} from './search-capability.js';
import { createStateCapability } from './state-capability.js';
import {
  createStateItemsService,
  type EngineItemOptions,
  type StateItemsService,
} from './state-items-capability.js';
import type { EngineTaskOptions, TasksCapability } from './tasks-capability.js';
import type { BackgroundJobHooks, Engine } from './types.js';
import {
  createVaultCapability,
  type EngineVaultOptions,
  promotionLink,
  type VaultCapability,
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
   * How a SQLite store waits for another process's write lock (see `BusyWait`): by default without
   * limit and silently, as `serve` and jobs want; a command line sets a notice and may set a limit.
   */
  readonly storeWait?: BusyWait;
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
  const store = options.store ?? (await openStore(options));
  const context = engineContext(store, clock, ids, options);
  if (options.policy) await applyPolicySettings(context, options.policy);
  return composeEngine(context, createServices(context, options), options);
}

/** Opens the store `options.database` names (default: the SQLite file under `home`). */
async function openStore(options: EngineOptions): Promise<Store> {
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
  if (options.database?.kind === 'postgres') {
    // Loaded only for a PostgreSQL target, so a SQLite process never reads the adapter.
    const { createPostgresStore } = await import('../stores/postgres/index.js');
    return createPostgresStore({ url: options.database.url, schema: options.database.schema });
  }
  return createSqliteStore({
    path: options.database?.path ?? join(options.home, 'verity.db'),
    ...(options.storeWait === undefined ? {} : { busyWait: options.storeWait }),
  });
}

/** The pipeline's dependencies and the policy in force, shared by every capability. */
function engineContext(
  store: Store,
  clock: Clock,
  ids: IdSource,
  options: EngineOptions,
): EngineContext {
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
  return {
    store,
    clock,
    ids,
    deps,
    registry: extraction?.registry ?? EMPTY_REGISTRY,
    currentPolicy: async () => unwrap(policyFromStored(await store.getMeta('policy'))),
    scratch: () => createSqliteStore({ path: ':memory:' }),
  };
}

/** The policy `settings` make of `policy`, or null when `policy` already is that. */
function configuredPolicy(
  policy: Policy,
  settings: NonNullable<EngineOptions['policy']>,
): Policy | null {
  const wanted = withOverrides(policy, settings);
  return canonicalJson(wanted) === canonicalJson(policy) ? null : wanted;
}

/** Records a `policy.changed` event when the configured settings differ from the policy in force. */
async function applyPolicySettings(
  context: EngineContext,
  settings: NonNullable<EngineOptions['policy']>,
): Promise<void> {
  // Read first without the write lock: a policy already in force (every open but the first after a
  // configuration change) needs no writer, so a read-only command never queues behind one.
  const stored = unwrap(policyFromStored(await context.store.getMeta('policy')));
  if (configuredPolicy(stored, settings) === null) return;
  await withPipelineTx(context.store, { entities: [], global: true }, async (tx) => {
    const session = await openSession(tx);
    // Asked again of the policy under the lock: another process opened with the same settings
    // while this one waited, and one event records the change.
    const wanted = configuredPolicy(session.policy, settings);
    if (wanted === null) return;
    await changePolicy(tx, session, context.deps, {
      kind: 'manual',
      policy: wanted,
      reasons: ['configuration changed the policy'],
    });
    await flushSession(tx, session);
  });
}

/** The durable job queue, opened on first use beside the store. */
interface LazyJobs {
  readonly get: () => Promise<JobQueue>;
  readonly stop: () => Promise<void>;
}

function lazyJobs(
  options: EngineOptions,
  context: EngineContext,
  onError: (error: EngineError) => void,
): LazyJobs {
  const { clock, ids, store } = context;
  const target =
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
  return {
    get: () => {
      jobs ??= import('../jobs/index.js')
        .then(({ createJobQueue }) =>
          // On a store this process may only read, the queue must not write either: a reading
          // command (stats) only lists jobs.
          createJobQueue(target, { clock, ids, onError, readOnly: !store.capabilities.writable }),
        )
        .catch((error: unknown) => {
          // Not kept: the next call tries again, and close has no queue to stop.
          jobs = null;
          throw error;
        });
      return jobs;
    },
    stop: async () => {
      const opening = jobs;
      jobs = null;
      // An open that failed was already thrown to the call that needed the queue; there is
      // nothing to stop.
      const queue = await opening?.catch(() => null);
      await queue?.stop();
    },
  };
}

/** The service-backed capabilities, wired to each other. */
interface EngineServices {
  readonly jobs: LazyJobs;
  /** While set (`attachBackgroundJobs`), item extraction and vectors after an ingest are scheduled. */
  readonly background: { hooks: BackgroundJobHooks | null };
  readonly search: SearchService;
  /** Runs after every forget: search prunes, then the store reclaims dead row versions. */
  readonly afterForget: () => Promise<void>;
  readonly items: StateItemsService;
  readonly vault: VaultCapability;
  readonly context: ContextCapability;
  readonly observer: ObserverCapability;
  readonly tasks: TasksCapability;
  readonly recall: RecallCapability;
}

/**
 * The service-backed capabilities, wired to each other. Context, observer, recall and tasks are
 * deferred: their modules (and, for the observer, the markdown parser) load on their first call,
 * so a process that only reads state never loads them (ADR 2026-11-26-lazy-start-up).
 */
function createServices(context: EngineContext, options: EngineOptions): EngineServices {
  const { store, deps, clock, ids } = context;
  const background: { hooks: BackgroundJobHooks | null } = { hooks: null };
  const jobs = lazyJobs(options, context, (error) => background.hooks?.onJobError(error));
  const search = createSearchService(store, clock, options.embeddings);
  const items = createStateItemsService({
    store,
    clock,
    ids,
    embedder: search.embedder,
    ...(options.items === undefined ? {} : { options: options.items }),
  });
  // Search drops what nothing uses any more; then the store removes the old row versions that
  // still hold the forgotten text (PostgreSQL keeps them until a vacuum).
  const afterForget = async (): Promise<void> => {
    await search.afterForget();
    await store.reclaimForgotten();
  };
  const forgetAndPrune = async (target: ForgetTarget, reason: string): Promise<ForgetResult> => {
    const result = await forget(deps, target, reason);
    await afterForget();
    return result;
  };
  const vault = createVaultCapability(store, deps, search.embedder, options.vault, (eventId, why) =>
    forgetAndPrune({ kind: 'event', eventId }, why).then(() => undefined),
  );
  const contextCapability = deferCapability<ContextCapability>(async () => {
    const { createContextCapability } = await import('./context-capability.js');
    return createContextCapability(
      {
        store,
        clock,
        currentPolicy: context.currentPolicy,
        registry: context.registry,
        search: search.search,
        ...(search.embedder?.model.unrelatedBelow === undefined
          ? {}
          : { unrelatedBelow: search.embedder.model.unrelatedBelow }),
        recordedMemories: vault.retrieve,
      },
      options.context,
    );
  }, {});
  // Resolved now, as the observer's runtime would, so that `workspace` needs no module load.
  const observerOptions = {
    ...options.observer,
    workspace: options.observer?.workspace ?? process.cwd(),
  };
  const observer = deferCapability<ObserverCapability, 'workspace'>(
    async () => {
      const [{ createObserverCapability }] = await Promise.all([
        import('./observer-capability.js'),
        // The observer writes MEMORY.md and REVIEW.md zones (synchronous zone parsing).
        loadZoneParser(),
      ]);
      return createObserverCapability(
        {
          store,
          deps,
          clock,
          jobs: jobs.get,
          // A memory forget redacts several events: search is pruned and the store reclaimed once,
          // after the last (on PostgreSQL a VACUUM FULL per event would lock every table N times).
          forget: (target, reason) => forget(deps, target, reason),
          afterForget,
          memories: promotionLink(vault),
          embedder: search.embedder,
        },
        observerOptions,
      );
    },
    { workspace: observerOptions.workspace },
  );
  const recall = deferCapability<RecallCapability>(async () => {
    const { createRecallCapability } = await import('./recall-pack.js');
    return createRecallCapability({
      store,
      deps,
      clock,
      search: search.search,
      triggers: options.recallTriggers ?? {},
    });
  }, {});
  const tasks = deferCapability<TasksCapability>(async () => {
    const { createTasksCapability } = await import('./tasks-capability.js');
    return createTasksCapability(
      {
        store,
        deps,
        clock,
        jobs: jobs.get,
        // Every reconciler pass also looks for used recall-pack items corrected since (WRONG_RECALL).
        afterReconcile: async () => void (await recall.checkWrongRecalls()),
      },
      options.tasks,
    );
  }, {});
  return {
    jobs,
    background,
    search,
    afterForget,
    items,
    vault: linkedVault(vault, observer),
    context: contextCapability,
    observer,
    tasks,
    recall,
  };
}

/** Composes the engine from one capability object per area. */
function composeEngine(
  context: EngineContext,
  services: EngineServices,
  options: EngineOptions,
): Engine {
  const { search, items, tasks } = services;
  return {
    home: options.home,
    now: () => context.clock.now(),
    events: createEngineEvents(),
    jobs: services.jobs.get,
    attachBackgroundJobs(hooks) {
      services.background.hooks = hooks;
      return () => {
        if (services.background.hooks === hooks) services.background.hooks = null;
      };
    },
    ...createIngestCapability(context, {
      waitForIndex: options.embeddings?.waitForIndex ?? true,
      extractItems: items.afterIngest,
      captureTasks: async (afterSeq) => void (await tasks.capture({ after_seq: afterSeq })),
      indexItems: search.afterIngest,
      background: () => services.background.hooks,
    }),
    ...createStateCapability(context),
    ...createReviewCapability(context, {
      // A corrected extraction is an incident the improvement loop learns from (seed 004).
      onCorrected: async (prompt, action) =>
        void (await tasks.logIncident({
          type: 'BAD_EXTRACTION',
          detail: `review ${prompt.promptId} was ${action === 'edit' ? 'edited' : 'rejected'}: ${prompt.field} of ${prompt.entityId}`,
          severity: 'medium',
          actor: 'review',
        })),
    }),
    ...createDlqCapability(context),
    ...createMaintenanceCapability(context, {
      afterRebuild: search.afterRebuild,
      afterForget: services.afterForget,
      writeTaskFiles: (dir) => tasks.writeWorkspace(dir),
      forgetCaptured: (sessionId, entryId, reason) =>
        services.observer.forgetMessage(sessionId, entryId, reason),
    }),
    ...createLearningCapability(context),
    ...searchCapability(search, services.vault),
    ...items.capability,
    buildContext: services.context.buildContext,
    observer: services.observer,
    vault: services.vault,
    tasks,
    recall: services.recall,
    deliveries: createDeliveriesCapability(context),
    async close() {
      try {
        await search.close();
        await services.jobs.stop();
      } finally {
        await context.store.close();
      }
    },
  };
}

/** Search as the engine offers it: memory hits are drift-checked where they are retrieved. */
function searchCapability(search: SearchService, vault: VaultCapability): SearchCapability {
  return {
    async search(query, searchOptions) {
      const result = await search.search(query, searchOptions);
      // Debounced, as in context.
      const memoryIds = result.hits.filter((h) => h.kind === 'memory').map((h) => h.id);
      if (memoryIds.length > 0) await vault.checkDrift(memoryIds);
      return result;
    },
    indexEmbeddings: search.indexEmbeddings,
    reindex: search.reindex,
    searchStatus: search.searchStatus,
    startBackgroundIndexing: search.startBackgroundIndexing,
  };
}

/** The vault, where forgetting a promoted memory forgets its MEMORY.md entry too. */
function linkedVault(vault: VaultCapability, observer: ObserverCapability): VaultCapability {
  return {
    ...vault,
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
  };
}
