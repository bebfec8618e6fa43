import { acknowledgeTask } from './acknowledge-task.js';
import { addTask } from './add-task.js';
import { askMemory } from './ask-memory.js';
import { captureSession } from './capture-session.js';
import type { McpTool } from './define-tool.js';
import { expandStateItem } from './expand-state-item.js';
import { explainState } from './explain-state.js';
import { forgetMemory } from './forget-memory.js';
import { forgetMessage } from './forget-message.js';
import { getContext } from './get-context.js';
import { getState } from './get-state.js';
import { listPendingReviews } from './list-pending-reviews.js';
import { listPredictionErrors } from './list-prediction-errors.js';
import { listProposals } from './list-proposals.js';
import { listStateItems } from './list-state-items.js';
import { listTasks } from './list-tasks.js';
import { logIncident } from './log-incident.js';
import { moveTask } from './move-task.js';
import { reconcileTasks } from './reconcile-tasks.js';
import { recordMemory } from './record-memory.js';
import { recordMemorySignal } from './record-memory-signal.js';
import { recordMessages } from './record-messages.js';
import { recordObservation } from './record-observation.js';
import { reflectMemory } from './reflect-memory.js';
import { resolveItemConflict } from './resolve-item-conflict.js';
import { resolveProposal } from './resolve-proposal.js';
import { resolveReview } from './resolve-review.js';
import { resolveTaskReview } from './resolve-task-review.js';
import { retireMemory } from './retire-memory.js';
import { searchMemory } from './search-memory.js';
import { updateMemory } from './update-memory.js';

/**
 * Every MCP tool Verity serves, in the order `tools/list` shows them. A new tool is one file in
 * this folder and one line here; its scope and annotations come with it.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  recordObservation,
  getState,
  explainState,
  listPendingReviews,
  resolveReview,
  searchMemory,
  listStateItems,
  expandStateItem,
  resolveItemConflict,
  listTasks,
  addTask,
  moveTask,
  acknowledgeTask,
  reconcileTasks,
  logIncident,
  resolveTaskReview,
  getContext,
  recordMemory,
  updateMemory,
  forgetMemory,
  forgetMessage,
  recordMemorySignal,
  listPredictionErrors,
  captureSession,
  listProposals,
  resolveProposal,
  reflectMemory,
  retireMemory,
  askMemory,
  recordMessages,
];
