// One probe of the state protocol (the scenario README), shared by bench/state.bench.ts and
// bench/state-anatomy.ts: how a scenario's messages become ingest records, how a probe's slot is
// mapped onto the engine's fields and how an observed value is judged.
import type { Message, Probe, Scenario } from './state-protocol.js';

/** One field of `getEntity`, as much of it as the probes read. */
export interface FieldState {
  readonly value: string | null;
  readonly status: string;
  readonly pending: { readonly value: string | null } | null;
}

/** The entity view the probes read. */
export interface EntityState {
  readonly state: Readonly<Record<string, FieldState>>;
  readonly pending: readonly { readonly field: string }[];
}

/** How one probe came out: passed, a value its `reject` list names, or anything else. */
export type Outcome = 'pass' | 'reject' | 'unmatched';

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** One ingest line per message; a note is a note record, everything else a message record. */
export function recordOf(scenario: Scenario, m: Message): Record<string, unknown> {
  if (m.source === 'note') {
    return {
      type: 'note',
      path: `notes/${slugify(m.note_title ?? m.message_id)}.md`,
      title: m.note_title ?? m.message_id,
      content: m.content,
      updated_at: m.timestamp,
      entity_id: scenario.entity.id,
    };
  }
  return {
    type: 'message',
    thread_id: scenario.scenario_id,
    message_id: m.message_id,
    role: m.role,
    content: m.content,
    created_at: m.timestamp,
    entity_id: scenario.entity.id,
    source: m.source,
  };
}

/**
 * In process, the engine runs without the embedding model and without state items: neither
 * touches the state slots the probes read, and both cost most of the time of a fresh engine.
 */
export const LEAN = { embeddings: { model: null }, items: { extractor: null } } as const;

/**
 * Maps a probe's canonical slot to the engine's field generically: the same path, else the one
 * field of the same shape that differs from it in one path segment (the item: a project, an
 * account, a schedule event) whose words contain the probe's or the reverse; among several, the
 * one whose words contain all of the probe's.
 */
export function mapField(slot: string, fields: readonly string[]): string | null {
  if (fields.includes(slot)) return slot;
  const parts = slot.split('.');
  if (parts.length < 3) return null;
  const scored: { field: string; covers: boolean }[] = [];
  for (const f of fields) {
    const p = f.split('.');
    if (p.length !== parts.length || p[0] !== parts[0]) continue;
    const differing = parts.map((x, i) => (x === p[i] ? -1 : i)).filter((i) => i !== -1);
    if (differing.length !== 1) continue;
    const at = differing[0] ?? 0;
    if (at === 0 || (at === parts.length - 1 && parts[1] !== 'schedule')) continue;
    const words = (parts[at] ?? '').split('_');
    const have = (p[at] ?? '').split('_');
    const covers = words.every((w) => have.includes(w));
    if (covers || have.every((h) => words.includes(h))) scored.push({ field: f, covers });
  }
  if (scored.length === 1) return scored[0]?.field ?? null;
  const covering = scored.filter((x) => x.covers);
  return covering.length === 1 ? (covering[0]?.field ?? null) : null;
}

/** What a probe reads from an entity view: the mapped field's committed value, or a marker. */
export function observe(view: EntityState, slot: string): { value: string; field: string | null } {
  const fields = [...new Set([...Object.keys(view.state), ...view.pending.map((p) => p.field)])];
  const field = mapField(slot, fields);
  if (field === null) return { value: 'unknown', field: null };
  const state = view.state[field];
  if (state?.pending || view.pending.some((p) => p.field === field)) {
    return { value: 'needs_confirmation', field };
  }
  if (state?.status === 'committed' && state.value !== null) return { value: state.value, field };
  return { value: 'unknown', field };
}

/** Judges an observed value against the probe's expected, accepted and rejected values. */
export function judge(probe: Probe, observed: string): Outcome {
  const norm = (v: string) => v.trim().toLowerCase();
  const o = norm(observed);
  const equivalents = (v: string) => (v === 'unknown' || v === 'none' ? ['unknown', 'none'] : [v]);
  const accepted = [probe.expected, ...probe.accept].map(norm).flatMap(equivalents);
  if (accepted.includes(o)) return 'pass';
  // README value convention: `HH:MM` when only the time is at issue. A dated value with that
  // time answers it (the generic normaliser the README asks for, never the reverse).
  const time = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2})$/.exec(o)?.[1];
  if (time !== undefined && accepted.some((a) => /^\d{2}:\d{2}$/.test(a) && a === time)) {
    return 'pass';
  }
  if (probe.reject.map(norm).includes(o)) return 'reject';
  return 'unmatched';
}
