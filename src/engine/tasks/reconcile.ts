// The reconciler pass and the durable schedule `verity serve` runs.

import { sha256Hex } from '../../core/index.js';
import { type JobSchedule, scheduleJobs, withinHours } from '../../jobs/index.js';
import {
  combineNotifiers,
  type Notifier,
  type ReconcileReport,
  runReconciler,
} from '../../tasks/index.js';
import { createDeliveriesCapability } from '../deliveries-capability.js';
import { improve } from './patches.js';
import type { TasksRuntime } from './runtime.js';
import type { TaskScheduleOptions } from './types.js';
import { TASK_QUEUES } from './types.js';

/** One reconciler pass at the engine's clock (or `now`). */
export async function reconcile(
  rt: TasksRuntime,
  reconcileOptions?: { readonly now?: number; readonly notifier?: Notifier },
): Promise<ReconcileReport> {
  const report = await runReconciler(
    {
      record: rt.record,
      notifier:
        reconcileOptions?.notifier === undefined
          ? rt.notifier
          : combineNotifiers([rt.notifier, reconcileOptions.notifier]),
      hash: sha256Hex,
      reader: rt.store,
      deliveries: createDeliveriesCapability(rt),
    },
    reconcileOptions?.now ?? rt.clock.now(),
  );
  await rt.afterReconcile?.();
  return report;
}

/** Starts the durable reconciler and improvement schedule. */
export async function startSchedule(
  rt: TasksRuntime,
  scheduleOptions: TaskScheduleOptions = {},
): Promise<JobSchedule> {
  const [first, last] = scheduleOptions.reconcile_hours ?? [8, 22];
  const runReconcile = async () => {
    await reconcile(rt);
  };
  const runImprove = async () => {
    await improve(rt);
  };
  return scheduleJobs({
    queue: await rt.jobs(),
    jobs: [
      {
        queue: TASK_QUEUES.reconcile,
        pattern: withinHours(30, first, last),
        handler: runReconcile,
      },
      {
        queue: TASK_QUEUES.improve,
        pattern: `0 ${scheduleOptions.improve_hour ?? 4} * * *`,
        handler: runImprove,
      },
    ],
    ...(scheduleOptions.onError === undefined ? {} : { onError: scheduleOptions.onError }),
  });
}
