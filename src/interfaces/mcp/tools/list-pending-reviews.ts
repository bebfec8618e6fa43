import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { describeTaskReviews, patchReviewView, taskReviewView } from './task-review-views.js';
import { describePrompts, entityIdInput, promptView } from './views.js';

const output = {
  entity_id: z.string(),
  prompts: z.array(promptView),
  tasks: z.array(taskReviewView),
  patches: z.array(patchReviewView),
};
/** `list_pending_reviews`: what Verity is waiting for the user to answer. */
export const listPendingReviews = defineTool({
  name: 'list_pending_reviews',
  title: 'Pending reviews',
  description: 'Call at session start: questions Verity needs the user to answer.',
  input: { entity_id: entityIdInput },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    const prompts = await engine.listReviews({ entityId: args.entity_id });
    const items = await engine.tasks.reviewItems();
    const tasks = items.tasks.filter((t) => t.entity_id === args.entity_id);
    return tool.reply(
      { entity_id: args.entity_id, prompts, tasks, patches: items.patches },
      [describePrompts(prompts), ...describeTaskReviews(tasks, items.patches)].join('\n'),
    );
  },
});
