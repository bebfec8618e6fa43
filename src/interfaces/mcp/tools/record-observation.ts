import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DOMAINS, defined, domainOf, formatIssues, INTENTS } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { DECISIONS, entityIdInput, fieldInput, issueShape, sourceInput } from './views.js';

const output = {
  event_id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  decision: z.enum(DECISIONS).nullable(),
  confidence: z.number().nullable(),
  reasons: z.array(z.string()),
  prompt_id: z.string().nullable(),
  issues: z.array(issueShape),
};
/** `record_observation`: one piece of evidence about a state field. */
export const recordObservation = defineTool({
  name: 'record_observation',
  title: 'Record observation',
  description: 'Call when someone states something that may change state.',
  input: {
    entity_id: entityIdInput,
    field: fieldInput,
    candidate_value: z.string().min(1).max(500).nullable(),
    intent: z.enum(INTENTS).describe('only assertive and planning change state'),
    source: sourceInput,
    domain: z.enum(DOMAINS).optional(),
    event_id: z.guid().optional(),
    event_ts: z.string().max(40).optional(),
    corroborators: z.array(sourceInput).max(20).optional(),
    retracts: z.guid().optional(),
    correction: z.boolean().optional(),
  },
  output,
  scope: 'write',
  // The same event_id is recorded once; a repeat reports status "duplicate".
  idempotent: true,
  async handler(args, engine, tool) {
    // A field outside every domain keeps its first segment as the domain, so the refusal says
    // which domains exist instead of asking for a domain the tool derives itself.
    const domain = args.domain ?? domainOf(args.field) ?? args.field.split('.')[0];
    const observation = {
      event_id: args.event_id ?? randomUUID(),
      event_ts: args.event_ts ?? new Date(engine.now()).toISOString(),
      domain,
      entity_id: args.entity_id,
      field: args.field,
      candidate_value: args.candidate_value,
      intent: args.intent,
      source: args.source,
      ...defined('corroborators', args.corroborators),
      ...defined('retracts', args.retracts),
      ...defined('correction', args.correction),
    };
    const result = tool.parse(await engine.recordObservation(observation));
    if (result.status === 'rejected') {
      return { ...reply(result, `rejected: ${formatIssues(result.issues)}`), isError: true };
    }
    const confidence =
      result.confidence === null ? '' : ` (confidence ${result.confidence.toFixed(2)})`;
    const prompt = result.prompt_id === null ? '' : `; review prompt ${result.prompt_id}`;
    return reply(
      result,
      `${result.status}: ${result.decision ?? 'no decision'} for ${args.field}${confidence}${prompt}`,
    );
  },
});
