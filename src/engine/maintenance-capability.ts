import { basename, dirname } from 'node:path';
import { EVENT_TYPES } from '../ledger/index.js';
import type { CalendarSource } from '../pipeline/index.js';
import {
  type DriftItem,
  type ForgetResult,
  type ForgetTarget,
  forget,
  type RebuildResult,
  rebuild,
} from '../pipeline/index.js';
import {
  listDrift,
  type MigrationFile,
  type MigrationReport,
  migrate,
  type PollReport,
  type ProjectionReport,
  type ProjectOptions,
  poll,
  project,
} from './capabilities.js';
import type { EngineContext } from './engine-context.js';

/** Whole-store operations: rebuild, forget, projections, migration from markdown, polling. */
export interface MaintenanceCapability {
  /** Rebuilds derived state from the ledger (`verify` compares instead of replacing). */
  rebuild(options?: { verify?: boolean }): Promise<RebuildResult>;
  /** Forgets an event, a slot or an entity (its ledger text redacted) and rebuilds what derived from it. */
  forget(target: ForgetTarget, reason?: string): Promise<ForgetResult>;
  /**
   * Projects state into files (seed 000 §8): each file's `STATE-INPUT` edits are ingested first,
   * then its `STATE` zones (or legacy sections, with a backup) are rendered and written only when
   * the bytes change. A manual edit inside a `STATE` zone is reverted and recorded as drift.
   * Throws `STORE_FAILED` when a file cannot be read or written.
   */
  project(options: ProjectOptions): Promise<ProjectionReport>;
  /**
   * Bootstraps state from existing markdown files as `static_markdown` evidence (low
   * reliability: a later chat message outranks it). `dryRun` reports without writing anything.
   */
  migrate(
    files: readonly MigrationFile[],
    options?: { readonly dryRun?: boolean; readonly entityId?: string },
  ): Promise<MigrationReport>;
  /** Reads each calendar once and ingests its events as signals; idempotent. */
  poll(sources: readonly CalendarSource[]): Promise<PollReport>;
  /** Manual edits found and reverted inside `STATE` zones, oldest first. */
  listDrift(): Promise<readonly DriftItem[]>;
}

/** What maintenance needs from the other capabilities. */
export interface MaintenanceCapabilityDeps {
  /** Runs after a rebuild that replaced live derived state (search re-attaches vectors). */
  readonly afterRebuild: () => Promise<void>;
  /** Runs after `forget` (search drops what nothing uses any more). */
  readonly afterForget: () => Promise<void>;
  /** Writes the task files into a workspace folder (tasks). */
  readonly writeTaskFiles: (dir: string) => Promise<unknown>;
  /**
   * Forgets one entry of a captured session (the observer's `forgetMessage`), pruning search
   * itself; null when the session holds no such entry.
   */
  readonly forgetCaptured: (
    sessionId: string,
    entryId: string,
    reason: string,
  ) => Promise<ForgetResult | null>;
}

/**
 * The session id when `target` names a message kept from a captured session (its row's event is
 * the capture's `session.captured`), else null.
 */
async function capturedSession(
  context: EngineContext,
  target: ForgetTarget,
): Promise<string | null> {
  if (target.kind !== 'message' || !target.threadId.startsWith(SESSION_THREAD)) return null;
  const message = await context.store.getMessage(target.threadId, target.messageId);
  // A forgotten entry has no message row left: the observer's forget still knows it (as the
  // placeholder the first forget left) and says it is already forgotten, or returns null.
  if (message === null) return target.threadId.slice(SESSION_THREAD.length);
  const event = await context.store.getEvent(message.eventId);
  if (event === null || event.type !== EVENT_TYPES.sessionCaptured) return null;
  return target.threadId.slice(SESSION_THREAD.length);
}

/** The thread prefix of a captured session's messages (`session:<id>`). */
const SESSION_THREAD = 'session:';

/** Builds the maintenance operations over the engine's store and pipeline. */
export function createMaintenanceCapability(
  context: EngineContext,
  after: MaintenanceCapabilityDeps,
): MaintenanceCapability {
  return {
    async rebuild(rebuildOptions) {
      const result = await rebuild(context.store, {
        verify: rebuildOptions?.verify ?? false,
        scratch: context.scratch,
      });
      if (rebuildOptions?.verify !== true) await after.afterRebuild();
      return result;
    },

    async forget(target, reason) {
      const why = reason ?? 'forgotten on request';
      // A captured message is an entry of its capture's event, not an event of its own.
      const sessionId = await capturedSession(context, target);
      if (sessionId !== null && target.kind === 'message') {
        const result = await after.forgetCaptured(sessionId, target.messageId, why);
        if (result !== null) return result;
      }
      const result = await forget(context.deps, target, why);
      await after.afterForget();
      return result;
    },

    async project(projectOptions) {
      const report = await project(context, projectOptions);
      const heartbeat = projectOptions.targets.find(
        (t) => basename(t).toLowerCase() === 'heartbeat.md',
      );
      // Task files live beside HEARTBEAT.md, the workspace the other projections use.
      if (heartbeat !== undefined && projectOptions.dryRun !== true) {
        await after.writeTaskFiles(dirname(heartbeat));
      }
      return report;
    },

    migrate: (files, migrateOptions) => migrate(context, files, migrateOptions),
    poll: (sources) => poll(context, sources),
    listDrift: () => listDrift(context),
  };
}
