import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { HistoryEntry, PromptStatus } from '../../core/index.js';
import { domainOf, EngineError, formatIssues } from '../../core/index.js';
import type { Engine, FieldView, PromptView } from '../../engine/index.js';
import { registerGetContextTool } from './get-context-tool.js';
import { registerMemoryTools } from './memory-tools.js';
import { registerObserverTools } from './observer-tools.js';
import { registerRecordMessagesTool } from './record-messages-tool.js';
import { registerSearchMemoryTool } from './search-memory-tool.js';
import { registerStateItemTools } from './state-item-tools.js';
import { refuseUnknownArguments } from './strict-arguments.js';
import { describeTaskReviews, registerTaskReviewTools } from './task-review-tools.js';
import { registerTaskTools } from './task-tools.js';
import { toolError, toToolError } from './tool-errors.js';
import type { HistoryView } from './tool-schemas.js';
import {
  explainStateInput,
  explanationOutput,
  getStateInput,
  getStateOutput,
  listPendingReviewsInput,
  listPendingReviewsOutput,
  recordObservationInput,
  recordResultOutput,
  resolveReviewInput,
  resolveReviewOutput,
} from './tool-schemas.js';

/** Options of `createMcpServer`. */
export interface CreateMcpServerOptions {
  /**
   * Receives internal failures (store errors, bugs) with the tool's name, for logging. The model
   * only sees a short summary. Defaults to ignoring them.
   */
  readonly onError?: (error: unknown, tool: string) => void;
}

/** The name hosts show as the tool prefix (`mcp__verity__get_state`): keep it short. */
const SERVER_NAME = 'verity';
/** Kept in step with package.json by hand; the SDK only shows it to hosts. */
const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Verity keeps the one trustworthy answer to "what is true now?" for the people and teams you serve.',
  'Call get_state before answering anything about their current status, plans or preferences,',
  'and record_observation whenever they state a fact that may change it.',
  'Send each conversation turn to record_messages so Verity can extract state from it and recall it later.',
  'Values Verity is unsure about wait for the user in a review queue (list_pending_reviews, resolve_review).',
  'To recall what was said or decided in earlier conversations, call search_memory.',
  'For the decisions, constraints, actions, questions and risks still open in a conversation, call list_state_items; expand_state_item shows the messages behind one.',
  'For a compact briefing on where things stand at the start of a turn, call get_context.',
].join(' ');

const ALL_PROMPT_STATUSES: readonly PromptStatus[] = [
  'queued',
  'open',
  'confirmed',
  'rejected',
  'edited',
  'expired',
  'superseded',
];

const recordResultSchema = z.object(recordResultOutput);
const getStateSchema = z.object(getStateOutput);
const explanationSchema = z.object(explanationOutput);
const listPendingReviewsSchema = z.object(listPendingReviewsOutput);
const resolveReviewSchema = z.object(resolveReviewOutput);

const ignoreError = (): void => {};

function reply(structuredContent: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent, content: [{ type: 'text', text }] };
}

function toHistoryView(entry: HistoryEntry): HistoryView {
  return {
    event_id: entry.eventId,
    kind: entry.kind,
    recorded_at: entry.recordedAt,
    event_ts: entry.eventTs,
    decision: entry.decision,
    value: entry.value,
    confidence: entry.confidence,
    reasons: [...entry.reasons],
    committed_after: entry.committedAfter,
  };
}

function describeField(field: string, view: Omit<FieldView, 'entity_id' | 'field'>): string {
  const confidence = view.confidence === null ? '' : `, confidence ${view.confidence.toFixed(2)}`;
  const pending = view.pending === null ? '' : `; pending review ${view.pending.prompt_id}`;
  return `${field} = ${view.value ?? '(none)'} [${view.status}${confidence}${view.stale ? ', stale' : ''}]${pending}`;
}

function describePrompts(prompts: readonly PromptView[]): string {
  const lines = prompts.map(
    (p) => `${p.prompt_id}: ${p.proposed_change} (confidence ${p.confidence.toFixed(2)})`,
  );
  return [`${prompts.length} pending review(s)`, ...lines].join('\n');
}

/**
 * Builds Verity's MCP server (v1 SDK) over `engine`: snake_case tools, each scoped by an
 * `entity_id`, with output schemas and `structuredContent`. Engine state lives in the engine, so a
 * server per connection (or per stateless HTTP request) is cheap.
 */
export function createMcpServer(engine: Engine, options: CreateMcpServerOptions = {}): McpServer {
  const report = options.onError ?? ignoreError;
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );
  refuseUnknownArguments(server);

  const guard = async (
    tool: string,
    fn: () => Promise<CallToolResult>,
  ): Promise<CallToolResult> => {
    try {
      return await fn();
    } catch (error: unknown) {
      return toToolError(error, tool, report);
    }
  };

  server.registerTool(
    'record_observation',
    {
      title: 'Record an observation',
      description:
        'Call whenever the user (or a trusted source such as their calendar) states something that may change their current state: travel, projects, family schedule, finances, preferences. Verity weighs it against what it already knows and either commits it, asks the user to confirm (a review prompt), or keeps it as weak evidence. Pass an event_id to make retries safe.',
      inputSchema: recordObservationInput,
      outputSchema: recordResultOutput,
      annotations: {
        readOnlyHint: false,
        // Appends evidence to an append-only ledger; nothing is overwritten or lost.
        destructiveHint: false,
        // The same event_id is recorded once; a repeat reports status "duplicate".
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('record_observation', async () => {
        const domain = args.domain ?? domainOf(args.field);
        const observation = {
          event_id: args.event_id ?? randomUUID(),
          event_ts: args.event_ts ?? new Date(engine.now()).toISOString(),
          ...(domain === null ? {} : { domain }),
          entity_id: args.entity_id,
          field: args.field,
          candidate_value: args.candidate_value,
          intent: args.intent,
          source: args.source,
          ...(args.corroborators === undefined ? {} : { corroborators: args.corroborators }),
          ...(args.retracts === undefined ? {} : { retracts: args.retracts }),
          ...(args.correction === undefined ? {} : { correction: args.correction }),
        };
        const result = recordResultSchema.parse(await engine.recordObservation(observation));
        if (result.status === 'rejected') {
          return {
            ...reply(result, `rejected: ${formatIssues(result.issues)}`),
            isError: true,
          };
        }
        const confidence =
          result.confidence === null ? '' : ` (confidence ${result.confidence.toFixed(2)})`;
        const prompt = result.prompt_id === null ? '' : `; review prompt ${result.prompt_id}`;
        return reply(
          result,
          `${result.status}: ${result.decision ?? 'no decision'} for ${args.field}${confidence}${prompt}`,
        );
      }),
  );

  server.registerTool(
    'get_state',
    {
      title: 'Get current state',
      description:
        "Call before answering any question about the user's (or family's, or team's) current status, plans, whereabouts, projects or preferences, and before acting on them. Returns the committed value of one field, or of every field when `field` is omitted, with its status, confidence, staleness and any review waiting for the user. Do not trust older conversation memory over this.",
      inputSchema: getStateInput,
      outputSchema: getStateOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('get_state', async () => {
        const readOptions = { at: args.at, asOf: args.as_of };
        const at = args.at ?? null;
        const asOf = args.as_of ?? null;
        if (args.field !== undefined) {
          const {
            entity_id: _entity,
            field,
            ...slot
          } = await engine.getField(args.entity_id, args.field, readOptions);
          const prompts = await engine.listReviews({ entityId: args.entity_id });
          const result = getStateSchema.parse({
            entity_id: args.entity_id,
            at,
            as_of: asOf,
            state: { [field]: slot },
            pending: prompts.filter((p) => p.field === field),
          });
          return reply(result, describeField(field, slot));
        }
        const view = await engine.getEntity(args.entity_id, readOptions);
        const result = getStateSchema.parse({
          entity_id: view.entity_id,
          at,
          as_of: asOf,
          state: view.state,
          pending: view.pending,
        });
        const lines = Object.entries(view.state).map(([field, slot]) => describeField(field, slot));
        const summary = `${args.entity_id}: ${lines.length} field(s), ${view.pending.length} pending review(s)`;
        return reply(result, [summary, ...lines].join('\n'));
      }),
  );

  server.registerTool(
    'explain_state',
    {
      title: 'Explain a state value',
      description:
        'Call when the user asks why Verity believes something ("why do you think I am travelling?"), or before overriding or disputing a stored value. Returns the deciding rule, the winning evidence, every competing observation with its score, and the history of the field.',
      inputSchema: explainStateInput,
      outputSchema: explanationOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('explain_state', async () => {
        const explanation = await engine.explain(args.entity_id, args.field);
        const result = explanationSchema.parse({
          ...explanation,
          history: explanation.history.map(toHistoryView),
        });
        return reply(result, explanation.text);
      }),
  );

  server.registerTool(
    'list_pending_reviews',
    {
      title: 'List pending reviews',
      description:
        'Call when the user asks what Verity needs from them, at the start of a session to surface open questions, or before resolve_review / resolve_task_review to get an id. Returns the open review prompts (proposed state changes Verity was not sure enough to commit) for one entity, oldest first; the stuck tasks (E3) of that entity; and the proposed patches.',
      inputSchema: listPendingReviewsInput,
      outputSchema: listPendingReviewsOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('list_pending_reviews', async () => {
        const prompts = await engine.listReviews({ entityId: args.entity_id });
        const items = await engine.tasks.reviewItems();
        const tasks = items.tasks.filter((t) => t.entity_id === args.entity_id);
        const result = listPendingReviewsSchema.parse({
          entity_id: args.entity_id,
          prompts,
          tasks,
          patches: items.patches,
        });
        return reply(
          result,
          [describePrompts(prompts), ...describeTaskReviews(tasks, items.patches)].join('\n'),
        );
      }),
  );

  server.registerTool(
    'resolve_review',
    {
      title: 'Resolve a review',
      description:
        "Call only with the user's explicit answer to a pending review: confirm the proposed value, reject it, or edit it to the value they gave. Never answer a review on the user's behalf.",
      inputSchema: resolveReviewInput,
      outputSchema: resolveReviewOutput,
      annotations: {
        readOnlyHint: false,
        // It changes state, but only as the user asked, and the ledger keeps every prior value:
        // the change is auditable and reversible, so hosts need not treat it as destructive.
        destructiveHint: false,
        // A second answer to a closed prompt fails with CONFLICT instead of repeating the first.
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('resolve_review', async () => {
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
        const result = resolveReviewSchema.parse(answer);
        return reply(
          result,
          `prompt ${result.prompt_id} ${result.status}; ${describeField(result.field.field, result.field)}`,
        );
      }),
  );

  registerSearchMemoryTool(server, engine, guard);
  registerStateItemTools(server, engine, guard);
  registerTaskTools(server, engine, guard);
  registerTaskReviewTools(server, engine, guard);
  registerGetContextTool(server, engine, guard);
  registerMemoryTools(server, engine, guard);
  registerObserverTools(server, engine, guard);
  registerRecordMessagesTool(server, engine, guard);

  return server;
}
