import { EngineError, type ReviewPrompt, toIso } from '../core/index.js';
import { parseRecord } from '../ledger/index.js';
import {
  type AnswerResult,
  applyRecord,
  checkAnswer,
  type DeadLetterReview,
  deadLetterReviews,
  flushSession,
  openSession,
  type PromptAnswerer,
  type PromptView,
  readField,
  toPromptView,
  withPipelineTx,
} from '../pipeline/index.js';
import type { EngineContext } from './engine-context.js';

/** The review queue: open prompts, dead letters that wait for a person, and answers. */
export interface ReviewCapability {
  /** Open prompts (default) or those with the given statuses, oldest first. */
  listReviews(options?: {
    status?: readonly ReviewPrompt['status'][];
    entityId?: string;
  }): Promise<readonly PromptView[]>;
  /** One prompt by id (any case), whatever its status; null when there is none. */
  getReview(promptId: string): Promise<PromptView | null>;
  /** Dead letters that ran out of retries and wait for a person. */
  listDeadLetterReviews(): Promise<readonly DeadLetterReview[]>;
  /**
   * Answers a prompt. Throws CONFLICT for a stale or closed prompt, NOT_FOUND for an unknown one.
   * `by` names who answered and through which channel; the answer event keeps both.
   */
  answerReview(
    promptId: string,
    action: 'confirm' | 'reject' | 'edit',
    editedValue?: string,
    by?: AnswerSource,
  ): Promise<AnswerResult>;
}

/** Who answered a prompt, kept in the answer event (`answered_by`, `channel`). */
export interface AnswerSource {
  /** The person, e.g. `telegram:123456` (1–120 characters). */
  readonly actor: string;
  /** The surface the answer came through, e.g. `telegram` (1–40 characters). */
  readonly channel: string;
}

/** What the review capability needs besides the engine context. */
export interface ReviewCapabilityDeps {
  /** Called after a prompt was rejected or edited (a corrected extraction). */
  readonly onCorrected: (prompt: ReviewPrompt, action: 'reject' | 'edit') => Promise<void>;
}

/** Builds the review queue over the engine's store. */
export function createReviewCapability(
  context: EngineContext,
  deps: ReviewCapabilityDeps,
): ReviewCapability {
  const { store, clock } = context;
  return {
    async listReviews(reviewOptions) {
      const now = clock.now();
      const prompts = await store.listPrompts({
        status: reviewOptions?.status ?? ['open', 'queued'],
        ...(reviewOptions?.entityId ? { entityId: reviewOptions.entityId } : {}),
      });
      const answerers = await answerersOf(store, prompts);
      const views = prompts.map((p) => toPromptView(p, now, answerers(p)));
      return reviewOptions?.status ? views : views.filter((v) => v.status !== 'expired');
    },

    async getReview(promptId) {
      const prompt = await store.getPrompt(promptId.toLowerCase());
      if (prompt === null) return null;
      const answerers = await answerersOf(store, [prompt]);
      return toPromptView(prompt, clock.now(), answerers(prompt));
    },

    listDeadLetterReviews: () => deadLetterReviews(store),

    answerReview: (promptId, action, editedValue, by) =>
      answerReview(context, deps, promptId, action, editedValue, by),
  };
}

const ANSWERED: readonly ReviewPrompt['status'][] = ['confirmed', 'rejected', 'edited'];

/**
 * Who answered each closed prompt, from its answer event (`closedBy` is the answer's id): the
 * prompt's row keeps only that id, the answer event names the person and the surface. The
 * answer events of all the prompts are read at once.
 */
async function answerersOf(
  store: EngineContext['store'],
  prompts: readonly ReviewPrompt[],
): Promise<(prompt: ReviewPrompt) => PromptAnswerer> {
  const answerIds = prompts.flatMap((p) => answerIdOf(p) ?? []);
  const events = answerIds.length === 0 ? [] : await store.getEvents(answerIds);
  const payloads = new Map(events.map((event) => [event.eventId, event.payload]));
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return (prompt) => {
    const answerId = answerIdOf(prompt);
    const payload = answerId === null ? undefined : payloads.get(answerId);
    if (payload === undefined) return { answered_by: null, channel: null };
    return { answered_by: text(payload['answered_by']), channel: text(payload['channel']) };
  };
}

/** The id of a prompt's answer event; null while it is open, or closed without an answer. */
function answerIdOf(prompt: ReviewPrompt): string | null {
  return prompt.closedBy !== null && ANSWERED.includes(prompt.status) ? prompt.closedBy : null;
}

async function answerReview(
  context: EngineContext,
  deps: ReviewCapabilityDeps,
  promptId: string,
  action: 'confirm' | 'reject' | 'edit',
  editedValue: string | undefined,
  by: AnswerSource | undefined,
): Promise<AnswerResult> {
  const { store, clock, ids } = context;
  const prompt = await store.getPrompt(promptId.toLowerCase());
  if (!prompt) throw new EngineError('NOT_FOUND', `no review prompt ${promptId}`, { promptId });
  const now = clock.now();
  const record = {
    type: 'confirmation',
    answer_id: ids.uuid(),
    prompt_id: prompt.promptId,
    action,
    answered_at: toIso(now),
    ...(editedValue !== undefined ? { edited_value: editedValue } : {}),
    ...(by === undefined ? {} : { answered_by: by.actor, channel: by.channel }),
  };
  const parsed = parseRecord(record);
  if (!parsed.ok) {
    throw new EngineError(
      'VALIDATION_FAILED',
      parsed.rejection.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
      { promptId },
    );
  }
  if (parsed.record.kind !== 'answer') throw new EngineError('VALIDATION_FAILED', 'not an answer');
  const answer = parsed.record.answer;
  await withPipelineTx(store, { entities: [prompt.entityId], global: true }, async (tx) => {
    const refusal = await checkAnswer(tx, answer);
    if (refusal) throw refusal;
    const session = await openSession(tx);
    await applyRecord(tx, session, parsed.record, JSON.stringify(record), now);
    await flushSession(tx, session);
  });
  if (action === 'reject' || action === 'edit') await deps.onCorrected(prompt, action);
  const closed = await store.getPrompt(prompt.promptId);
  return {
    prompt_id: prompt.promptId,
    status: closed?.status ?? prompt.status,
    field: await readField(
      store,
      await context.currentPolicy(),
      prompt.entityId,
      prompt.field,
      now,
    ),
  };
}
