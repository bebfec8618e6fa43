// The improvement loop: parameter patches, their review, rollback and experiments.

import {
  type DailyMetrics,
  EngineError,
  type Incident,
  type JsonObject,
  toIso,
} from '../../core/index.js';
import { EVENT_TYPES } from '../../ledger/index.js';
import {
  analyzeWindow,
  type ImprovementAnalysis,
  type OpsConfig,
  type Patch,
  type PatchStatus,
  proposeLlmPatches,
  proposePatches,
  readConfig,
  readIncidents,
  rollbackDue,
  TASK_KEYS,
  type TaskEventDraft,
  toPatches,
  windowBefore,
} from '../../tasks/index.js';
import type { TasksRuntime } from './runtime.js';
import { metricsFor, readPatches } from './runtime.js';
import type { Experiment, ImprovementReport } from './types.js';

/** Rolls back every applied patch whose rollback condition holds. */
export async function checkRollbacks(rt: TasksRuntime): Promise<Patch[]> {
  const now = rt.clock.now();
  const due: { patch: Patch; reason: string }[] = [];
  for (const patch of await readPatches(rt)) {
    if (patch.status !== 'applied' || patch.applied_at === null) continue;
    const days = Math.floor((now - Date.parse(patch.applied_at)) / 86_400_000);
    const reason = rollbackDue(patch, await metricsFor(rt, windowBefore(now, Math.max(0, days))));
    if (reason !== null) due.push({ patch, reason });
  }
  if (due.length === 0) return [];
  await rt.record(async () => ({
    drafts: due.flatMap(({ patch, reason }) => [
      {
        type: EVENT_TYPES.patchRolledBack,
        payload: { patch_id: patch.patch_id, reason },
        entityId: null,
      },
      {
        type: EVENT_TYPES.configChanged,
        payload: {
          key: patch.change.key,
          value: patch.change.from as JsonObject[string],
          patch_id: patch.patch_id,
          reason: `rolled back ${patch.patch_id}: ${reason}`,
        },
        entityId: null,
      },
    ]),
    value: null,
  }));
  const ids = new Set(due.map((d) => d.patch.patch_id));
  return (await readPatches(rt)).filter((p) => ids.has(p.patch_id));
}

/** Patches a night may propose in all (seed 004: 1–3). */
const MAX_PATCHES_PER_NIGHT = 3;

/**
 * The model's procedure and prompt patches for the slots the offline ones left, as patch records
 * numbered after them and marked with the model that drafted them.
 */
async function modelPatches(
  rt: TasksRuntime,
  context: {
    analysis: ImprovementAnalysis;
    incidents: readonly Incident[];
    config: OpsConfig;
    busy: ReadonlySet<string>;
    slots: number;
    used: number;
  },
): Promise<{ patches: Patch[]; llm: NonNullable<ImprovementReport['llm']> } | null> {
  const model = rt.languageModel;
  if (model === null || context.analysis.top_failure === null || context.slots <= 0) return null;
  const outcome = await proposeLlmPatches(
    model,
    context.analysis,
    context.incidents,
    context.config,
    context.busy,
  );
  const drafts = outcome.drafts.slice(0, context.slots);
  const by = `llm:${model.provider}/${model.modelId}`;
  const patches = toPatches(drafts, context.analysis, rt.clock.now(), context.used).map((p) => ({
    ...p,
    proposed_by: by,
  }));
  return { patches, llm: { status: outcome.status, notes: outcome.notes } };
}

/**
 * The nightly improvement loop: analyse, propose offline parameter patches and, with a language
 * model, procedure and prompt patches for the slots left; then check rollbacks. The model's
 * answer is recorded in the `patch.proposed` events, so replay never asks it again.
 */
export async function improve(rt: TasksRuntime): Promise<ImprovementReport> {
  const now = rt.clock.now();
  const window = windowBefore(now);
  const metrics = await metricsFor(rt, window);
  const incidents = await readIncidents(rt.store);
  const analysis = analyzeWindow(metrics, incidents);
  const existing = await readPatches(rt);
  const busy = new Set(
    existing
      .filter((p) => p.status === 'proposed' || p.status === 'applied')
      .map((p) => p.change.key),
  );
  const config = await readConfig(rt.store);
  const drafts = proposePatches(analysis, incidents, config, busy);
  const day = toIso(now).slice(0, 10).replace(/-/g, '');
  const used = existing.filter((p) => p.patch_id.startsWith(`PATCH-${day}-`)).length;
  const offline = toPatches(drafts, analysis, now, used);
  const fromModel = await modelPatches(rt, {
    analysis,
    incidents,
    config,
    busy: new Set([...busy, ...offline.map((p) => p.change.key)]),
    slots: MAX_PATCHES_PER_NIGHT - offline.length,
    used: used + offline.length,
  });
  const patches = [...offline, ...(fromModel?.patches ?? [])];
  if (patches.length > 0) {
    await rt.record(async () => ({
      drafts: patches.map((patch) => ({
        type: EVENT_TYPES.patchProposed,
        payload: { patch_id: patch.patch_id, patch: patch as unknown as JsonObject },
        entityId: null,
        dedupeKey: `patch:${patch.change.key}:${patch.proposed_at.slice(0, 10)}`,
      })),
      value: null,
    }));
  }
  const rolledBack = await checkRollbacks(rt);
  const stored = await readPatches(rt);
  return {
    analysis,
    proposed: stored.filter((p) => patches.some((n) => n.patch_id === p.patch_id)),
    rolled_back: rolledBack,
    ...(fromModel === null ? {} : { llm: fromModel.llm }),
  };
}

/** Patches, optionally of one status. */
export async function patches(
  rt: TasksRuntime,
  patchOptions: { readonly status?: PatchStatus } = {},
): Promise<readonly Patch[]> {
  const all = await readPatches(rt);
  return patchOptions.status === undefined
    ? all
    : all.filter((p) => p.status === patchOptions.status);
}

/** Approves (applies) or rejects a proposed patch. */
export async function reviewPatch(
  rt: TasksRuntime,
  id: string,
  verdict: 'approved' | 'rejected',
  note?: string,
): Promise<Patch> {
  await rt.record(async (reader) => {
    const patch = (await reader.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
    if (patch === null) throw new EngineError('NOT_FOUND', `no patch ${id}`, { patch_id: id });
    if (patch.status !== 'proposed') {
      throw new EngineError('CONFLICT', `${id} is ${patch.status}, not waiting for review`, {
        patch_id: id,
      });
    }
    const drafts: TaskEventDraft[] = [
      {
        type: EVENT_TYPES.patchReviewed,
        payload: { patch_id: id, verdict, reviewer: 'user', note: note ?? null },
        entityId: null,
      },
    ];
    if (verdict === 'approved') {
      drafts.push({
        type: EVENT_TYPES.configChanged,
        payload: {
          key: patch.change.key,
          value: patch.change.to as JsonObject[string],
          patch_id: id,
          reason: `applied ${id}: ${patch.title}`,
        },
        entityId: null,
      });
    }
    return { drafts, value: null };
  });
  return (await rt.store.getMeta(TASK_KEYS.patch(id))) as unknown as Patch;
}

/** The experiments registry: each applied patch with its metric before and after. */
export async function experiments(rt: TasksRuntime): Promise<readonly Experiment[]> {
  const now = rt.clock.now();
  const out: Experiment[] = [];
  for (const patch of await readPatches(rt)) {
    if ((patch.status !== 'applied' && patch.status !== 'rolled_back') || patch.applied_at === null)
      continue;
    const metric = patch.rollback_condition.metric;
    const applied = Date.parse(patch.applied_at);
    const before = await metricsFor(rt, windowBefore(applied));
    const end = patch.rolled_back_at === null ? now : Date.parse(patch.rolled_back_at);
    const appliedDay = patch.applied_at.slice(0, 10);
    const afterDays = windowBefore(
      end,
      Math.max(0, Math.floor((end - applied) / 86_400_000)),
    ).filter((d) => d > appliedDay);
    const after = await metricsFor(rt, afterDays);
    const mean = (list: readonly DailyMetrics[]) => {
      const values = list.map((m) => m[metric]).filter((v): v is number => v !== null);
      return values.length === 0
        ? null
        : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    };
    out.push({
      id: `EXP-${patch.patch_id.slice(6)}`,
      patch_id: patch.patch_id,
      name: patch.title,
      started: patch.applied_at,
      hypothesis: `${patch.change.key} → ${JSON.stringify(patch.change.to)} reduces ${patch.incident_type ?? 'incidents'}`,
      success_metric: metric,
      rollback_if: `${metric} < ${patch.rollback_condition.below} for ${patch.rollback_condition.days} days`,
      status: patch.status === 'applied' ? 'active' : 'rolled_back',
      variants: [
        { name: 'baseline', days: before.length, value: mean(before) },
        { name: 'patched', days: after.length, value: mean(after) },
      ],
    });
  }
  return out;
}
