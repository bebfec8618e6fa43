import { z } from 'zod';
import { defineTool } from './define-tool.js';
import {
  DECISION_RULES,
  entityIdInput,
  fieldInput,
  fieldView,
  historyView,
  toHistoryView,
} from './views.js';

const evidence = z.object({
  event_id: z.string(),
  value: z.string().nullable(),
  source_type: z.string(),
  source_ref: z.string(),
  intent: z.string(),
  event_ts: z.string(),
  state: z.string(),
  score: z.number(),
  factors: z.object({
    reliability: z.number(),
    recency: z.number(),
    intent: z.number(),
    extraction: z.number(),
  }),
});

const output = {
  entity_id: z.string(),
  field: z.string(),
  current: fieldView,
  rule: z.enum(DECISION_RULES).nullable(),
  reasons: z.array(z.string()),
  thresholds: z.object({ ask: z.number(), auto: z.number(), margin: z.number() }).nullable(),
  winning_event: z
    .object({
      event_id: z.string(),
      source_type: z.string(),
      source_ref: z.string(),
      event_ts: z.string(),
    })
    .nullable(),
  evidence: z.array(evidence),
  history: z.array(historyView),
  text: z.string(),
};
/** `explain_state`: why Verity believes a field's value. */
export const explainState = defineTool({
  name: 'explain_state',
  title: 'Explain state',
  description: 'Call when asked why Verity believes a value: rule, evidence, history.',
  input: { entity_id: entityIdInput, field: fieldInput },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    const explanation = await engine.explain(args.entity_id, args.field);
    return tool.reply(
      { ...explanation, history: explanation.history.map(toHistoryView) },
      explanation.text,
    );
  },
});
