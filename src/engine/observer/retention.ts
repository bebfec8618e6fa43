// The retention policy over recorded observations.
import { type JsonObject, toIso } from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  applyRetentionPolicy,
  type ObserverOutput,
  RETENTION_POLICY,
  readCaptures,
  readObservations,
  readRetention,
  type StoredObservations,
} from '../../observer/index.js';
import type { ObserverRuntime } from './runtime.js';
import type { RetentionReport } from './types.js';

/** Applies the retention policy to recorded observations and records what it pruned or archived. */
export async function applyRetention(rt: ObserverRuntime): Promise<RetentionReport> {
  const all: {
    observation_id: string;
    memory_priority: ObserverOutput['segments'][number]['observations'][number]['memory_priority'];
    at: string | null;
  }[] = [];
  const fallback = new Map<string, string>();
  for (const capture of await readCaptures(rt.store)) {
    const stored: StoredObservations | null = await readObservations(rt.store, capture.capture_key);
    if (stored === null) continue;
    for (const s of stored.segments) {
      for (const o of s.observations) {
        all.push(o);
        fallback.set(o.observation_id, stored.recorded_at);
      }
    }
  }
  const result = applyRetentionPolicy(all, fallback, rt.clock.now(), await readRetention(rt.store));
  if (result.pruned.length + result.archived.length > 0) {
    await rt.record(EVENT_TYPES.retentionApplied, {
      at: toIso(rt.clock.now()),
      policy: RETENTION_POLICY as unknown as JsonObject,
      pruned: result.pruned,
      archived: result.archived,
    });
  }
  return { policy: RETENTION_POLICY, ...result };
}
