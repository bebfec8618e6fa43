// MEMORY.md proposals: listing, resolving (approve, reject, edit), expiry and REVIEW.md ticks.
import { EngineError, type JsonObject, toIso } from '../../core/index.js';
import { findSecrets } from '../../language/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  checkedProposals,
  dueForExpiry,
  isFrictionFixStaged,
  MEMORY_SECTIONS,
  memoryIdOf,
  PROPOSAL_EXPIRY_MS,
  type Proposal,
  type ProposalDraft,
  type ProposalResolvedPayload,
  readFriction,
  readMemory,
  readProposals,
} from '../../observer/index.js';
import { readTextFile } from '../../vault/index.js';
import { writeMemory, writeReview } from './files.js';
import { nextProposalIds, notFound, type ObserverRuntime, toDecidedView } from './runtime.js';
import type { ProposalView } from './types.js';

/**
 * Refuses a proposal text holding a secret's value (issue #13): MEMORY.md is read into every
 * agent's context, so neither the reflector nor a reviewer's edit may put a PIN or a key there.
 * The error names the kind of secret, never its value.
 */
function refuseSecret(proposalId: string, text: string): void {
  const secret = findSecrets(text)[0];
  if (secret === undefined) return;
  throw new EngineError(
    'VALIDATION_FAILED',
    `proposal ${proposalId} holds a secret (${secret.kind.replace(/_/g, ' ')}); Verity never writes secrets into MEMORY.md: reject it, or edit the value out first`,
    { proposal_id: proposalId, secret_kind: secret.kind },
  );
}

/** Records the expiry of proposals unreviewed for seven days; returns their ids. */
export async function expireProposals(rt: ObserverRuntime): Promise<string[]> {
  const due = dueForExpiry(await readProposals(rt.store), rt.clock.now());
  for (const p of due) {
    await rt.record(EVENT_TYPES.proposalResolved, {
      proposal_id: p.proposal_id,
      action: 'expired',
      reason: 'unreviewed for 7 days',
    } satisfies ProposalResolvedPayload as unknown as JsonObject);
  }
  return due.map((p) => p.proposal_id);
}

/** Expires due proposals and rewrites REVIEW.md when any expired. */
export async function expireAndReview(rt: ObserverRuntime): Promise<readonly string[]> {
  const expired = await expireProposals(rt);
  if (expired.length > 0) await writeReview(rt);
  return expired;
}

/**
 * Proposals with the given status (default pending), as surfaces list them, as of now: one
 * unreviewed for seven days is listed as expired (since the moment it became due) though its
 * expiry is not yet recorded. A list is a read and writes nothing: the expiry is recorded, and
 * REVIEW.md rewritten, by the daily job, `verity proposals expire`, and every resolve or sync
 * (which expire first, so a late tick approves nothing).
 */
export async function listProposals(
  rt: ObserverRuntime,
  status: Proposal['status'] | 'all' = 'pending',
): Promise<readonly ProposalView[]> {
  const proposals = await readProposals(rt.store);
  const due = new Set(dueForExpiry(proposals, rt.clock.now()).map((p) => p.proposal_id));
  const listed = proposals
    .map((p): Proposal => {
      if (!due.has(p.proposal_id)) return p;
      const at = toIso(Date.parse(p.staged_at) + PROPOSAL_EXPIRY_MS);
      return { ...p, status: 'expired', resolved_at: at };
    })
    .filter((p) => status === 'all' || p.status === status);
  return Promise.all(listed.map((p) => toDecidedView(rt, p)));
}

/**
 * Stages a friction fix of REVIEW.md as a MEMORY.md proposal (section Patterns, from the fix's
 * observations, which takes the fix off the list) and returns the proposal's id.
 */
async function stageFrictionFix(rt: ObserverRuntime, fixId: string): Promise<string> {
  const fix = (await readFriction(rt.store)).find((f) => f.fix_id === fixId);
  if (fix === undefined) throw notFound('friction fix', fixId);
  const sources = fix.observation_ids ?? [];
  if (sources.length === 0) {
    throw new EngineError(
      'CONFLICT',
      `friction fix ${fixId} predates resolvable fixes; run \`verity friction\` again`,
      { proposal_id: fixId },
    );
  }
  const proposals = await readProposals(rt.store);
  if (isFrictionFixStaged(fix, proposals)) {
    throw new EngineError('CONFLICT', `friction fix ${fixId} was already resolved`, {
      proposal_id: fixId,
    });
  }
  const [proposalId = ''] = nextProposalIds(proposals, rt.clock.now());
  const draft: ProposalDraft = {
    proposal_id: proposalId,
    kind: 'update',
    section: 'Patterns',
    text: fix.text,
    type: 'insight',
    memory_priority: 'P1',
    source_observation_ids: sources,
    retire_memory_ids: [],
  };
  await rt.record(EVENT_TYPES.proposalStaged, draft as unknown as JsonObject);
  return draft.proposal_id;
}

/**
 * Approves, rejects or edits a pending proposal (after recording the expiry of any that are due);
 * an approval rewrites MEMORY.md and links the memory. A friction fix id (`f-…`) is first staged
 * as a proposal, which is then resolved the same way.
 */
export async function resolveProposal(
  rt: ObserverRuntime,
  id: string,
  action: 'approve' | 'reject' | 'edit',
  edit: {
    readonly text?: string;
    readonly section?: string;
    readonly reason?: string;
    readonly decidedBy?: string;
  } = {},
): Promise<ProposalView> {
  // Expiry is recorded first, so a proposal unreviewed for seven days cannot be approved late.
  await expireAndReview(rt);
  const proposalId = id.startsWith('f-') ? await stageFrictionFix(rt, id) : id;
  const proposal = (await readProposals(rt.store)).find((p) => p.proposal_id === proposalId);
  if (proposal === undefined) throw notFound('proposal', proposalId);
  if (proposal.status !== 'pending') {
    throw new EngineError('CONFLICT', `proposal ${proposalId} is already ${proposal.status}`, {
      proposal_id: proposalId,
    });
  }
  if (action === 'edit') {
    const text = edit.text?.trim();
    const section = edit.section;
    if ((text === undefined || text === '') && section === undefined) {
      throw new EngineError('VALIDATION_FAILED', 'edit needs a text or a section', {
        proposal_id: proposalId,
      });
    }
    if (text !== undefined) refuseSecret(proposalId, text);
    if (section !== undefined && !(MEMORY_SECTIONS as readonly string[]).includes(section)) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `section must be one of ${MEMORY_SECTIONS.join(', ')}`,
        { parameter: 'section' },
      );
    }
    await rt.record(EVENT_TYPES.proposalResolved, {
      proposal_id: proposalId,
      action: 'edited',
      ...(text === undefined || text === '' ? {} : { text }),
      ...(section === undefined ? {} : { section }),
      // Two identical edits are one event; the nonce keeps a later re-edit distinct.
      at: toIso(rt.clock.now()),
    });
  } else {
    if (action === 'approve') refuseSecret(proposalId, proposal.text);
    await rt.record(EVENT_TYPES.proposalResolved, {
      proposal_id: proposalId,
      action: action === 'approve' ? 'approved' : 'rejected',
      ...(edit.reason === undefined ? {} : { reason: edit.reason }),
      ...(edit.decidedBy === undefined ? {} : { decided_by: edit.decidedBy }),
    });
    if (action === 'approve') {
      await writeMemory(rt);
      await linkApproved(rt, proposal);
    }
  }
  await writeReview(rt);
  const after = (await readProposals(rt.store)).find((p) => p.proposal_id === proposalId);
  if (after === undefined) throw notFound('proposal', proposalId);
  return toDecidedView(rt, after);
}

/** Keeps the vault's memories in step with an approved proposal. */
export async function linkApproved(rt: ObserverRuntime, proposal: Proposal): Promise<void> {
  const link = rt.memories;
  if (link === undefined) return;
  if (proposal.kind === 'consolidation') {
    for (const id of proposal.retire_memory_ids) {
      await link.retired(id, `consolidated by ${proposal.proposal_id}`);
    }
    return;
  }
  const entry = (await readMemory(rt.store)).find(
    (m) => m.memory_id === memoryIdOf(proposal.proposal_id),
  );
  if (entry !== undefined) await link.promoted({ memoryId: entry.memory_id, text: entry.text });
}

/**
 * Approves the proposals and friction fixes ticked in REVIEW.md, recording first any edit made to
 * a proposal's line.
 */
export async function syncReview(rt: ObserverRuntime): Promise<readonly string[]> {
  const text = await readTextFile(rt.reviewPath);
  if (text === null) return [];
  await expireAndReview(rt);
  const pending = new Map(
    (await readProposals(rt.store))
      .filter((p) => p.status === 'pending')
      .map((p) => [p.proposal_id, p] as const),
  );
  const approved: string[] = [];
  const all = await readProposals(rt.store);
  const friction = (await readFriction(rt.store)).filter((f) => !isFrictionFixStaged(f, all));
  for (const checked of checkedProposals(text)) {
    if (friction.some((f) => f.fix_id === checked.proposal_id)) {
      await resolveProposal(rt, checked.proposal_id, 'approve');
      approved.push(checked.proposal_id);
      continue;
    }
    const proposal = pending.get(checked.proposal_id);
    if (proposal === undefined) continue;
    // The seed lets a reviewer edit the line before ticking it: the edit is recorded first.
    if (checked.text !== '' && checked.text !== proposal.text) {
      await resolveProposal(rt, checked.proposal_id, 'edit', { text: checked.text });
    }
    await resolveProposal(rt, checked.proposal_id, 'approve');
    approved.push(checked.proposal_id);
  }
  return approved;
}
