import { roundTo } from '../confidence.js';
import type { IncidentType } from './plan-reconcile.js';
import type { Incident } from './render-tasks.js';
import type { Task } from './task.js';

/** Counters the fold keeps per UTC day for what task views cannot tell afterwards. */
export interface DayCounters {
  readonly escalations_triggered: number;
  readonly recall_pack_items_used: number;
  readonly recall_pack_items_referenced: number;
}

/** No counters yet. */
export const EMPTY_DAY_COUNTERS: DayCounters = {
  escalations_triggered: 0,
  recall_pack_items_used: 0,
  recall_pack_items_referenced: 0,
};

/** Seed 004's daily metrics (`ops/metrics/YYYY-MM-DD.json`). */
export interface DailyMetrics {
  readonly date: string;
  readonly tasks_created: number;
  readonly tasks_completed: number;
  /**
   * Open at the end of the day (or at the moment asked, for the current day) with a deadline
   * before it, or completed that day after their deadline.
   */
  readonly tasks_overdue: number;
  /** completed / (completed + overdue), null when both are 0. */
  readonly completion_rate: number | null;
  /** Over tasks created that day that reached work; null when none did. */
  readonly avg_time_to_first_action_hours: number | null;
  readonly incidents_count: number;
  readonly incidents_by_type: Readonly<Partial<Record<IncidentType, number>>>;
  readonly recall_pack_items_used: number;
  readonly recall_pack_items_referenced_in_output: number;
  /** referenced / used, null when no pack item was used. */
  readonly recall_hit_rate: number | null;
  readonly escalations_triggered: number;
}

/**
 * Computes one UTC day's metrics from the task views, the incidents and the day's counters.
 * Depends only on its inputs. Overdue is judged at the day's end (`date`T24:00Z), or at `asOf`
 * when that falls within the day: asked at 10:00, a task due at 17:00 that day is not overdue yet.
 */
export function computeDailyMetrics(
  date: string,
  tasks: readonly Task[],
  incidents: readonly Incident[],
  counters: DayCounters,
  asOf?: string,
): DailyMetrics {
  const dayEnd = `${date}T23:59:59.999Z`;
  const end = asOf !== undefined && asOf.slice(0, 10) === date ? asOf : dayEnd;
  const onDay = (at: string | null) => at !== null && at.slice(0, 10) === date;
  const created = tasks.filter((t) => onDay(t.created_at));
  const completed = tasks.filter((t) => t.state === 'DONE' && onDay(t.completed_at));
  const overdue = tasks.filter((t) => {
    if (t.due === null || t.due > end || t.state === 'CANCELLED') return false;
    if (t.completed_at === null || t.completed_at > end) return t.due <= end;
    return onDay(t.completed_at) && t.completed_at > t.due;
  });
  const firstActions = created
    .filter((t) => t.first_action_at !== null)
    .map((t) => (Date.parse(t.first_action_at ?? '') - Date.parse(t.created_at)) / 3_600_000);
  const dayIncidents = incidents.filter((i) => onDay(i.at));
  const byType: Partial<Record<IncidentType, number>> = {};
  for (const incident of [...dayIncidents].sort((a, b) => (a.type < b.type ? -1 : 1))) {
    byType[incident.type] = (byType[incident.type] ?? 0) + 1;
  }
  const base = completed.length + overdue.length;
  return {
    date,
    tasks_created: created.length,
    tasks_completed: completed.length,
    tasks_overdue: overdue.length,
    completion_rate: base === 0 ? null : roundTo(completed.length / base, 2),
    avg_time_to_first_action_hours:
      firstActions.length === 0
        ? null
        : roundTo(firstActions.reduce((s, h) => s + h, 0) / firstActions.length, 2),
    incidents_count: dayIncidents.length,
    incidents_by_type: byType,
    recall_pack_items_used: counters.recall_pack_items_used,
    recall_pack_items_referenced_in_output: counters.recall_pack_items_referenced,
    recall_hit_rate:
      counters.recall_pack_items_used === 0
        ? null
        : roundTo(counters.recall_pack_items_referenced / counters.recall_pack_items_used, 2),
    escalations_triggered: counters.escalations_triggered,
  };
}
