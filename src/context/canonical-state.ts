import { collapseWhitespace } from '../core/index.js';
import type { ContextEntity, ContextField, ContextPrompt } from './context-sources.js';

/** One line of canonical state: a field, or a prompt awaiting review for a field not shown. */
export interface CanonicalLine {
  /** `entity_id/field`. */
  readonly id: string;
  readonly entityId: string;
  readonly field: string;
  /** `- travel.status: in_progress [STALE: value from 2026-11-01]` */
  readonly text: string;
  /** 0: awaits review or conflicts; 1: stale, tentative or low confidence; 2: plain. */
  readonly urgency: 0 | 1 | 2;
  /** The value's confidence (a prompt's line: the proposal's); 0 when unknown. */
  readonly confidence: number;
  /** When the value became true (RFC 3339); null when unknown. */
  readonly validFrom: string | null;
  /** The prompt the line names, if any. */
  readonly promptId: string | null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** RFC 3339 instant to minutes: `2026-11-25T10:00Z`; other text is returned as is. */
export function toMinute(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

function show(value: string | null): string {
  return value === null ? '(none)' : collapseWhitespace(value);
}

function review(
  kind: 'CONFLICT' | 'PENDING REVIEW',
  value: string | null,
  confidence: number,
  id: string,
) {
  return `[${kind}: proposed ${show(value)} (${confidence.toFixed(2)}), review ${id}]`;
}

function fieldLine(field: string, view: ContextField): Omit<CanonicalLine, 'id' | 'entityId'> {
  const markers: string[] = [];
  let urgency: CanonicalLine['urgency'] = 2;
  if (view.status === 'tentative') markers.push('[TENTATIVE]');
  if (view.stale) {
    markers.push(
      view.valid_from ? `[STALE: value from ${view.valid_from.slice(0, 10)}]` : '[STALE]',
    );
  }
  if (view.low_confidence) markers.push('[LOW CONFIDENCE]');
  if (markers.length > 0) urgency = 1;
  const pending = view.pending;
  if (pending) {
    const conflicts = view.status === 'committed' && view.value !== pending.value;
    markers.push(
      review(
        conflicts ? 'CONFLICT' : 'PENDING REVIEW',
        pending.value,
        pending.confidence,
        pending.prompt_id,
      ),
    );
    urgency = 0;
  }
  const value =
    view.value === null && view.status !== 'committed' ? '(unconfirmed)' : show(view.value);
  const text = [`- ${field}: ${value}`, ...markers].join(' ');
  return {
    field,
    text,
    urgency,
    promptId: pending?.prompt_id ?? null,
    confidence: view.confidence ?? 0,
    validFrom: view.valid_from,
  };
}

function promptLine(prompt: ContextPrompt): Omit<CanonicalLine, 'id' | 'entityId'> {
  const conflicts = prompt.current_value !== null && prompt.current_value !== prompt.proposed_value;
  const marker = review(
    conflicts ? 'CONFLICT' : 'PENDING REVIEW',
    prompt.proposed_value,
    prompt.confidence,
    prompt.prompt_id,
  );
  return {
    field: prompt.field,
    text: `- ${prompt.field}: ${show(prompt.current_value)} ${marker}`,
    urgency: 0,
    promptId: prompt.prompt_id,
    confidence: prompt.confidence,
    validFrom: null,
  };
}

/**
 * The entities in render order: `primary` first, then the others by id; a repeated id keeps its
 * first occurrence.
 */
export function orderEntities(
  entities: readonly ContextEntity[],
  primary: string,
): readonly ContextEntity[] {
  const seen = new Set<string>();
  const unique = entities.filter((entity) => {
    if (seen.has(entity.entity_id)) return false;
    seen.add(entity.entity_id);
    return true;
  });
  return unique.sort((a, b) => {
    if (a.entity_id === primary || b.entity_id === primary) {
      return a.entity_id === primary ? (b.entity_id === primary ? 0 : -1) : 1;
    }
    return compareText(a.entity_id, b.entity_id);
  });
}

/**
 * Every canonical-state line of `entities`, in render order: entity by entity (see
 * `orderEntities`), fields by path, each prompt awaiting review that no shown field names as a
 * line of its own after the field it is about. Fields with status `none` are left out.
 */
export function canonicalLines(
  entities: readonly ContextEntity[],
  primary: string,
): readonly CanonicalLine[] {
  const lines: CanonicalLine[] = [];
  for (const entity of orderEntities(entities, primary)) {
    const own: CanonicalLine[] = [];
    const entityId = entity.entity_id;
    for (const field of Object.keys(entity.state).sort(compareText)) {
      const view = entity.state[field];
      if (view && view.status !== 'none') {
        own.push({ ...fieldLine(field, view), id: `${entityId}/${field}`, entityId });
      }
    }
    const named = new Set(own.map((line) => line.promptId));
    for (const prompt of entity.pending) {
      if (named.has(prompt.prompt_id)) continue;
      named.add(prompt.prompt_id);
      const id = `${entityId}/${prompt.field}#${prompt.prompt_id}`;
      own.push({ ...promptLine(prompt), id, entityId });
    }
    lines.push(...own.sort((a, b) => compareText(a.field, b.field) || compareText(a.id, b.id)));
  }
  return lines;
}

/** The heading of the canonical-state section, with its freshness instant. */
export function canonicalHeading(now: string): string {
  return `## Canonical state (as of ${toMinute(now)})`;
}

/**
 * Canonical state as markdown, unbudgeted: a heading with the freshness instant `now`, then per
 * entity its id and one line per field, each with its markers — `[TENTATIVE]`, `[STALE: value
 * from DATE]` (the day the value became true; not refreshed since), `[LOW CONFIDENCE]`, and `[CONFLICT: …]` (a proposed value differs from the committed one)
 * or `[PENDING REVIEW: …]` (a proposed value awaits the user), naming the prompt. Returns `''` when
 * no entity has anything to show.
 */
export function renderCanonicalState(
  entities: readonly ContextEntity[],
  options: { readonly now: string; readonly primary: string },
): string {
  const lines = canonicalLines(entities, options.primary);
  return lines.length === 0 ? '' : composeCanonical(canonicalHeading(options.now), lines);
}

/** The section text for `lines` (already in render order), grouped under their entity ids. */
export function composeCanonical(heading: string, lines: readonly CanonicalLine[]): string {
  const out = [heading];
  let entity: string | null = null;
  for (const line of lines) {
    if (line.entityId !== entity) {
      entity = line.entityId;
      out.push(entity);
    }
    out.push(line.text);
  }
  return out.join('\n');
}
