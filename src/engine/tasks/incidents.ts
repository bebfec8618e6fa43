// Incidents and daily metrics.

import {
  computeDailyMetrics,
  type DailyMetrics,
  EngineError,
  INCIDENT_TYPES,
  type Incident,
  sha256Hex,
  toIso,
} from '../../core/index.js';
import {
  draftIncident,
  type IncidentInput,
  readCounters,
  readIncidents,
  readTasks,
} from '../../tasks/index.js';
import type { TasksRuntime } from './runtime.js';
import type { ListIncidentsOptions } from './types.js';

/** Logs an incident (deduplicated per day and content). */
export async function logIncident(rt: TasksRuntime, input: IncidentInput): Promise<Incident> {
  if (!(INCIDENT_TYPES as readonly string[]).includes(input.type)) {
    throw new EngineError('VALIDATION_FAILED', `type must be one of ${INCIDENT_TYPES.join(', ')}`, {
      field: 'type',
    });
  }
  if (input.detail.trim() === '') {
    throw new EngineError('VALIDATION_FAILED', 'an incident needs a detail', {
      field: 'detail',
    });
  }
  const now = rt.clock.now();
  const draft = draftIncident(input, now, sha256Hex);
  await rt.record(async () => ({ drafts: [draft], value: null }));
  const id = String(draft.payload['incident_id']);
  const incidents = await readIncidents(rt.store);
  const found = incidents.find((i) => i.incident_id === id);
  if (found === undefined) throw new EngineError('STORE_FAILED', `incident ${id} not stored`);
  return found;
}

/** Incidents in ledger order, filtered by type and time. */
export async function incidents(
  rt: TasksRuntime,
  listOptions: ListIncidentsOptions = {},
): Promise<readonly Incident[]> {
  return (await readIncidents(rt.store)).filter(
    (i) =>
      (listOptions.type === undefined || i.type === listOptions.type) &&
      (listOptions.since === undefined || i.at >= listOptions.since),
  );
}

/** Seed 004's daily metrics for a UTC day (default: today). */
export async function metrics(rt: TasksRuntime, date?: string): Promise<DailyMetrics> {
  const day = date ?? toIso(rt.clock.now()).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new EngineError('VALIDATION_FAILED', 'date must be YYYY-MM-DD', { field: 'date' });
  }
  return computeDailyMetrics(
    day,
    await readTasks(rt.store),
    await readIncidents(rt.store),
    await readCounters(rt.store, day),
    toIso(rt.clock.now()),
  );
}
