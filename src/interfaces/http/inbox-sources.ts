import { EngineError } from '../../core/index.js';
import type { InboxItem, InboxSource } from './inbox.js';

/** Entity id of items that belong to no entity; kept equal to `GLOBAL_ENTITY` in `inbox.ts`. */
const GLOBAL = 'global:verity';

/**
 * Pending memory proposals of the observer (#13). A proposal belongs to no entity, so only a token
 * without an entity allow-list sees or answers it. `edit` approves with replacement text.
 */
export const proposalSource: InboxSource = {
  kind: 'memory_proposal',
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
  async answer(engine, id, action, value) {
    if (action !== 'approve' && action !== 'reject' && action !== 'edit') {
      throw new EngineError('VALIDATION_FAILED', 'action must be approve, reject or edit', {
        field: 'action',
      });
    }
    if ((action === 'edit') !== (value !== undefined)) {
      throw new EngineError(
        'VALIDATION_FAILED',
        'edited_value is required with action "edit" and only allowed there',
        { field: 'edited_value' },
      );
    }
    return await engine.observer.resolveProposal(
      id,
      action,
      value === undefined ? {} : { text: value },
    );
  },
};
