import { z } from 'zod';
import { EngineError } from '../../../core/index.js';
import { toolError } from '../tool-errors.js';
import { defineTool, reply } from './define-tool.js';
import {
  ALL_PROMPT_STATUSES,
  describeField,
  entityIdInput,
  fieldView,
  PROMPT_STATUSES,
  REVIEW_ACTIONS,
} from './views.js';

const output = { prompt_id: z.string(), status: z.enum(PROMPT_STATUSES), field: fieldView };
/** `resolve_review`: the user's answer to a review prompt. */
export const resolveReview = defineTool({
  name: 'resolve_review',
  title: 'Resolve review',
  description: "Call only with the user's own answer to a pending review.",
  input: {
    entity_id: entityIdInput,
    prompt_id: z.string().min(1).max(100),
    action: z.enum(REVIEW_ACTIONS),
    edited_value: z.string().min(1).max(500).optional().describe('required with edit'),
  },
  output,
  scope: 'review',
  // A second answer to a closed prompt fails with CONFLICT instead of repeating the first; the
  // ledger keeps every prior value, so the change is auditable rather than destructive.
  idempotent: false,
  async targetEntities(args, engine) {
    const prompts = await engine.listReviews({ status: ALL_PROMPT_STATUSES });
    const prompt = prompts.find((p) => p.prompt_id === args['prompt_id']);
    return prompt === undefined ? [] : [prompt.entity_id];
  },
  async handler(args, engine, tool) {
    if (args.action === 'edit' && args.edited_value === undefined) {
      return toolError('VALIDATION_FAILED: edited_value is required with action "edit".');
    }
    if (args.action !== 'edit' && args.edited_value !== undefined) {
      return toolError('VALIDATION_FAILED: edited_value is only allowed with action "edit".');
    }
    const prompts = await engine.listReviews({
      entityId: args.entity_id,
      status: ALL_PROMPT_STATUSES,
    });
    if (!prompts.some((p) => p.prompt_id === args.prompt_id)) {
      throw new EngineError(
        'NOT_FOUND',
        `no review prompt ${args.prompt_id} for entity ${args.entity_id}`,
        { prompt_id: args.prompt_id, entity_id: args.entity_id },
      );
    }
    const answer = await engine.answerReview(args.prompt_id, args.action, args.edited_value);
    const result = tool.parse(answer);
    return reply(
      result,
      `prompt ${result.prompt_id} ${result.status}; ${describeField(result.field.field, result.field)}`,
    );
  },
});
