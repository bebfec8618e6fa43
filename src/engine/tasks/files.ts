// The task and ops files projected into the workspace.

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isTerminal,
  renderTaskEventsJsonl,
  stableJson,
  TASK_EVENT_TYPES,
  type TaskEventLine,
  toIso,
  toJsonLines,
} from '../../core/index.js';
import {
  guidanceInForce,
  readConfig,
  readIncidents,
  readTasks,
  renderGuidanceFile,
  renderPatchRecord,
  windowBefore,
} from '../../tasks/index.js';
import { experiments } from './patches.js';
import type { TasksRuntime } from './runtime.js';
import { metricsFor, readPatches } from './runtime.js';
import type { TaskFilesReport } from './types.js';

const TASK_LINE_EVENTS: ReadonlySet<string> = new Set(Object.values(TASK_EVENT_TYPES));

/** One `tasks/events.jsonl` line for a task event; null for an event of no task. */
function lineOf(type: string, payload: Record<string, unknown>, at: string): TaskEventLine | null {
  const taskId = payload['task_id'];
  if (typeof taskId !== 'string') return null;
  const name = type.split('.')[1]?.toUpperCase() ?? type;
  const to = typeof payload['to'] === 'string' ? ` → ${payload['to']}` : '';
  const level = typeof payload['level'] === 'number' ? ` E${payload['level']}` : '';
  const detail =
    type === TASK_EVENT_TYPES.created
      ? String(payload['title'] ?? '')
      : type === TASK_EVENT_TYPES.notified
        ? String(payload['message'] ?? '')
        : type === TASK_EVENT_TYPES.incident
          ? `${String(payload['type'])}: ${String(payload['detail'] ?? '')}`
          : `${to}${level} ${String(payload['reason'] ?? '')}`.trim();
  return {
    ts: at,
    task_id: taskId,
    event: name,
    actor: String(payload['actor'] ?? 'user'),
    detail,
  };
}

async function writeIfChanged(path: string, text: string): Promise<boolean> {
  let current: string | null = null;
  try {
    current = await readFile(path, 'utf8');
  } catch (error: unknown) {
    // A missing file is written below; any other read failure surfaces on the write.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (current === text) return false;
  await writeFile(path, text, 'utf8');
  return true;
}

/**
 * The days whose metrics files are written: the seven before today and today, but none before the
 * day of the first ledger event (a store opened today has no history to count, and seven files of
 * zeros would read as seven days measured).
 */
async function metricDays(rt: TasksRuntime): Promise<string[]> {
  const [first] = await rt.store.readEvents(0, 1);
  if (first === undefined) return [];
  const firstDay = toIso(Date.parse(first.recordedAt)).slice(0, 10);
  const today = toIso(rt.clock.now()).slice(0, 10);
  return [...windowBefore(rt.clock.now()), today].filter((day) => day >= firstDay);
}

/** Writes the task and ops file projections into `dir` (only files whose bytes change). */
export async function writeWorkspace(rt: TasksRuntime, dir: string): Promise<TaskFilesReport> {
  const written: string[] = [];
  const removed: string[] = [];
  const tasks = await readTasks(rt.store);
  const folders = { active: join(dir, 'tasks', 'active'), done: join(dir, 'tasks', 'done') };
  await mkdir(folders.active, { recursive: true });
  await mkdir(folders.done, { recursive: true });
  await mkdir(join(dir, 'ops'), { recursive: true });
  await mkdir(join(dir, 'recall'), { recursive: true });
  const wanted = new Map<string, string>();
  for (const task of tasks) {
    const folder = isTerminal(task.state) ? 'done' : 'active';
    wanted.set(join('tasks', folder, `${task.id}.json`), stableJson(task));
  }
  for (const folder of ['active', 'done'] as const) {
    for (const name of await readdir(folders[folder])) {
      const relative = join('tasks', folder, name);
      if (/^TASK-\d{8}-\d+\.json$/.test(name) && !wanted.has(relative)) {
        await rm(join(dir, relative));
        removed.push(relative);
      }
    }
  }
  const lines: TaskEventLine[] = [];
  const last = await rt.store.lastSeq();
  for (let after = 0; after < last; ) {
    const batch = await rt.store.readEvents(after, 1000);
    if (batch.length === 0) break;
    for (const event of batch) {
      after = event.seq;
      if (event.redacted || !TASK_LINE_EVENTS.has(event.type)) continue;
      const line = lineOf(event.type, event.payload, event.recordedAt);
      if (line !== null) lines.push(line);
    }
  }
  wanted.set(join('tasks', 'events.jsonl'), renderTaskEventsJsonl(lines));
  const incidents = await readIncidents(rt.store);
  wanted.set(join('ops', 'incidents.jsonl'), toJsonLines(incidents));
  const patches = await readPatches(rt);
  const guidance = guidanceInForce(await readConfig(rt.store), patches);
  wanted.set(join('recall', 'guidance.md'), renderGuidanceFile(guidance));
  for (const patch of patches) {
    const folder = patch.status === 'proposed' ? 'proposed' : patch.status;
    wanted.set(join('ops', 'patches', folder, `${patch.patch_id}.md`), renderPatchRecord(patch));
  }
  const registry = await experiments(rt);
  wanted.set(
    join('ops', 'experiments.json'),
    stableJson({
      active: registry.filter((e) => e.status === 'active'),
      completed: registry.filter((e) => e.status !== 'active'),
    }),
  );
  for (const metrics of await metricsFor(rt, await metricDays(rt))) {
    wanted.set(join('ops', 'metrics', `${metrics.date}.json`), stableJson(metrics));
  }
  for (const folder of ['proposed', 'applied', 'rejected', 'rolled_back']) {
    const path = join(dir, 'ops', 'patches', folder);
    await mkdir(path, { recursive: true });
    for (const name of await readdir(path)) {
      const relative = join('ops', 'patches', folder, name);
      if (/^PATCH-\d{8}-\d+\.md$/.test(name) && !wanted.has(relative)) {
        await rm(join(dir, relative));
        removed.push(relative);
      }
    }
  }
  await mkdir(join(dir, 'ops', 'metrics'), { recursive: true });
  for (const [relative, text] of [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (await writeIfChanged(join(dir, relative), text)) written.push(relative);
  }
  return { written, removed };
}
