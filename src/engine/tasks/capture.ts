// Capturing commitments from conversations as tasks or proposals.

import { EngineError, sha256Hex, type Task } from '../../core/index.js';
import type { MessageRecord } from '../../stores/index.js';
import {
  type CaptureReport,
  type CaptureSource,
  draftAddTask,
  draftCaptures,
  keepAppended,
  readProposals,
  type TaskProposal,
} from '../../tasks/index.js';
import type { TasksRuntime } from './runtime.js';
import { single } from './runtime.js';

/** Captures commitments as tasks (strong) or proposals (weak) from messages and action items. */
export async function capture(
  rt: TasksRuntime,
  captureOptions: { readonly thread_id?: string; readonly after_seq?: number } = {},
): Promise<CaptureReport> {
  const threads = new Set<string>();
  const sources: CaptureSource[] = [];
  const pushMessage = (m: MessageRecord) =>
    sources.push({
      kind: 'message',
      thread_id: m.threadId,
      message_id: m.messageId,
      role: m.role,
      content: m.content,
      created_at: m.createdAt,
      entity_id: m.entityId,
    });
  if (captureOptions.thread_id !== undefined) {
    threads.add(captureOptions.thread_id);
    const messages = await rt.store.listMessages({
      threadId: captureOptions.thread_id,
      limit: Number.POSITIVE_INFINITY,
    });
    for (const m of messages) pushMessage(m);
  }
  if (captureOptions.after_seq !== undefined) {
    // Only the messages recorded since `after_seq`: an ingest never rereads a whole thread.
    const last = await rt.store.lastSeq();
    for (let after = captureOptions.after_seq; after < last; ) {
      const batch = await rt.store.readEvents(after, 1000);
      if (batch.length === 0) break;
      for (const event of batch) {
        after = event.seq;
        if (event.type !== 'message.received' || event.redacted) continue;
        const threadId = String(event.payload['thread_id']);
        if (captureOptions.thread_id === threadId) continue;
        const stored = await rt.store.getMessage(threadId, String(event.payload['message_id']));
        if (stored === null) continue;
        threads.add(threadId);
        pushMessage(stored);
      }
    }
  }
  for (const threadId of [...threads].sort()) {
    const items = await rt.store.listStateItems({
      threadId,
      types: ['action'],
      statuses: ['open', 'active', 'blocked'],
    });
    for (const item of items) {
      sources.push({
        kind: 'action_item',
        thread_id: item.threadId,
        uid: item.uid,
        text: item.text,
        created_at: item.createdAt,
        entity_id: item.entityId,
      });
    }
  }
  if (sources.length === 0) return { created: [], proposed: [], order: [] };
  const now = rt.clock.now();
  const recorded = await rt.record((reader) => draftCaptures(reader, sources, now, sha256Hex));
  return keepAppended(recorded.value, recorded.appended);
}

/** Proposed tasks; open ones by default. */
export async function proposals(
  rt: TasksRuntime,
  proposalOptions: { readonly all?: boolean } = {},
): Promise<readonly TaskProposal[]> {
  const all = await readProposals(rt.store);
  return proposalOptions.all === true ? all : all.filter((p) => p.status === 'open');
}

/** Turns a proposal into a CAPTURED task. */
export async function acceptProposal(rt: TasksRuntime, proposalId: string): Promise<Task> {
  const proposal = (await readProposals(rt.store)).find((p) => p.proposal_id === proposalId);
  if (proposal === undefined) {
    throw new EngineError('NOT_FOUND', `no proposal ${proposalId}`, {
      proposal_id: proposalId,
    });
  }
  if (proposal.status !== 'open') {
    throw new EngineError(
      'CONFLICT',
      `${proposalId} was accepted already as ${proposal.task_id ?? '?'}`,
      {
        proposal_id: proposalId,
      },
    );
  }
  return single(rt, async (now) => {
    const made = await draftAddTask(
      rt.store,
      {
        title: proposal.title,
        entity_id: proposal.entity_id,
        fields: proposal.fields,
        provenance: proposal.provenance,
        reason: `accepted proposal ${proposalId}`,
      },
      now,
    );
    return {
      drafts: made.drafts.map((d) => ({
        ...d,
        payload: { ...d.payload, proposal_id: proposalId },
      })),
      value: made.value,
    };
  });
}
