import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import type { Answerer } from './auth.js';
import {
  checkedEditAction,
  driftSource,
  escalationSource,
  itemConflictSource,
  proposalSource,
} from './inbox-sources.js';

/** Entity id given to items that belong to no entity (dead letters): only `*` tokens see them. */
export const GLOBAL_ENTITY = 'global:verity';

/** Who answers an inbox source's items; see `InboxSource.audience`. */
export type InboxAudience = 'reviewer' | 'operator';

const AUDIENCE_ORDER: Readonly<Record<InboxAudience, number>> = { reviewer: 0, operator: 1 };

/** One question Verity asks a person, whatever its kind. */
export const inboxItemSchema = z.object({
  kind: z.string(),
  id: z.string(),
  entity_id: z.string(),
  title: z.string(),
  detail: z.array(z.string()),
  created_at: z.string(),
  actions: z.array(z.string()),
  /** An action that needs a replacement value (shown as an edit box). */
  edit_action: z.string().nullable(),
  /** Dashboard route that explains the item (`#/entity/...`), or null. */
  link: z.string().nullable(),
});

/** An inbox row. */
export type InboxItem = z.infer<typeof inboxItemSchema>;

/**
 * A kind of question the inbox shows. State review prompts and dead letters register here; memory
 * proposals, drift rows and task escalations join by registering their own source.
 */
export interface InboxSource {
  readonly kind: string;
  /**
   * Who answers its items: `reviewer`, the person whose state and memory it is (review prompts,
   * proposals, conflicts), or `operator`, whoever runs Verity (dead letters). The inbox lists
   * every reviewer item before any operator item.
   */
  readonly audience: InboxAudience;
  /** Open items, oldest first (a stable order: pagination relies on it). */
  list(engine: Engine): Promise<readonly InboxItem[]>;
  /** The entity an item belongs to, or null when there is no such item. */
  entityOf(engine: Engine, id: string): Promise<string | null>;
  /**
   * Applies `action` (one of the item's `actions`) and returns the source's own result; `by`, when
   * known, is recorded as who answered.
   */
  answer(
    engine: Engine,
    id: string,
    action: string,
    value: string | undefined,
    by?: Answerer,
  ): Promise<unknown>;
}

/**
 * The inbox kind of state review prompts. Their answers are ledger events, which the live stream
 * announces as `review.answered` whoever answered (see `watchLedger`).
 */
export const STATE_REVIEW_KIND = 'state_review';

const reviewSource: InboxSource = {
  kind: STATE_REVIEW_KIND,
  audience: 'reviewer',
  async list(engine) {
    const prompts = await engine.listReviews({ status: ['open'] });
    return prompts.map((p) => ({
      kind: STATE_REVIEW_KIND,
      id: p.prompt_id,
      entity_id: p.entity_id,
      title: `${p.entity_id} · ${p.field}: ${p.current_value ?? '∅'} → ${p.proposed_value ?? '∅'}`,
      detail: [`confidence ${p.confidence.toFixed(2)}`, ...p.reason_summary],
      created_at: p.created_at,
      actions: [...p.actions],
      edit_action: 'edit',
      link: `#/entity/${p.entity_id}?field=${encodeURIComponent(p.field)}`,
    }));
  },
  async entityOf(engine, id) {
    const all = await engine.listReviews({
      status: ['queued', 'open', 'confirmed', 'rejected', 'edited', 'expired', 'superseded'],
    });
    return all.find((p) => p.prompt_id === id)?.entity_id ?? null;
  },
  async answer(engine, id, action, value, by) {
    const checked = checkedEditAction(['confirm', 'reject', 'edit'] as const, action, value);
    return await engine.answerReview(id, checked, value, by);
  },
};

const deadLetterSource: InboxSource = {
  kind: 'dead_letter',
  audience: 'operator',
  async list(engine) {
    const items = await engine.listDlq();
    return items
      .filter((d) => d.status === 'pending' || d.status === 'permanently_failed')
      .map((d) => ({
        kind: 'dead_letter',
        id: d.dlqId,
        entity_id: GLOBAL_ENTITY,
        title: `rejected ${d.schemaName}${d.inputId === null ? '' : ` ${d.inputId}`} (${d.status}, ${d.retryCount} retries)`,
        detail: d.errors.map((e) => `${e.path}: ${e.message}`),
        created_at: d.firstSeenAt,
        actions: ['retry', 'discard'],
        edit_action: null,
        link: '#/health',
      }));
  },
  async entityOf(engine, id) {
    return (await engine.listDlq()).some((d) => d.dlqId === id) ? GLOBAL_ENTITY : null;
  },
  async answer(engine, id, action) {
    if (action === 'discard') {
      await engine.discardDlq(id);
      return { dlq_id: id, status: 'discarded' };
    }
    if (action === 'retry') {
      const item = (await engine.listDlq()).find((d) => d.dlqId === id);
      if (item === undefined) throw new EngineError('NOT_FOUND', `no dead letter ${id}`, { id });
      return await engine.editDlq(id, item.raw);
    }
    throw new EngineError('VALIDATION_FAILED', 'action must be retry or discard', {
      field: 'action',
    });
  },
};

/** The inbox's sources by kind; `registerInboxSource` adds one. */
export class InboxRegistry {
  readonly #sources = new Map<string, InboxSource>();

  /** Adds `source`; a kind registered twice is a bug and throws. */
  register(source: InboxSource): void {
    if (this.#sources.has(source.kind))
      throw new Error(`inbox kind ${source.kind} registered twice`);
    this.#sources.set(source.kind, source);
  }

  /** The source of `kind`; NOT_FOUND when none. */
  get(kind: string): InboxSource {
    const source = this.#sources.get(kind);
    if (source === undefined) {
      throw new EngineError('NOT_FOUND', `no inbox kind "${kind}"`, { kind });
    }
    return source;
  }

  /**
   * Every source's open items: the reviewer's questions first, then operator matters (dead
   * letters), each group by created_at then kind then id.
   */
  async list(engine: Engine): Promise<readonly InboxItem[]> {
    const sources = [...this.#sources.values()];
    const lists = await Promise.all(sources.map((s) => s.list(engine)));
    const rank = new Map(sources.map((s) => [s.kind, AUDIENCE_ORDER[s.audience]]));
    const rankOf = (item: InboxItem) => rank.get(item.kind) ?? AUDIENCE_ORDER.operator;
    return lists
      .flat()
      .sort(
        (a, b) =>
          rankOf(a) - rankOf(b) ||
          a.created_at.localeCompare(b.created_at) ||
          a.kind.localeCompare(b.kind) ||
          a.id.localeCompare(b.id),
      );
  }

  /** Registered kinds. */
  kinds(): readonly string[] {
    return [...this.#sources.keys()];
  }
}

/**
 * An inbox with state review prompts, dead letters, memory proposals, drift rows on memories,
 * unacknowledged task escalations and state-item conflicts (the last four in `inbox-sources.ts`).
 * A feature adds its kind by writing an `InboxSource` in its own file and registering it here
 * with one line; the dashboard and `/api/inbox` need no
 * change, and the auth layer checks answers through the source's `entityOf`.
 */
export function createInbox(): InboxRegistry {
  const inbox = new InboxRegistry();
  inbox.register(reviewSource);
  inbox.register(deadLetterSource);
  inbox.register(proposalSource);
  inbox.register(driftSource);
  inbox.register(escalationSource);
  inbox.register(itemConflictSource);
  return inbox;
}
