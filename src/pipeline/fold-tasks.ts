import {
  applyTaskEvent,
  type DayCounters,
  type Incident,
  isTaskEventType,
  isTerminal,
  type JsonObject,
  TASK_EVENT_TYPES,
} from '../core/index.js';
import { EVENT_TYPES, type LedgerEvent } from '../ledger/index.js';
import type { WriteTx } from '../stores/index.js';
import {
  asJson,
  type OpsConfig,
  type Patch,
  RECALL_USES_KEPT,
  readCounters,
  readIncidents,
  readProposals,
  readRecallUses,
  readTask,
  TASK_KEYS,
  type TaskProposal,
} from '../tasks/index.js';

const OPS_EVENTS: ReadonlySet<string> = new Set([
  EVENT_TYPES.taskProposed,
  EVENT_TYPES.configChanged,
  EVENT_TYPES.patchProposed,
  EVENT_TYPES.patchReviewed,
  EVENT_TYPES.patchRolledBack,
  EVENT_TYPES.recallFeedbackRecorded,
]);

/** Whether `foldTaskEvent` handles this event type. */
export function isTaskOrOpsEvent(type: string): boolean {
  return isTaskEventType(type) || OPS_EVENTS.has(type);
}

async function bump(tx: WriteTx, at: string, change: Partial<DayCounters>): Promise<void> {
  const date = at.slice(0, 10);
  const counters = await readCounters(tx, date);
  const next: Record<string, number> = { ...counters };
  for (const [key, value] of Object.entries(change)) next[key] = (next[key] ?? 0) + (value ?? 0);
  await tx.putMeta(TASK_KEYS.counters(date), asJson(next));
}

async function foldIncident(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload;
  const incident: Incident = {
    incident_id: String(p['incident_id']),
    type: p['type'] as Incident['type'],
    task_id: typeof p['task_id'] === 'string' ? p['task_id'] : null,
    detail: String(p['detail'] ?? p['reason'] ?? ''),
    severity: (p['severity'] as Incident['severity'] | undefined) ?? 'medium',
    actor: String(p['actor'] ?? 'verity'),
    at: event.recordedAt,
  };
  await tx.putMeta(TASK_KEYS.incidents, asJson([...(await readIncidents(tx)), incident]));
}

async function foldTask(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const id = String(event.payload['task_id']);
  const current = await readTask(tx, id);
  const next = applyTaskEvent(current, event.type, event.payload, event.recordedAt);
  // A change that no longer applies was refused when it was appended; replay keeps the view.
  if (!next.ok) return;
  const task = next.value;
  await tx.tasks.putTask(task);
  if (
    event.type === TASK_EVENT_TYPES.escalated &&
    current !== null &&
    task.escalation_level > current.escalation_level &&
    !isTerminal(task.state)
  ) {
    await bump(tx, event.recordedAt, { escalations_triggered: 1 });
  }
}

async function foldPatch(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload;
  if (event.type === EVENT_TYPES.patchProposed) {
    const patch = p['patch'] as unknown as Patch;
    await tx.putMeta(TASK_KEYS.patch(patch.patch_id), asJson(patch));
    const ids = ((await tx.getMeta(TASK_KEYS.patches)) as string[] | null) ?? [];
    if (!ids.includes(patch.patch_id)) {
      await tx.putMeta(TASK_KEYS.patches, [...ids, patch.patch_id]);
    }
    return;
  }
  const id = String(p['patch_id']);
  const patch = (await tx.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
  if (patch === null) return;
  if (event.type === EVENT_TYPES.patchReviewed && patch.status === 'proposed') {
    const approved = p['verdict'] === 'approved';
    await tx.putMeta(
      TASK_KEYS.patch(id),
      asJson({
        ...patch,
        status: approved ? 'applied' : 'rejected',
        reviewed_at: event.recordedAt,
        reviewer: String(p['reviewer'] ?? 'user'),
        review_note: typeof p['note'] === 'string' ? p['note'] : null,
        applied_at: approved ? event.recordedAt : null,
      } satisfies Patch),
    );
  } else if (event.type === EVENT_TYPES.patchRolledBack && patch.status === 'applied') {
    await tx.putMeta(
      TASK_KEYS.patch(id),
      asJson({
        ...patch,
        status: 'rolled_back',
        rolled_back_at: event.recordedAt,
        rollback_reason: String(p['reason'] ?? ''),
      } satisfies Patch),
    );
  }
}

/**
 * Folds task events into the task rows and incident, config, patch and recall-feedback events into
 * their meta views. Pure
 * bookkeeping of what the payload says: everything that depended on the clock (the reconciler's
 * decisions, a patch's metrics) is in the payload, so replay rebuilds the same views.
 */
export async function foldTaskEvent(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p = event.payload;
  if (event.type === TASK_EVENT_TYPES.incident) {
    await foldIncident(tx, event);
    if (typeof p['task_id'] === 'string' && (await readTask(tx, p['task_id'])) !== null) {
      await foldTask(tx, event);
    }
    return;
  }
  if (isTaskEventType(event.type)) {
    await foldTask(tx, event);
    if (event.type === TASK_EVENT_TYPES.created && typeof p['proposal_id'] === 'string') {
      const proposals = await readProposals(tx);
      await tx.putMeta(
        TASK_KEYS.proposals,
        asJson(
          proposals.map((proposal) =>
            proposal.proposal_id === p['proposal_id'] && proposal.status === 'open'
              ? { ...proposal, status: 'accepted', task_id: String(p['task_id']) }
              : proposal,
          ),
        ),
      );
    }
    return;
  }
  switch (event.type) {
    case EVENT_TYPES.configChanged: {
      const config = ((await tx.getMeta(TASK_KEYS.config)) as unknown as OpsConfig | null) ?? {};
      await tx.putMeta(
        TASK_KEYS.config,
        asJson({ ...config, [String(p['key'])]: p['value'] as JsonObject[string] }),
      );
      return;
    }
    case EVENT_TYPES.taskProposed: {
      const proposals = await readProposals(tx);
      const proposal: TaskProposal = {
        proposal_id: String(p['proposal_id']),
        entity_id: String(p['entity_id'] ?? 'user:primary'),
        title: String(p['title']),
        fields: (p['fields'] as unknown as TaskProposal['fields'] | undefined) ?? {},
        provenance: p['provenance'] as unknown as TaskProposal['provenance'],
        doubts: (p['doubts'] as string[] | undefined) ?? [],
        status: 'open',
        task_id: null,
        at: event.recordedAt,
      };
      if (!proposals.some((x) => x.proposal_id === proposal.proposal_id)) {
        await tx.putMeta(TASK_KEYS.proposals, asJson([...proposals, proposal]));
      }
      return;
    }
    case EVENT_TYPES.recallFeedbackRecorded: {
      await bump(tx, event.recordedAt, {
        recall_pack_items_used: Number(p['items_used'] ?? 0),
        recall_pack_items_referenced: Number(p['items_referenced'] ?? 0),
      });
      const used = Array.isArray(p['used_items']) ? (p['used_items'] as JsonObject[]) : [];
      if (used.length > 0) {
        const uses = [
          ...(await readRecallUses(tx)),
          ...used.map((item) => ({
            pack_id: String(p['pack_id'] ?? ''),
            at: event.recordedAt,
            uid: String(item['uid']),
            thread_id: String(item['thread_id']),
          })),
        ].slice(-RECALL_USES_KEPT);
        await tx.putMeta(TASK_KEYS.recallUses, asJson(uses));
      }
      return;
    }
    default:
      await foldPatch(tx, event);
  }
}
