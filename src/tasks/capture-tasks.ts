import type { JsonObject, TaskFields, TaskProvenance } from '../core/index.js';
import type { StoreReader } from '../stores/index.js';
import { type Commitment, commitmentFromAction, detectCommitments } from './detect-commitments.js';
import { draftAddTask, type TaskEventDraft } from './task-commands.js';
import { readProposals, readTasks } from './task-views.js';

/** Where a commitment may be found: a message, or an action item the item extractor kept. */
export type CaptureSource =
  | {
      readonly kind: 'message';
      readonly thread_id: string;
      readonly message_id: string;
      readonly role: 'user' | 'assistant' | 'system';
      readonly content: string;
      readonly created_at: string;
      readonly entity_id: string;
    }
  | {
      readonly kind: 'action_item';
      readonly thread_id: string;
      readonly uid: string;
      readonly text: string;
      readonly created_at: string;
      readonly entity_id: string;
    };

/** What a capture pass found. */
export interface CaptureReport {
  readonly created: readonly {
    readonly task_id: string;
    readonly title: string;
    readonly ref: string;
  }[];
  readonly proposed: readonly {
    readonly proposal_id: string;
    readonly title: string;
    readonly ref: string;
    readonly doubts: readonly string[];
  }[];
  /** Every entry in draft order (one draft each); empty once filtered by `keepAppended`. */
  readonly order: readonly (
    | { readonly kind: 'created'; readonly value: CaptureReport['created'][number] }
    | { readonly kind: 'proposed'; readonly value: CaptureReport['proposed'][number] }
  )[];
}

interface Found {
  readonly commitment: Commitment;
  readonly provenance: TaskProvenance;
  readonly entity_id: string;
}

function findIn(source: CaptureSource): Found[] {
  if (source.kind === 'message') {
    const ref = `thread:${source.thread_id}:msg:${source.message_id}`;
    return detectCommitments(source.content, source.role, source.created_at).map((commitment) => ({
      commitment,
      provenance: { source: 'message', ref, quote: commitment.quote },
      entity_id: source.entity_id,
    }));
  }
  const commitment = commitmentFromAction(source.text, source.created_at);
  return commitment === null
    ? []
    : [
        {
          commitment,
          provenance: {
            source: 'state_item',
            ref: `item:${source.thread_id}:${source.uid}`,
            quote: source.text,
          },
          entity_id: source.entity_id,
        },
      ];
}

/** Keeps the report entries whose draft was appended (`appended` is per draft, in order). */
export function keepAppended(report: CaptureReport, appended: readonly boolean[]): CaptureReport {
  let index = 0;
  const created: CaptureReport['created'][number][] = [];
  const proposed: CaptureReport['proposed'][number][] = [];
  for (const entry of report.order) {
    const fresh = appended[index] === true;
    index += 1;
    if (!fresh) continue;
    if (entry.kind === 'created') created.push(entry.value);
    else proposed.push(entry.value);
  }
  return { created, proposed, order: [] };
}

/**
 * The trace a deadline the words leave open keeps on its task: the date taken (the nearer
 * reading, see `detectCommitments`) and the other one, so the user can see and change it.
 */
function alternativeDue(due: string | null, alternative: string): string {
  return `Deadline read as ${due?.slice(0, 10) ?? 'none'} (the nearer reading); the words may also mean ${alternative.slice(0, 10)}.`;
}

/**
 * Drafts tasks from commitments in `sources`: a strong one becomes a CAPTURED task (with its
 * deadline and owner, and where it was said as provenance); a weak one only a `task.proposed`
 * event. Each carries the dedupe key `capture:<ref>:<hash of title>`, so capturing the same text
 * twice (a re-run, a message and its action item) records it once. Pure but for the reads.
 */
export async function draftCaptures(
  reader: StoreReader,
  sources: readonly CaptureSource[],
  now: number,
  hash: (text: string) => string,
): Promise<{ drafts: TaskEventDraft[]; value: CaptureReport }> {
  const drafts: TaskEventDraft[] = [];
  const created: { task_id: string; title: string; ref: string }[] = [];
  const proposed: { proposal_id: string; title: string; ref: string; doubts: readonly string[] }[] =
    [];
  const order: CaptureReport['order'][number][] = [];
  let taken = 0;
  const found = sources.flatMap(findIn);
  if (found.length === 0) return { drafts, value: { created, proposed, order } };
  // One commitment is often seen twice (the message, and the action item drawn from it): the
  // firm reading wins, and what is already a task or a proposal is not raised again.
  const known = new Set<string>();
  for (const entityId of new Set(found.map((f) => f.entity_id))) {
    for (const task of await readTasks(reader, () => true, { entityId })) {
      known.add(`${task.entity_id}|${task.title.toLowerCase()}`);
    }
  }
  for (const p of await readProposals(reader)) known.add(`${p.entity_id}|${p.title.toLowerCase()}`);
  const strong = new Set(
    found
      .filter((f) => f.commitment.strength === 'strong')
      .map((f) => `${f.entity_id}|${f.commitment.title.toLowerCase()}`),
  );
  const seen = new Set<string>();
  for (const { commitment, provenance, entity_id } of found) {
    const name = `${entity_id}|${commitment.title.toLowerCase()}`;
    if (known.has(name) || seen.has(name)) continue;
    if (commitment.strength === 'weak' && strong.has(name)) continue;
    seen.add(name);
    {
      const key = hash(name).slice(0, 16);
      const dedupeKey = `capture:${commitment.strength === 'strong' ? 'task' : 'proposal'}:${key}`;
      const fields: TaskFields = {
        ...(commitment.due === null ? {} : { due: commitment.due }),
        ...(commitment.dueAlternative === null
          ? {}
          : { description: alternativeDue(commitment.due, commitment.dueAlternative) }),
        owner: commitment.owner,
      };
      if (commitment.strength === 'strong') {
        const made = await draftAddTask(
          reader,
          {
            title: commitment.title,
            entity_id,
            fields,
            provenance,
            actor: 'capture',
            reason: `commitment in ${provenance.ref}`,
          },
          now,
          taken,
        );
        taken += 1;
        drafts.push(...made.drafts.map((d) => ({ ...d, dedupeKey })));
        const entry = { task_id: made.value.id, title: commitment.title, ref: provenance.ref };
        created.push(entry);
        order.push({ kind: 'created', value: entry });
      } else {
        const proposalId = `PROP-${key.slice(0, 12)}`;
        drafts.push({
          type: 'task.proposed',
          payload: {
            proposal_id: proposalId,
            entity_id,
            title: commitment.title,
            fields: fields as unknown as JsonObject,
            provenance: provenance as unknown as JsonObject,
            doubts: [...commitment.doubts],
            actor: 'capture',
          },
          entityId: entity_id,
          dedupeKey,
        });
        const entry = {
          proposal_id: proposalId,
          title: commitment.title,
          ref: provenance.ref,
          doubts: commitment.doubts,
        };
        proposed.push(entry);
        order.push({ kind: 'proposed', value: entry });
      }
    }
  }
  return { drafts, value: { created, proposed, order } };
}
