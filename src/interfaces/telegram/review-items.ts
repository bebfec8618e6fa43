import { EngineError } from '../../core/index.js';
import {
  type DeliveryKey,
  type Engine,
  type PromptView,
  type ProposalView,
  taskEscalationDelivery,
} from '../../engine/index.js';

/** A button: its label and the `callback_data` (`<kind>:<verb>:<id>`, at most 64 bytes). */
export interface Button {
  readonly text: string;
  readonly data: string;
}

/** One item waiting for a person, as the bot shows it. */
export interface ReviewItem {
  /** Stable across restarts: `<kind>:<id>`, as logged. */
  readonly key: string;
  /**
   * The store's record of pushing it to a chat. A task's names its escalation, as the Telegram
   * notifier's does: escalated again later, it is a new delivery; sent by either, it is sent.
   */
  delivery(chatId: number): DeliveryKey;
  readonly text: string;
  readonly buttons: readonly Button[];
}

/**
 * The words of the buttons, the one table the bot reads them from: each kind of item a button
 * names (what a message calls it, and the verbs it takes), and each verb (its label on the
 * button, and its past tense in the outcome a message shows).
 */
export const BUTTON_WORDS = {
  kinds: {
    prompt: { noun: 'Review', verbs: ['confirm', 'reject'] },
    proposal: { noun: 'Proposal', verbs: ['approve', 'reject'] },
    task: { noun: 'Task', verbs: ['done', 'ack'] },
  },
  verbs: {
    confirm: { label: '✅ Confirm', past: 'confirmed' },
    reject: { label: '❌ Reject', past: 'rejected' },
    approve: { label: '✅ Approve', past: 'approved' },
    done: { label: '✅ Done', past: 'done' },
    ack: { label: '👀 Acknowledge', past: 'acknowledged' },
  },
} as const satisfies {
  readonly kinds: Readonly<
    Record<string, { readonly noun: string; readonly verbs: readonly string[] }>
  >;
  readonly verbs: Readonly<Record<string, { readonly label: string; readonly past: string }>>;
};

/** The kind of item a button names. */
export type ButtonKind = keyof typeof BUTTON_WORDS.kinds;

/** What a button does to its item. */
export type ButtonVerb = (typeof BUTTON_WORDS.kinds)[ButtonKind]['verbs'][number];

const MAX_CALLBACK_BYTES = 64;

/** The buttons of one item, or none when an id would not fit in `callback_data`. */
export function buttonsFor(kind: ButtonKind, id: string): readonly Button[] {
  const buttons = BUTTON_WORDS.kinds[kind].verbs.map((verb) => ({
    text: BUTTON_WORDS.verbs[verb].label,
    data: `${kind}:${verb}:${id}`,
  }));
  return buttons.every((b) => Buffer.byteLength(b.data) <= MAX_CALLBACK_BYTES) ? buttons : [];
}

/** Reads a button's `callback_data` back; null for anything the bot did not write. */
export function parseButton(
  data: string,
): { readonly kind: ButtonKind; readonly verb: ButtonVerb; readonly id: string } | null {
  const match = /^(prompt|proposal|task):([a-z]+):(.+)$/.exec(data);
  if (match === null) return null;
  const [, kind, verb, id] = match as unknown as [string, ButtonKind, ButtonVerb, string];
  return (BUTTON_WORDS.kinds[kind].verbs as readonly string[]).includes(verb)
    ? { kind, verb, id }
    : null;
}

/** The delivery of an item that has one version. */
function onceTo(chatId: number, item: string): DeliveryKey {
  return { channel: 'telegram', recipient: String(chatId), item, version: '' };
}

/** A prompt as a message: the field once, then its current and proposed values. */
function promptText(p: PromptView): string {
  return [
    `Review ${p.entity_id} ${p.field}`,
    `now: ${p.current_value ?? '(none)'} → proposed: ${p.proposed_value ?? '(none)'}`,
    `confidence ${p.confidence.toFixed(2)}; expires ${p.expires_at}`,
  ].join('\n');
}

function proposalText(p: ProposalView): string {
  return `Memory proposal ${p.proposal_id} → ${p.section}:\n${p.text}`;
}

/** Open review prompts, oldest first. */
export async function promptItems(engine: Engine): Promise<readonly ReviewItem[]> {
  const prompts = await engine.listReviews();
  return prompts.map((p) => ({
    key: `prompt:${p.prompt_id}`,
    delivery: (chatId) => onceTo(chatId, `prompt:${p.prompt_id}`),
    text: promptText(p),
    buttons: buttonsFor('prompt', p.prompt_id),
  }));
}

/** Pending MEMORY.md proposals, in the reflector's order. */
export async function proposalItems(engine: Engine): Promise<readonly ReviewItem[]> {
  const proposals = await engine.observer.listProposals('pending');
  return proposals.map((p) => ({
    key: `proposal:${p.proposal_id}`,
    delivery: (chatId) => onceTo(chatId, `proposal:${p.proposal_id}`),
    text: proposalText(p),
    buttons: buttonsFor('proposal', p.proposal_id),
  }));
}

/** An item a button names, whatever its status: its message text and how it was settled. */
export interface NamedItem {
  readonly text: string;
  /** `confirmed by telegram:1001`, `approved`, `expired`…; null while it waits. */
  readonly outcome: string | null;
}

function settled(status: string, by: string | null): string {
  return by === null ? status : `${status} by ${by}`;
}

/** The item a button names, read again from the engine; null when there is no such item. */
export async function namedItem(
  engine: Engine,
  kind: ButtonKind,
  id: string,
): Promise<NamedItem | null> {
  if (kind === 'prompt') {
    const p = await engine.getReview(id);
    if (p === null) return null;
    const waiting = p.status === 'open' || p.status === 'queued';
    return { text: promptText(p), outcome: waiting ? null : settled(p.status, p.answered_by) };
  }
  if (kind === 'proposal') {
    const p = (await engine.observer.listProposals('all')).find((x) => x.proposal_id === id);
    if (p === undefined) return null;
    return {
      text: proposalText(p),
      outcome: p.status === 'pending' ? null : settled(p.status, p.decided_by),
    };
  }
  try {
    const task = await engine.tasks.show(id);
    return { text: `Task ${task.id}: ${task.title}`, outcome: null };
  } catch (error: unknown) {
    if (error instanceof EngineError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** Tasks escalated to the review queue; a later escalation of the same task is a new item. */
export async function taskItems(engine: Engine): Promise<readonly ReviewItem[]> {
  const { tasks } = await engine.tasks.reviewItems();
  return tasks.map((t) => ({
    key: `task:${t.task_id}`,
    delivery: (chatId) => taskEscalationDelivery(chatId, t.task_id, t.escalated_at ?? ''),
    text: `Task ${t.task_id} needs you (E${t.escalation_level}): ${t.title}\n${t.reason}`,
    buttons: buttonsFor('task', t.task_id),
  }));
}

/** Everything the bot pushes: prompts, then proposals, then escalated tasks. */
export async function pushableItems(engine: Engine): Promise<readonly ReviewItem[]> {
  return [
    ...(await promptItems(engine)),
    ...(await proposalItems(engine)),
    ...(await taskItems(engine)),
  ];
}
