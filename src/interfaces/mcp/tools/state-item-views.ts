import { z } from 'zod';
import type { Engine, StateItemList, StateItemView } from '../../../engine/index.js';

const ITEM_TYPES = ['decision', 'constraint', 'action', 'question', 'risk'] as const;
const ITEM_STATUSES = ['active', 'open', 'blocked', 'done', 'answered', 'superseded'] as const;

/** A state item (decision, constraint, action, question, risk) in its wire form. */
export const stateItem = z.object({
  uid: z.string(),
  thread_id: z.string(),
  entity_id: z.string(),
  type: z.enum(ITEM_TYPES),
  status: z.enum(ITEM_STATUSES),
  text: z.string(),
  topic_tags: z.array(z.string()),
  refs: z.array(z.string()),
  confidence: z.enum(['low', 'medium', 'high']),
  conflict: z.boolean(),
  pinned: z.boolean(),
  replaced_by: z.string().nullable(),
  supersession_evidence: z
    .object({
      trigger: z.string().nullable(),
      ref_message_id: z.string(),
      candidate_uid: z.string(),
      basis: z.string(),
      score: z.number().nullable(),
    })
    .nullable(),
  source: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  updated_at: z.string(),
});

/**
 * The state items of the call's entity, in its thread when it names one: every tool reads items
 * within the entity, so another entity's items stay invisible.
 */
export function itemsInScope(
  engine: Engine,
  args: { readonly entity_id: string; readonly thread_id?: string | undefined },
  status: 'open' | 'all',
): Promise<StateItemList> {
  return engine.listStateItems({
    entityId: args.entity_id,
    ...(args.thread_id === undefined ? {} : { threadId: args.thread_id }),
    status,
  });
}

/** One line for people describing a state item. */
export function itemLine(view: StateItemView): string {
  const replaced = view.replaced_by === null ? '' : ` -> ${view.replaced_by}`;
  return `[${view.uid}] ${view.type.toUpperCase()} (${view.status}${replaced}) ${view.thread_id}: ${view.text}`;
}
