import { collapseWhitespace, type Incident } from '../core/index.js';
import type { JsonSchemaObject, LanguageModel } from '../providers/index.js';
import type { Patch, PatchChange, PatchDraft, RollbackCondition } from './patch.js';
import type { ImprovementAnalysis } from './plan-improvement.js';
import type { OpsConfig } from './task-views.js';

/** Config key prefix of a procedure a patch adds: `procedure.<slug>` → `[text]`. */
export const PROCEDURE_KEY_PREFIX = 'procedure.';
/** Config key of the standing guidance lines the recall pack carries for the agent. */
export const GUIDANCE_KEY = 'prompt.guidance';

/** One standing-guidance line in force, with the applied patch that added it. */
interface GuidanceLine {
  readonly text: string;
  /** The applied prompt patch whose change added the line; null when set by hand. */
  readonly patch_id: string | null;
}

/**
 * The guidance lines in force (`prompt.guidance` in the ops config), each with the applied patch
 * that added it: the newest applied patch on that key whose change has the line and whose
 * previous value had not. A rolled-back patch restored the earlier lines, so its line is gone.
 */
export function guidanceInForce(config: OpsConfig, patches: readonly Patch[]): GuidanceLine[] {
  const lines = config[GUIDANCE_KEY];
  if (!Array.isArray(lines)) return [];
  const applied = patches.filter((p) => p.status === 'applied' && p.change.key === GUIDANCE_KEY);
  const has = (value: PatchChange['from'], line: string) =>
    Array.isArray(value) && value.includes(line);
  return lines.map((text) => {
    const added = applied.findLast((p) => has(p.change.to, text) && !has(p.change.from, text));
    return { text, patch_id: added?.patch_id ?? null };
  });
}

/**
 * `recall/guidance.md`: the standing guidance in force, as the recall pack opens with it, each
 * line with the patch that added it. Deterministic; reads no clock.
 */
export function renderGuidanceFile(lines: readonly GuidanceLine[]): string {
  const head = [
    '# Standing guidance',
    '',
    'Lines approved prompt patches put in force (`verity patches list`). Every recall pack',
    '(`verity context --pack`, MCP `get_context` with `pack: true`) opens with them.',
    '',
  ];
  const body =
    lines.length === 0
      ? ['_No guidance in force._']
      : lines.map((l) => `- ${l.text}${l.patch_id === null ? '' : ` (patch ${l.patch_id})`}`);
  return `${[...head, ...body].join('\n')}\n`;
}

/** Bounds on what a model may propose (seed 004: small, specific, reviewable patches). */
const LLM_PATCH_LIMITS = {
  /** Patches per answer. */
  maxPatches: 2,
  titleChars: 80,
  rootCauseChars: 300,
  textChars: 600,
  minTextChars: 20,
  /** Guidance lines in force at once. */
  maxGuidanceLines: 5,
  /** Incident details shown to the model. */
  incidentsShown: 12,
} as const;

/** What one model call gave: the valid drafts, and why anything else was dropped. */
interface LlmPatchOutcome {
  readonly drafts: readonly PatchDraft[];
  /** `ok`, `invalid` (nothing usable in the answer) or `failed` (the call itself failed). */
  readonly status: 'ok' | 'invalid' | 'failed';
  /** One line per dropped patch or failure. */
  readonly notes: readonly string[];
}

const INSTRUCTIONS = `You improve how a personal assistant keeps its commitments.
You receive last week's failure counts, the most frequent failure type and examples of it.
Propose at most two small changes that would have prevented these failures:
- kind "procedure": a reusable how-to the assistant should follow for this kind of work
  (imperative steps in one or two sentences, naming the concrete check or order of steps);
- kind "prompt": one standing instruction line added to what the assistant reads at the start
  of every session.
Each change needs a short title, the root cause it addresses (grounded in the examples), and
its text. Do not invent facts that the examples do not support. If nothing specific can be
said, answer with an empty list.
Answer only with JSON matching the schema.`;

const SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['patches'],
  properties: {
    patches: {
      type: 'array',
      maxItems: LLM_PATCH_LIMITS.maxPatches,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'title', 'root_cause', 'text'],
        properties: {
          kind: { type: 'string', enum: ['procedure', 'prompt'] },
          title: { type: 'string', maxLength: LLM_PATCH_LIMITS.titleChars },
          root_cause: { type: 'string', maxLength: LLM_PATCH_LIMITS.rootCauseChars },
          text: { type: 'string', maxLength: LLM_PATCH_LIMITS.textChars },
        },
      },
    },
  },
};

/** `procedure.<slug>` from a title: lower-case words joined by `-`, at most 40 characters. */
export function procedureKey(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${PROCEDURE_KEY_PREFIX}${slug === '' ? 'unnamed' : slug}`;
}

/** The model's input: the window's counts, the top failure mode and its latest examples. */
function describe(analysis: ImprovementAnalysis, incidents: readonly Incident[]): string {
  const days = new Set(analysis.window);
  const examples = incidents
    .filter((i) => i.type === analysis.top_failure && days.has(i.at.slice(0, 10)))
    .slice(-LLM_PATCH_LIMITS.incidentsShown)
    .map((i) =>
      `- ${i.at.slice(0, 10)} ${i.task_id ?? ''} ${collapseWhitespace(i.detail)}`.replace(
        '  ',
        ' ',
      ),
    );
  return [
    `Window: ${analysis.window[0] ?? '?'} to ${analysis.window[analysis.window.length - 1] ?? '?'}`,
    `Failures by type: ${JSON.stringify(analysis.incidents_by_type)}`,
    `Completion rate: ${analysis.completion_rate ?? 'n/a'}; recall hit rate: ${analysis.recall_hit_rate ?? 'n/a'}`,
    `Most frequent failure: ${analysis.top_failure ?? 'none'}`,
    'Examples:',
    ...examples,
  ].join('\n');
}

type Checked =
  | { ok: true; kind: 'procedure' | 'prompt'; title: string; root_cause: string; text: string }
  | { ok: false; why: string };

/** Validates one proposed patch against the bounds; never trusts the provider's schema check. */
function check(raw: unknown): Checked {
  if (raw === null || typeof raw !== 'object') return { ok: false, why: 'not an object' };
  const p = raw as Record<string, unknown>;
  const extra = Object.keys(p).filter((k) => !['kind', 'title', 'root_cause', 'text'].includes(k));
  if (extra.length > 0) return { ok: false, why: `unknown fields ${extra.join(', ')}` };
  if (p['kind'] !== 'procedure' && p['kind'] !== 'prompt') return { ok: false, why: 'bad kind' };
  const field = (name: string, max: number, min = 1) => {
    const value = p[name];
    if (typeof value !== 'string') return null;
    const text = collapseWhitespace(value);
    return text.length < min || text.length > max ? null : text;
  };
  const title = field('title', LLM_PATCH_LIMITS.titleChars);
  const rootCause = field('root_cause', LLM_PATCH_LIMITS.rootCauseChars);
  const text = field('text', LLM_PATCH_LIMITS.textChars, LLM_PATCH_LIMITS.minTextChars);
  if (title === null) return { ok: false, why: 'title missing or too long' };
  if (rootCause === null) return { ok: false, why: 'root_cause missing or too long' };
  if (text === null) {
    return {
      ok: false,
      why: `text not within ${LLM_PATCH_LIMITS.minTextChars}–${LLM_PATCH_LIMITS.textChars} characters`,
    };
  }
  return { ok: true, kind: p['kind'], title, root_cause: rootCause, text };
}

function guidanceNow(config: OpsConfig): string[] {
  const value = config[GUIDANCE_KEY];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Asks `model` for procedure and prompt patches against the window's top failure mode, with
 * Verity's own instructions and a JSON schema, and validates the answer: unknown fields, a kind
 * other than `procedure`/`prompt`, texts out of bounds, a key another patch already changes, or a
 * repeat of guidance in force are dropped with a note. A procedure patch sets
 * `procedure.<slug>` to its text; a prompt patch appends one line to `prompt.guidance` (at most
 * five lines). The rollback condition watches recall for WRONG_RECALL and completion otherwise.
 * A failing call gives no drafts (status `failed`): the offline patches stand alone.
 */
export async function proposeLlmPatches(
  model: LanguageModel,
  analysis: ImprovementAnalysis,
  incidents: readonly Incident[],
  config: OpsConfig,
  busyKeys: ReadonlySet<string>,
  timeoutMs = 60_000,
): Promise<LlmPatchOutcome> {
  if (analysis.top_failure === null) return { drafts: [], status: 'ok', notes: [] };
  let answer: unknown;
  try {
    answer = (
      await model.generateObject({
        system: INSTRUCTIONS,
        prompt: describe(analysis, incidents),
        schema: SCHEMA,
        schemaName: 'improvement_patches',
        timeoutMs,
      })
    ).value;
  } catch (error: unknown) {
    return {
      drafts: [],
      status: 'failed',
      notes: [`model call failed: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const list = (answer as { patches?: unknown } | null)?.patches;
  if (!Array.isArray(list)) {
    return { drafts: [], status: 'invalid', notes: ['answer has no patches list'] };
  }
  const recall = analysis.top_failure === 'WRONG_RECALL';
  const rollback: RollbackCondition = recall
    ? { metric: 'recall_hit_rate', below: 0.5, days: 3 }
    : { metric: 'completion_rate', below: 0.5, days: 3 };
  const watch = [rollback.metric, `incidents_by_type.${analysis.top_failure}`];
  const drafts: PatchDraft[] = [];
  const notes: string[] = [];
  const taken = new Set(busyKeys);
  let guidance = guidanceNow(config);
  for (const [index, raw] of list.slice(0, LLM_PATCH_LIMITS.maxPatches).entries()) {
    const checked = check(raw);
    if (!checked.ok) {
      notes.push(`patch ${index + 1} dropped: ${checked.why}`);
      continue;
    }
    const key = checked.kind === 'procedure' ? procedureKey(checked.title) : GUIDANCE_KEY;
    if (taken.has(key)) {
      notes.push(`patch ${index + 1} dropped: ${key} is already being changed`);
      continue;
    }
    let change: PatchChange;
    if (checked.kind === 'procedure') {
      const from = config[key];
      change = { key, from: Array.isArray(from) ? from : null, to: [checked.text] };
    } else {
      if (guidance.includes(checked.text) || guidance.length >= LLM_PATCH_LIMITS.maxGuidanceLines) {
        notes.push(`patch ${index + 1} dropped: guidance repeated or full`);
        continue;
      }
      change = {
        key,
        from: guidance.length === 0 ? null : guidance,
        to: [...guidance, checked.text],
      };
      guidance = [...guidance, checked.text];
    }
    taken.add(key);
    drafts.push({
      title: checked.title,
      root_cause: checked.root_cause,
      change,
      rollback,
      watch,
    });
  }
  if (list.length > LLM_PATCH_LIMITS.maxPatches) {
    notes.push(`${list.length - LLM_PATCH_LIMITS.maxPatches} patch(es) beyond the limit dropped`);
  }
  return { drafts, status: drafts.length === 0 && notes.length > 0 ? 'invalid' : 'ok', notes };
}
