import { EngineError, sha256Hex } from '../core/index.js';
import type { JsonSchemaObject, LanguageModel } from '../providers/index.js';
import { stripNonProse } from './text-rules.js';
import type { TranscriptEntry } from './transcript.js';
import type {
  MemoryPriority,
  MemoryType,
  Observation,
  ObservationPriority,
  ObserverOutput,
} from './types.js';

/** Our observer instructions (written for Verity; see docs/decisions/2026-11-26-observer-rules.md). */
export const OBSERVER_INSTRUCTIONS = `You read one coding-agent session and keep what a teammate would need next week.
Group the conversation into a few coherent segments (one task, bug or decision each). For every segment give:
- title: a short label of the work;
- narrative: one to three sentences on what happened;
- facts: the statements worth keeping, each with
  - priority: "red" for durable facts, rules, preferences, decisions and root causes with their fix; "yellow" for working context (what changed and why, status); "green" for open questions, ideas and anything deferred;
  - type: one of fact, decision, preference, commitment, constraint, procedure, relationship, insight, problem, question;
  - time: the HH:MM shown before the message it comes from, or null. Never make up a time;
  - text: one sentence. Keep exact paths, versions, ports, limits and error strings. Write a change of state as "<new> replaced <old>";
  - source_ids: the ids of the messages it comes from.
What the user states outranks what the user asks: a question never cancels an earlier statement.
Leave out tool output, code, commands and their output; keep only the decision or insight they led to.
If a problem was fixed later in the session, keep the fix (and the root cause), not the problem.
Also give current_task: what was being worked on at the end, or null.`;

const SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['segments', 'current_task'],
  properties: {
    current_task: { type: ['string', 'null'] },
    segments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'narrative', 'facts'],
        properties: {
          title: { type: 'string' },
          narrative: { type: 'string' },
          facts: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['priority', 'type', 'time', 'text', 'source_ids'],
              properties: {
                priority: { enum: ['red', 'yellow', 'green'] },
                type: { type: 'string' },
                time: { type: ['string', 'null'] },
                text: { type: 'string' },
                source_ids: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

/** The transcript as the model reads it: `[id] [HH:MM] role: text`, tool output left out. */
export function serializeForModel(entries: readonly TranscriptEntry[]): string {
  return entries
    .filter((e) => e.role === 'user' || e.role === 'assistant')
    .map((e) => {
      const time = e.at === null ? '' : ` [${e.at.slice(11, 16)}]`;
      return `[${e.id}]${time} ${e.role}: ${stripNonProse(e.text).trim()}`;
    })
    .filter((line) => !/:\s*$/.test(line))
    .join('\n');
}

const TYPES: ReadonlySet<string> = new Set([
  'fact',
  'decision',
  'preference',
  'commitment',
  'constraint',
  'procedure',
  'relationship',
  'insight',
  'conflict',
  'problem',
  'question',
]);

function memoryPriorityOf(priority: ObservationPriority, type: MemoryType): MemoryPriority {
  if (priority === 'red') return type === 'constraint' ? 'P0' : 'P1';
  return priority === 'yellow' ? 'P2' : 'P3';
}

function invalid(message: string): EngineError {
  return new EngineError('PROVIDER_FAILED', `observer model answer: ${message}`, {
    operation: 'observe',
  });
}

/** Input of `observeWithModel`. */
export interface ModelObserveInput {
  readonly captureKey: string;
  readonly sessionId: string;
  readonly entries: readonly TranscriptEntry[];
  readonly fallbackDate: string;
  readonly timeoutMs?: number;
}

/**
 * The LLM observer: one structured call, then validation that trusts nothing. Times not in the
 * transcript become null, source ids must name real messages (a fact citing none is dropped),
 * and an answer of the wrong shape throws `PROVIDER_FAILED` so the job retries or the caller
 * falls back to the rules.
 */
export async function observeWithModel(
  model: LanguageModel,
  input: ModelObserveInput,
): Promise<ObserverOutput> {
  const result = await model.generateObject({
    system: OBSERVER_INSTRUCTIONS,
    prompt: serializeForModel(input.entries),
    schema: SCHEMA,
    schemaName: 'session_observations',
    timeoutMs: input.timeoutMs ?? 60_000,
  });
  const value = result.value as {
    segments?: unknown;
    current_task?: unknown;
  } | null;
  if (value === null || typeof value !== 'object' || !Array.isArray(value.segments)) {
    throw invalid('no segments');
  }
  const byId = new Map(input.entries.map((e) => [e.id, e]));
  const times = new Set(
    input.entries.map((e) => e.at?.slice(11, 16)).filter((t) => t !== undefined),
  );
  const segments = value.segments.map((raw, index) => {
    const s = raw as { title?: unknown; narrative?: unknown; facts?: unknown };
    if (typeof s.title !== 'string' || typeof s.narrative !== 'string' || !Array.isArray(s.facts)) {
      throw invalid(`segment ${index + 1} has the wrong shape`);
    }
    const observations: Observation[] = [];
    for (const f of s.facts as Record<string, unknown>[]) {
      const priority = f['priority'];
      const text = typeof f['text'] === 'string' ? f['text'].trim() : '';
      if (priority !== 'red' && priority !== 'yellow' && priority !== 'green') continue;
      const sources = (Array.isArray(f['source_ids']) ? f['source_ids'] : []).filter(
        (id): id is string => typeof id === 'string' && byId.has(id),
      );
      if (text === '' || sources.length === 0) continue;
      const type = (TYPES.has(String(f['type'])) ? f['type'] : 'fact') as MemoryType;
      const time = typeof f['time'] === 'string' && times.has(f['time']) ? f['time'] : null;
      const first = byId.get(sources[0] ?? '');
      observations.push({
        observation_id: `o-${sha256Hex(`${input.captureKey}\u0000${sources.join(',')}\u0000${text}`).slice(0, 12)}`,
        priority,
        memory_priority: memoryPriorityOf(priority, type),
        type,
        time,
        at: first?.at ?? null,
        text,
        speaker: first?.role === 'assistant' ? 'assistant' : 'user',
        source_message_ids: sources,
        resolved_by: null,
      });
    }
    const ats = observations
      .map((o) => o.at)
      .filter((a): a is string => a !== null)
      .sort();
    return {
      segment_id: `${input.captureKey.slice(0, 12)}-${index + 1}`,
      title: s.title,
      narrative: s.narrative,
      first_at: ats[0] ?? null,
      last_at: ats[ats.length - 1] ?? null,
      message_count: new Set(observations.flatMap((o) => o.source_message_ids)).size,
      observations,
    };
  });
  const firstAt = input.entries.find((e) => e.at !== null)?.at ?? null;
  return {
    capture_key: input.captureKey,
    session_id: input.sessionId,
    observer: `llm:${model.provider}/${model.modelId}`,
    date: firstAt === null ? input.fallbackDate : firstAt.slice(0, 10),
    segments,
    current_task: typeof value.current_task === 'string' ? value.current_task : null,
  };
}
