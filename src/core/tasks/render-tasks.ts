import { deadManStanding, holdsDeadMan, type IncidentType } from './plan-reconcile.js';
import { isTerminal, TASK_PRIORITIES, type Task } from './task.js';

/** One logged incident, as kept in the ops view and shown on every surface. */
export interface Incident {
  /** `INC-YYYYMMDD-<8 hex>`: derived from the event, stable under replay. */
  readonly incident_id: string;
  readonly type: IncidentType;
  readonly task_id: string | null;
  readonly detail: string;
  readonly severity: 'low' | 'medium' | 'high';
  readonly actor: string;
  readonly at: string;
}

function sortValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortValue);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries.map(([k, v]) => [k, sortValue(v)]));
  }
  return value;
}

/** Pretty JSON with keys in code-unit order and a final newline: byte-stable for equal values. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortValue(value), null, 2)}\n`;
}

function rank(task: Task): number {
  return task.priority === null ? TASK_PRIORITIES.length : TASK_PRIORITIES.indexOf(task.priority);
}

/** Open tasks first by priority, then due (none last), then id. */
export function compareTasks(a: Task, b: Task): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  const dueA = a.due ?? '\uffff';
  const dueB = b.due ?? '\uffff';
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The dead-man line HEARTBEAT.md shows while a P0 task holds the switch (`deadManStanding`). */
export function deadManLine(task: Task): string {
  const ack =
    task.acknowledged_at === null ? 'unacknowledged' : `acknowledged ${task.acknowledged_at}`;
  return `- ⚠️ BLOCKED: P0 task ${task.id} "${task.title}" ${deadManStanding(task)} (${ack}). Must be DONE or CANCELLED before other work.`;
}

/** Owners that are the people in the conversation; anyone else is named on the task's line. */
const SELF_OWNERS: ReadonlySet<string> = new Set(['user', 'assistant', 'we']);

/**
 * One task as a line on every surface: `ID title (priority, state, due …, E<n>, owner …)`. The
 * owner is shown only when it is someone else ("Ana will send me the quotes" is Ana's to do).
 */
export function taskSummary(task: Task): string {
  const parts = [task.priority ?? 'untriaged', task.state];
  if (task.due !== null) parts.push(`due ${task.due}`);
  if (task.escalation_level > 0) parts.push(`E${task.escalation_level}`);
  if (task.owner !== null && !SELF_OWNERS.has(task.owner)) parts.push(`owner ${task.owner}`);
  return `${task.id} ${task.title} (${parts.join(', ')})`;
}

/**
 * The HEARTBEAT.md `tasks` zone: one BLOCKED line per task holding the dead-man switch, then one
 * unchecked line per open task (priority, due, id order), at most `limit`. Pure and
 * deterministic; it reads no clock.
 */
export function renderTasksZone(tasks: readonly Task[], limit = 20): string {
  const open = tasks.filter((t) => !isTerminal(t.state)).sort(compareTasks);
  const lines = open.filter(holdsDeadMan).map(deadManLine);
  for (const task of open.slice(0, limit)) lines.push(`- [ ] ${taskSummary(task)}`);
  if (open.length > limit) lines.push(`- … and ${open.length - limit} more open tasks`);
  return lines.length === 0 ? '_No open tasks._' : lines.join('\n');
}

/** One line of `tasks/events.jsonl`: the seed's shape plus the change itself. */
export interface TaskEventLine {
  readonly ts: string;
  readonly task_id: string;
  readonly event: string;
  readonly actor: string;
  readonly detail: string;
}

/** JSON Lines with keys in code-unit order: byte-stable for equal values. */
export function toJsonLines(values: readonly unknown[]): string {
  return values.map((value) => `${JSON.stringify(sortValue(value))}\n`).join('');
}

/** `tasks/events.jsonl`: one stable JSON object per line, in ledger order. */
export function renderTaskEventsJsonl(lines: readonly TaskEventLine[]): string {
  return toJsonLines(lines);
}
