import { EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import type { InboxItem, InboxSource } from './inbox.js';

/** Entity id of items that belong to no entity; kept equal to `GLOBAL_ENTITY` in `inbox.ts`. */
const GLOBAL = 'global:verity';

/**
 * `action` as one of `actions`, checked with `edited_value`: the `edit` action needs one and no
 * other action takes one. Throws VALIDATION_FAILED naming the field at fault.
 */
export function checkedEditAction<A extends string>(
  actions: readonly A[],
  action: string,
  value: string | undefined,
): A {
  const known = actions.find((candidate) => candidate === action);
  if (known === undefined) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `action must be ${actions.slice(0, -1).join(', ')} or ${actions.at(-1)}`,
      { field: 'action' },
    );
  }
  if ((known === 'edit') !== (value !== undefined)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'edited_value is required with action "edit" and only allowed there',
      { field: 'edited_value' },
    );
  }
  return known;
}

/**
 * Pending memory proposals of the observer (#13). A proposal belongs to no entity, so only a token
 * without an entity allow-list sees or answers it. `edit` approves with replacement text.
 */
export const proposalSource: InboxSource = {
  kind: 'memory_proposal',
  audience: 'reviewer',
  async list(engine) {
    const proposals = await engine.observer.listProposals('pending');
    return proposals.map(
      (p): InboxItem => ({
        kind: 'memory_proposal',
        id: p.proposal_id,
        entity_id: GLOBAL,
        title: `${p.kind === 'consolidation' ? 'consolidate' : 'remember'} in ${p.section}: ${p.text}`,
        detail: [
          `${p.type}, ${p.memory_priority}`,
          ...(p.expires_at === null ? [] : [`expires ${p.expires_at}`]),
          ...(p.retire_memory_ids.length === 0
            ? []
            : [`retires ${p.retire_memory_ids.join(', ')}`]),
        ],
        created_at: p.staged_at,
        actions: ['approve', 'reject', 'edit'],
        edit_action: 'edit',
        link: null,
      }),
    );
  },
  async entityOf(engine, id) {
    const all = await engine.observer.listProposals('all');
    return all.some((p) => p.proposal_id === id) ? GLOBAL : null;
  },
  async answer(engine, id, action, value, by) {
    return await engine.observer.resolveProposal(
      id,
      checkedEditAction(['approve', 'reject', 'edit'] as const, action, value),
      {
        ...(value === undefined ? {} : { text: value }),
        ...(by === undefined ? {} : { decidedBy: by.actor }),
      },
    );
  },
};

/**
 * Open drift rows of the notes vault (#14) that name a memory: the memory may no longer say what
 * its notes say. `update` revises the memory with the edited text (which resolves its rows);
 * `forget` deletes it (which deletes them). Rows without a memory (low overlap) have no answer
 * and stay out of the inbox.
 */
export const driftSource: InboxSource = {
  kind: 'memory_drift',
  audience: 'reviewer',
  async list(engine) {
    const rows = await engine.vault.listPredictionErrors({ unresolved: true });
    return rows
      .filter((row) => row.memory_id !== null)
      .map(
        (row): InboxItem => ({
          kind: 'memory_drift',
          id: row.error_id,
          entity_id: GLOBAL,
          title: `${row.error_type.replaceAll('_', ' ')}: ${row.memory_text ?? row.memory_id}`,
          detail: [
            ...(row.note_path === null ? [] : [`note ${row.note_path}`]),
            ...(row.detail === null ? [] : [row.detail]),
            ...(row.passage_now === null ? [] : [`now: ${row.passage_now}`]),
          ],
          created_at: row.detected_at,
          actions: ['update', 'forget'],
          edit_action: 'update',
          link: null,
        }),
      );
  },
  async entityOf(engine, id) {
    const rows = await engine.vault.listPredictionErrors({});
    return rows.some((row) => row.error_id === id) ? GLOBAL : null;
  },
  async answer(engine, id, action, value) {
    const row = (await engine.vault.listPredictionErrors({ unresolved: true })).find(
      (r) => r.error_id === id,
    );
    if (row?.memory_id == null) {
      throw new EngineError('NOT_FOUND', `no open drift row ${id} on a memory`, { id });
    }
    if (action === 'forget' && value === undefined) {
      return await engine.vault.forgetMemory(row.memory_id);
    }
    if (action === 'update' && value !== undefined && value.trim() !== '') {
      return await engine.vault.updateMemory(row.memory_id, { text: value });
    }
    throw new EngineError(
      'VALIDATION_FAILED',
      'action must be update (with edited_value, the revised memory) or forget',
      { field: 'action' },
    );
  },
};

/**
 * Open tasks whose escalation nobody has acknowledged yet (#15). `acknowledge` stops the alert
 * repeating (the escalation itself stays, as the task state machine defines).
 */
export const escalationSource: InboxSource = {
  kind: 'task_escalation',
  audience: 'reviewer',
  async list(engine) {
    const tasks = await engine.tasks.list({ state: 'open' });
    return tasks
      .filter((task) => task.escalation_level > 0 && task.acknowledged_at === null)
      .map(
        (task): InboxItem => ({
          kind: 'task_escalation',
          id: task.id,
          entity_id: task.entity_id,
          title: `${task.id} escalated (level ${task.escalation_level}): ${task.title}`,
          detail: [
            `state ${task.state}${task.priority === null ? '' : `, ${task.priority}`}`,
            ...(task.due === null ? [] : [`due ${task.due}`]),
            ...(task.next_action === null ? [] : [`next: ${task.next_action}`]),
          ],
          created_at: task.escalated_at ?? task.updated_at,
          actions: ['acknowledge'],
          edit_action: null,
          link: null,
        }),
      );
  },
  async entityOf(engine, id) {
    const all = await engine.tasks.list({ state: 'all' });
    return all.find((task) => task.id === id)?.entity_id ?? null;
  },
  async answer(engine, id, action, value, by) {
    if (action !== 'acknowledge' || value !== undefined) {
      throw new EngineError('VALIDATION_FAILED', 'action must be acknowledge (no edited_value)', {
        field: 'action',
      });
    }
    return await engine.tasks.acknowledge(id, {
      reason: 'acknowledged in the inbox',
      ...(by === undefined ? {} : { actor: by.actor }),
    });
  },
};

type ItemRow = Awaited<ReturnType<Engine['listStateItems']>>['items'][number];

const KEEP_ACTIONS = ['keep_first', 'keep_second', 'keep_both'] as const;
const LONE_ACTIONS = ['not_a_conflict'] as const;

/** `<uid>[+<uid>]@<thread_id>`: uids never contain `+` or `@`, thread ids may. */
function conflictId(uids: readonly string[], threadId: string): string {
  return `${uids.join('+')}@${threadId}`;
}

function parseConflictId(id: string): { uids: string[]; threadId: string } {
  const at = id.indexOf('@');
  if (at < 1) throw new EngineError('NOT_FOUND', `no item conflict ${id}`, { id });
  return { uids: id.slice(0, at).split('+'), threadId: id.slice(at + 1) };
}

function conflictRow(items: readonly ItemRow[], others: readonly ItemRow[]): InboxItem {
  const [first, second] = items;
  if (first === undefined) throw new Error('a conflict row needs an item');
  const label = (name: string, item: ItemRow) => `${name}: ${item.text} (${item.uid})`;
  return {
    kind: 'item_conflict',
    id: conflictId(
      items.map((item) => item.uid),
      first.thread_id,
    ),
    entity_id: first.entity_id,
    title:
      second === undefined
        ? `${first.type} flagged as conflicting in ${first.thread_id}: ${first.text}`
        : `${first.type}s in conflict in ${first.thread_id}: ${first.text} / ${second.text}`,
    detail: [
      label('first', first),
      ...(second === undefined ? [] : [label('second', second)]),
      ...others.map((item) => `also flagged: ${item.text} (${item.uid})`),
    ],
    created_at: items.map((item) => item.updated_at).sort()[items.length - 1] ?? first.updated_at,
    actions: second === undefined ? [...LONE_ACTIONS] : [...KEEP_ACTIONS],
    edit_action: null,
    link: `#/thread/${encodeURIComponent(first.thread_id)}`,
  };
}

/**
 * Open state items flagged as conflicting (#16). Reconciliation flags both sides of a conflict
 * but records no pairing, so the rows pair only what is unambiguous: exactly two flagged items of
 * one type in one thread make one question (keep the first, the second, or both); any other
 * count shows each item alone (the flag is wrong: `not_a_conflict`), naming the others. A note
 * may come as `edited_value`.
 */
export const itemConflictSource: InboxSource = {
  kind: 'item_conflict',
  audience: 'reviewer',
  async list(engine) {
    const { items } = await engine.listStateItems({ status: 'open' });
    const groups = new Map<string, ItemRow[]>();
    for (const item of items.filter((row) => row.conflict)) {
      const key = `${item.thread_id}\u0000${item.type}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    const rows: InboxItem[] = [];
    for (const group of groups.values()) {
      group.sort(
        (a, b) => a.last_seen_at.localeCompare(b.last_seen_at) || a.uid.localeCompare(b.uid),
      );
      if (group.length === 2) rows.push(conflictRow(group, []));
      else
        for (const item of group)
          rows.push(
            conflictRow(
              [item],
              group.filter((o) => o !== item),
            ),
          );
    }
    return rows;
  },
  async entityOf(engine, id) {
    const { uids, threadId } = parseConflictId(id);
    const { items } = await engine.listStateItems({ threadId, status: 'all' });
    return items.find((item) => item.uid === uids[0])?.entity_id ?? null;
  },
  async answer(engine, id, action, value) {
    const { uids, threadId } = parseConflictId(id);
    const [first, second] = uids;
    const choices = new Map(
      uids.length === 2
        ? [
            ['keep_first', first],
            ['keep_second', second],
            ['keep_both', 'both'],
          ]
        : [['not_a_conflict', first]],
    );
    const keep = choices.get(action);
    if (keep === undefined) {
      throw new EngineError(
        'VALIDATION_FAILED',
        uids.length === 2
          ? 'action must be keep_first, keep_second or keep_both'
          : 'action must be not_a_conflict',
        { field: 'action' },
      );
    }
    return await engine.resolveItemConflict({
      uids,
      keep,
      threadId,
      ...(value === undefined ? {} : { note: value }),
    });
  },
};
