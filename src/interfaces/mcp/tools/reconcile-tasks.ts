import { z } from 'zod';
import { access } from '../access.js';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

/** `reconcile_tasks`: one reconciler pass now. */
export const reconcileTasks = defineTool({
  name: 'reconcile_tasks',
  title: 'Reconcile tasks',
  description: 'Call to escalate stale and overdue tasks now.',
  input: { entity_id: entityIdInput },
  output: {
    at: z.string(),
    tasks_checked: z.number().int(),
    actions: z.array(
      z.object({ kind: z.string(), task_id: z.string(), reason: z.string() }).loose(),
    ),
    dead_man: z.array(z.string()),
  },
  // The reconciler passes over every entity's tasks, whatever entity_id says.
  ...access('workspace_run'),
  idempotent: true,
  async handler(_args, engine) {
    const report = await engine.tasks.reconcile();
    const text = [
      `reconciled: ${report.tasks_checked} open task(s) due for a look, ${report.actions.length} action(s)`,
      ...report.actions.map((a) => `- ${a.task_id} ${a.kind}: ${a.reason}`),
    ].join('\n');
    return reply(
      {
        at: report.at,
        tasks_checked: report.tasks_checked,
        actions: [...report.actions],
        dead_man: [...report.dead_man],
      },
      text,
    );
  },
});
