import { basename, dirname } from 'node:path';
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
}

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
      const result = await forget(context.deps, target, reason ?? 'forgotten on request');
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
