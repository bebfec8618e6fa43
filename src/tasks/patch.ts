import type { IncidentType } from '../core/index.js';

/** A patch's lifecycle: proposed → approved → applied → (rolled_back), or rejected. */
export type PatchStatus = 'proposed' | 'rejected' | 'applied' | 'rolled_back';

/** When a patch is undone automatically: a daily metric below a floor for `days` days running. */
export interface RollbackCondition {
  readonly metric: 'completion_rate' | 'recall_hit_rate';
  readonly below: number;
  readonly days: number;
}

/** One parameter change a patch makes. */
export interface PatchChange {
  readonly key: string;
  readonly from: number | readonly string[] | null;
  readonly to: number | readonly string[];
}

/** A patch as a planner drafts it (from the metrics or by a model), before it gets an id. */
export interface PatchDraft {
  readonly title: string;
  readonly root_cause: string;
  readonly change: PatchChange;
  readonly rollback: RollbackCondition;
  readonly watch: readonly string[];
}

/** A proposed improvement (seed 004's `ops/patches/` record). */
export interface Patch {
  /** `PATCH-YYYYMMDD-NNN`. */
  readonly patch_id: string;
  readonly title: string;
  /** The failure mode the patch answers. */
  readonly incident_type: IncidentType | null;
  readonly evidence: string;
  readonly root_cause: string;
  readonly change: PatchChange;
  readonly rollback_condition: RollbackCondition;
  /** Metrics to compare before and after (the experiment's success metric first). */
  readonly metrics_to_watch: readonly string[];
  readonly status: PatchStatus;
  readonly proposed_at: string;
  readonly reviewed_at: string | null;
  readonly reviewer: string | null;
  readonly review_note: string | null;
  readonly applied_at: string | null;
  readonly rolled_back_at: string | null;
  readonly rollback_reason: string | null;
  /** The model that drafted it (`llm:<provider>/<model>`); absent for offline parameter patches. */
  readonly proposed_by?: string;
}
