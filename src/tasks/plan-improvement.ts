import {
  DAY_MS,
  type DailyMetrics,
  DEFAULT_RECONCILE_SETTINGS,
  INCIDENT_TYPES,
  type Incident,
  type IncidentType,
  toIso,
} from '../core/index.js';
import type { Patch, PatchChange, PatchDraft, RollbackCondition } from './patch.js';
import { CONFIG_BOUNDS, type OpsConfig, settingsFrom } from './task-views.js';

/** What the nightly loop found in its window. */
export interface ImprovementAnalysis {
  /** The days looked at, oldest first. */
  readonly window: readonly string[];
  readonly incidents_by_type: Readonly<Partial<Record<IncidentType, number>>>;
  /** The most frequent incident type (ties: the seed's order), or null without incidents. */
  readonly top_failure: IncidentType | null;
  readonly completion_rate: number | null;
  readonly recall_hit_rate: number | null;
}

/** The `days` UTC dates ending the day before `now`, oldest first. */
export function windowBefore(now: number, days = 7): string[] {
  const out: string[] = [];
  for (let i = days; i >= 1; i -= 1) out.push(toIso(now - i * DAY_MS).slice(0, 10));
  return out;
}

function average(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return Math.round((present.reduce((s, v) => s + v, 0) / present.length) * 100) / 100;
}

/** Aggregates a window of daily metrics and the incidents in it; finds the top failure mode. */
export function analyzeWindow(
  metrics: readonly DailyMetrics[],
  incidents: readonly Incident[],
): ImprovementAnalysis {
  const window = metrics.map((m) => m.date);
  const days = new Set(window);
  const counts: Partial<Record<IncidentType, number>> = {};
  for (const incident of incidents) {
    if (days.has(incident.at.slice(0, 10)))
      counts[incident.type] = (counts[incident.type] ?? 0) + 1;
  }
  let top: IncidentType | null = null;
  // Ties go to the earlier type in seed 004's list.
  for (const type of INCIDENT_TYPES) {
    if ((counts[type] ?? 0) > (top === null ? 0 : (counts[top] ?? 0))) top = type;
  }
  return {
    window,
    incidents_by_type: counts,
    top_failure: top,
    completion_rate: average(metrics.map((m) => m.completion_rate)),
    recall_hit_rate: average(metrics.map((m) => m.recall_hit_rate)),
  };
}

function clamp(key: string, value: number): number {
  const bounds = CONFIG_BOUNDS[key];
  return bounds === undefined ? value : Math.min(bounds.max, Math.max(bounds.min, value));
}

function numberChange(
  config: OpsConfig,
  key: string,
  current: number,
  next: number,
): PatchChange | null {
  const to = clamp(key, Math.round(next));
  if (to === current) return null;
  const from = config[key];
  return { key, from: typeof from === 'number' ? from : null, to };
}

/**
 * Proposes 1–3 offline parameter patches for the window's top failure mode, each within its hard
 * bounds (`CONFIG_BOUNDS`) and with a rollback condition: missed deadlines warn earlier
 * (`due_soon_hours` × 1.5), stuck tasks are chased sooner (`stale_hours` of P1 and P2 × 0.75),
 * wrong recalls add the names the incidents mention as recall triggers. Keys that a proposed or
 * applied patch already changes are left alone. Prompt and procedure patches need a language
 * model and are not proposed here.
 */
export function proposePatches(
  analysis: ImprovementAnalysis,
  incidents: readonly Incident[],
  config: OpsConfig,
  busyKeys: ReadonlySet<string>,
): PatchDraft[] {
  const settings = settingsFrom(config);
  const drafts: PatchDraft[] = [];
  const completionFloor: RollbackCondition = { metric: 'completion_rate', below: 0.5, days: 3 };
  const top = analysis.top_failure;
  const count = top === null ? 0 : (analysis.incidents_by_type[top] ?? 0);
  if (top === 'MISSED_DEADLINE') {
    const change = numberChange(
      config,
      'due_soon_hours',
      settings.dueSoonHours,
      settings.dueSoonHours * 1.5,
    );
    if (change !== null) {
      drafts.push({
        title: 'Warn about deadlines earlier',
        root_cause: `${count} missed deadline(s) in ${analysis.window.length} days: the ${settings.dueSoonHours} h warning came too late to act on`,
        change,
        rollback: completionFloor,
        watch: ['completion_rate', 'incidents_by_type.MISSED_DEADLINE'],
      });
    }
  } else if (top === 'TASK_STUCK') {
    for (const priority of ['P1', 'P2'] as const) {
      const key = `stale_hours.${priority}`;
      const current = settings.staleHours[priority];
      const change = numberChange(config, key, current, current * 0.75);
      if (change !== null) {
        drafts.push({
          title: `Chase stale ${priority} tasks sooner`,
          root_cause: `${count} stuck task(s) in ${analysis.window.length} days: reminders at ${current} h without progress came late`,
          change,
          rollback: completionFloor,
          watch: ['completion_rate', 'incidents_by_type.TASK_STUCK'],
        });
      }
    }
  } else if (top === 'WRONG_RECALL') {
    const names = new Map<string, number>();
    for (const incident of incidents) {
      if (incident.type !== 'WRONG_RECALL' || !analysis.window.includes(incident.at.slice(0, 10)))
        continue;
      for (const match of incident.detail.matchAll(
        /\b[A-Z][A-Za-z0-9]+(?:\s[A-Z][A-Za-z0-9]+)*\b/g,
      )) {
        names.set(match[0], (names.get(match[0]) ?? 0) + 1);
      }
    }
    const current = config['recall.triggers'];
    const existing = Array.isArray(current) ? (current as readonly string[]) : [];
    const added = [...names.entries()]
      .filter(([name]) => !existing.includes(name))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 3)
      .map(([name]) => name);
    if (added.length > 0) {
      drafts.push({
        title: `Load ${added.join(', ')} into the recall pack when named`,
        root_cause: `${count} wrong recall(s): the pack did not load what the incidents name`,
        change: {
          key: 'recall.triggers',
          from: existing.length === 0 ? null : existing,
          to: [...existing, ...added].sort(),
        },
        rollback: { metric: 'recall_hit_rate', below: 0.5, days: 3 },
        watch: ['recall_hit_rate', 'incidents_by_type.WRONG_RECALL'],
      });
    }
  }
  return drafts.filter((d) => !busyKeys.has(d.change.key)).slice(0, 3);
}

/** Builds the patch records for `drafts`, ids `PATCH-<day>-NNN` after `used` of that day. */
export function toPatches(
  drafts: readonly PatchDraft[],
  analysis: ImprovementAnalysis,
  now: number,
  used: number,
): Patch[] {
  const day = toIso(now).slice(0, 10).replace(/-/g, '');
  return drafts.map((draft, index) => ({
    patch_id: `PATCH-${day}-${String(used + index + 1).padStart(3, '0')}`,
    title: draft.title,
    incident_type: analysis.top_failure,
    evidence: `window ${analysis.window[0] ?? '?'}..${analysis.window[analysis.window.length - 1] ?? '?'}: ${JSON.stringify(analysis.incidents_by_type)}; completion_rate ${analysis.completion_rate ?? 'n/a'}; recall_hit_rate ${analysis.recall_hit_rate ?? 'n/a'}`,
    root_cause: draft.root_cause,
    change: draft.change,
    rollback_condition: draft.rollback,
    metrics_to_watch: draft.watch,
    status: 'proposed',
    proposed_at: toIso(now),
    reviewed_at: null,
    reviewer: null,
    review_note: null,
    applied_at: null,
    rolled_back_at: null,
    rollback_reason: null,
  }));
}

/**
 * Whether an applied patch's rollback condition holds: its metric was below the floor on each
 * of the last `days` complete days since it was applied (days without data do not count).
 */
export function rollbackDue(patch: Patch, metrics: readonly DailyMetrics[]): string | null {
  if (patch.status !== 'applied' || patch.applied_at === null) return null;
  const since = patch.applied_at.slice(0, 10);
  const { metric, below, days } = patch.rollback_condition;
  const after = metrics.filter((m) => m.date > since && m[metric] !== null);
  const last = after.slice(-days);
  if (last.length < days) return null;
  if (!last.every((m) => (m[metric] ?? 1) < below)) return null;
  return `${metric} below ${below} for ${days} days (${last.map((m) => `${m.date}: ${m[metric]}`).join(', ')})`;
}

/** Defaults of the parameters patches may change (for the records). */
const PARAMETER_DEFAULTS: Readonly<Record<string, number>> = {
  'stale_hours.P0': DEFAULT_RECONCILE_SETTINGS.staleHours.P0,
  'stale_hours.P1': DEFAULT_RECONCILE_SETTINGS.staleHours.P1,
  'stale_hours.P2': DEFAULT_RECONCILE_SETTINGS.staleHours.P2,
  'stale_hours.P3': DEFAULT_RECONCILE_SETTINGS.staleHours.P3,
  due_soon_hours: DEFAULT_RECONCILE_SETTINGS.dueSoonHours,
  dead_man_repeat_hours: DEFAULT_RECONCILE_SETTINGS.deadManRepeatHours,
};

/** The markdown record of a patch (`ops/patches/<status>/<id>.md`). */
export function renderPatchRecord(patch: Patch): string {
  const value = (v: PatchChange['from']) =>
    v === null
      ? `default (${PARAMETER_DEFAULTS[patch.change.key] ?? 'none'})`
      : Array.isArray(v)
        ? v.join(', ')
        : String(v);
  const lines = [
    `# ${patch.patch_id}: ${patch.title}`,
    '',
    `Status: ${patch.status}`,
    '',
    '## Failure mode',
    '',
    `${patch.incident_type ?? 'none'} — ${patch.evidence}`,
    '',
    '## Root cause',
    '',
    patch.root_cause,
    '',
    '## Change',
    '',
    `\`${patch.change.key}\`: ${value(patch.change.from)} → ${value(patch.change.to)}`,
    ...(patch.proposed_by === undefined ? [] : ['', `Proposed by ${patch.proposed_by}.`]),
    '',
    '## Review',
    '',
    patch.reviewed_at === null
      ? 'Waiting for review (`verity patches approve|reject`).'
      : `${patch.reviewer ?? '?'} at ${patch.reviewed_at}${patch.review_note === null ? '' : `: ${patch.review_note}`}`,
    '',
    '## Rollback condition',
    '',
    `${patch.rollback_condition.metric} below ${patch.rollback_condition.below} for ${patch.rollback_condition.days} consecutive days.`,
    ...(patch.rolled_back_at === null
      ? []
      : ['', `Rolled back at ${patch.rolled_back_at}: ${patch.rollback_reason ?? ''}`]),
    '',
    '## Metrics to watch',
    '',
    ...patch.metrics_to_watch.map((m) => `- ${m}`),
    '',
  ];
  return lines.join('\n');
}
