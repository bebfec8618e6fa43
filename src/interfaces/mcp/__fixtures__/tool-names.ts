/**
 * Every MCP tool Verity must serve, sorted: written out (not derived from \`MCP_TOOLS\`) so that a
 * tool that disappears or appears unannounced fails the tests that list the tools.
 */
export const TOOL_NAMES: readonly string[] = [
  'acknowledge_task',
  'add_task',
  'ask_memory',
  'capture_session',
  'expand_state_item',
  'explain_state',
  'forget_memory',
  'get_context',
  'get_state',
  'list_pending_reviews',
  'list_prediction_errors',
  'list_proposals',
  'list_state_items',
  'list_tasks',
  'log_incident',
  'move_task',
  'reconcile_tasks',
  'record_memory',
  'record_memory_signal',
  'record_messages',
  'record_observation',
  'resolve_item_conflict',
  'resolve_proposal',
  'resolve_review',
  'resolve_task_review',
  'search_memory',
  'update_memory',
];
