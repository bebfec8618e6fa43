import {
  canonicalJson,
  freshUntil,
  type HistoryEntry,
  type LearningStats,
  type Policy,
  parseRfc3339,
  type ReviewPrompt,
  renderTasksZone,
  type SlotState,
  type Task,
  toIso,
  toStateTracker,
} from '../core/index.js';

/** Everything a projection renders from: canonical state, open prompts, history and policy. */
export interface ProjectionState {
  readonly slots: readonly SlotState[];
  /** Prompts still waiting for the user. */
  readonly prompts: readonly ReviewPrompt[];
  /** History of every entity, in ledger order. */
  readonly history: readonly HistoryEntry[];
  readonly policy: Policy;
  readonly stats: LearningStats;
  /**
   * The instant the state reflects (the newest decision), used as the snapshot's
   * `last_consistency_check` so identical state renders identical bytes whenever it is projected.
   */
  readonly asOf: string;
  /**
   * The instant the projection is made: a value past its freshness (`freshUntil`) is shown as
   * stale since then, not as a reminder that still expires.
   */
  readonly now: string;
  /** Task views for the HEARTBEAT.md `tasks` zone (seed 004); absent: none. */
  readonly tasks?: readonly Task[];
}

/** Options a zone's BEGIN marker may carry (`entity=user:primary`, `limit=20`). */
interface RenderOptions {
  readonly entityId?: string;
  readonly limit?: number;
}

function title(domain: string): string {
  return domain.charAt(0).toUpperCase() + domain.slice(1);
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

function minute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function committedSlots(state: ProjectionState, options: RenderOptions): SlotState[] {
  return state.slots
    .filter((s) => s.committed !== null && s.committed.value !== null)
    .filter((s) => options.entityId === undefined || s.entityId === options.entityId)
    .slice()
    .sort((a, b) =>
      a.entityId === b.entityId
        ? a.field.localeCompare(b.field)
        : a.entityId.localeCompare(b.entityId),
    );
}

/**
 * When a committed value goes stale (`freshUntil`, the day shown) and whether it already has at
 * the projection's `now`: one reading for HEARTBEAT's reminders and MEMORY.md's canonical state.
 */
function freshness(slot: SlotState, state: ProjectionState): { stale: boolean; until: string } {
  const c = slot.committed;
  if (c === null || c.value === null) return { stale: false, until: '' };
  const at = freshUntil(slot.field, c.value, parseRfc3339(c.lastEvidenceAt) ?? 0, state.policy);
  return { stale: at < (parseRfc3339(state.now) ?? 0), until: day(toIso(at)) };
}

/** The entity label, shown only when the projection spans more than one entity. */
function entityLabel(entityId: string, several: boolean): string {
  return several ? ` [${entityId}]` : '';
}

/**
 * HEARTBEAT.md `active_reminders` (seed 000 "Specific File Changes"): one unchecked item per
 * committed value with its domain, expiry (when it goes stale; "stale since" once that has
 * passed at `now`), confidence and source, then one
 * per question waiting for the user. Sorted by entity and field.
 */
export function renderActiveReminders(state: ProjectionState, options: RenderOptions = {}): string {
  const slots = committedSlots(state, options);
  const entities = new Set(slots.map((s) => s.entityId));
  const several = entities.size > 1 || options.entityId === undefined;
  const lines: string[] = [];
  for (const slot of slots) {
    const c = slot.committed;
    if (c === null || c.value === null) continue;
    const { stale, until } = freshness(slot, state);
    const expiry = stale ? `stale since: ${until}` : `expires: ${until}`;
    lines.push(
      `- [ ] **${title(slot.domain)}**${entityLabel(slot.entityId, several)}: ${slot.field} = ${c.value} (domain: ${slot.domain}) (${expiry}) (confidence: ${c.confidence.toFixed(2)}) (source: ${c.sourceType} ${c.sourceRef})${c.lowConfidence ? ' (low confidence)' : ''}`,
    );
  }
  const prompts = state.prompts
    .filter((p) => options.entityId === undefined || p.entityId === options.entityId)
    .slice()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.sequence - b.sequence);
  for (const p of prompts) {
    lines.push(
      `- [ ] **Review**${entityLabel(p.entityId, several)}: ${p.proposedChange}? (domain: ${p.domain}) (expires: ${day(p.expiresAt)}) (confidence: ${p.confidence.toFixed(2)}) (prompt: ${p.promptId})`,
    );
  }
  return lines.length === 0 ? '_No active reminders._' : lines.join('\n');
}

interface Change {
  readonly at: string;
  readonly entityId: string;
  readonly field: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly confidence: number;
  readonly resolution: string;
  readonly source: string;
}

/** Every change of a committed value, in ledger order, from the history. */
function committedChanges(history: readonly HistoryEntry[]): Change[] {
  const current = new Map<string, string | null>();
  const changes: Change[] = [];
  for (const entry of history) {
    const key = `${entry.entityId}\u0000${entry.field}`;
    const before = current.get(key) ?? null;
    if (entry.committedAfter === before) continue;
    current.set(key, entry.committedAfter);
    const source = entry.details['source_type'];
    changes.push({
      at: entry.recordedAt,
      entityId: entry.entityId,
      field: entry.field,
      from: before,
      to: entry.committedAfter,
      confidence: entry.confidence,
      resolution: entry.decision ?? entry.kind,
      source: typeof source === 'string' ? source : entry.kind,
    });
  }
  return changes;
}

/**
 * The audit log (`state-changes.md`, HEARTBEAT.md `state_change_log`): one line per committed
 * change, `YYYY-MM-DD HH:MM: field old -> new (confidence) (resolution)`, newest last; with a
 * `limit`, only the newest `limit` lines.
 */
export function renderStateChangeLog(state: ProjectionState, options: RenderOptions = {}): string {
  const all = committedChanges(state.history).filter(
    (c) => options.entityId === undefined || c.entityId === options.entityId,
  );
  const several = new Set(all.map((c) => c.entityId)).size > 1 || options.entityId === undefined;
  const shown = options.limit !== undefined ? all.slice(-options.limit) : all;
  if (shown.length === 0) return '_No state changes yet._';
  return shown
    .map(
      (c) =>
        `- ${minute(c.at)}:${entityLabel(c.entityId, several)} ${c.field} ${c.from ?? '(none)'} -> ${c.to ?? '(none)'} (confidence: ${c.confidence.toFixed(2)}) (resolution: ${c.resolution}) (source: ${c.source})`,
    )
    .join('\n');
}

/**
 * MEMORY.md `canonical_state`: per entity, each committed field with its provenance, marked
 * "stale since" once its freshness has passed at the projection's `now` (as HEARTBEAT.md does).
 */
function renderCanonicalState(state: ProjectionState, options: RenderOptions = {}): string {
  const slots = committedSlots(state, options);
  if (slots.length === 0) return '_No canonical state yet._';
  const lines: string[] = [];
  let entity = '';
  for (const slot of slots) {
    const c = slot.committed;
    if (c === null || c.value === null) continue;
    if (slot.entityId !== entity) {
      if (entity !== '') lines.push('');
      entity = slot.entityId;
      lines.push(`**${entity}**`, '');
    }
    const { stale, until } = freshness(slot, state);
    lines.push(
      `- ${slot.field}: ${c.value} (since ${day(c.validFrom)}, confidence ${c.confidence.toFixed(2)}, source ${c.sourceType}${c.lowConfidence ? ', low confidence' : ''}${stale ? `, stale since ${until}` : ''})`,
    );
  }
  return lines.join('\n');
}

/**
 * `state-tracker.json` in the shape of seed 000's example: keys sorted, two-space indentation,
 * a final newline, `last_consistency_check` = the state's `asOf`. Byte-identical for identical
 * state.
 */
export function renderStateTracker(state: ProjectionState): string {
  const tracker = toStateTracker({
    slots: state.slots,
    prompts: state.prompts,
    policy: state.policy,
    stats: state.stats,
    at: state.asOf,
  });
  return `${JSON.stringify(JSON.parse(canonicalJson(tracker)), null, 2)}\n`;
}

/** What each known `STATE` zone id renders. Unknown zone ids are left untouched. */
export const ZONE_RENDERERS: Readonly<
  Record<string, (state: ProjectionState, options: RenderOptions) => string>
> = {
  active_reminders: renderActiveReminders,
  state_change_log: (state, options) =>
    renderStateChangeLog(state, { ...options, limit: options.limit ?? 20 }),
  state_changes: renderStateChangeLog,
  canonical_state: renderCanonicalState,
  memory_state: renderCanonicalState,
  tasks: (state, options) => renderTasksZone(state.tasks ?? [], options.limit),
};

/** Reads the render options a BEGIN marker carries. */
export function renderOptionsOf(attributes: Readonly<Record<string, string>>): RenderOptions {
  const limit = Number(attributes['limit']);
  return {
    ...(attributes['entity'] === undefined ? {} : { entityId: attributes['entity'] }),
    ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}),
  };
}
