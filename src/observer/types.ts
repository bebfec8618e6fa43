/** Observation priority (seed 002): durable facts and decisions, working context, ephemeral. */
export type ObservationPriority = 'red' | 'yellow' | 'green';

/** Memory priority (seed 004): P0 permanent, P1 important, P2 contextual, P3 ephemeral. */
export type MemoryPriority = 'P0' | 'P1' | 'P2' | 'P3';

/** Typed memory events (seed 004), plus `problem` and `question` for what the reflector drops. */
export type MemoryType =
  | 'fact'
  | 'decision'
  | 'preference'
  | 'commitment'
  | 'constraint'
  | 'procedure'
  | 'relationship'
  | 'insight'
  | 'conflict'
  | 'problem'
  | 'question';

/** One observation: a prioritised, dated statement with the messages it came from. */
export interface Observation {
  /** `o-` + 12 hex of sha256(capture key, source ids, text): stable across replays. */
  readonly observation_id: string;
  readonly priority: ObservationPriority;
  readonly memory_priority: MemoryPriority;
  readonly type: MemoryType;
  /** `HH:MM` from the transcript, or null when the source had no timestamp (never invented). */
  readonly time: string | null;
  /** When the source message was written (RFC 3339), or null. */
  readonly at: string | null;
  readonly text: string;
  /** Who said it. Assertions by the user outrank the assistant's. */
  readonly speaker: 'user' | 'assistant';
  readonly source_message_ids: readonly string[];
  /** A problem later fixed in the same session: the id of the observation holding the fix. */
  readonly resolved_by: string | null;
}

/** A coherent stretch of a session: a narrative and the facts retained from it. */
export interface Segment {
  readonly segment_id: string;
  readonly title: string;
  /** One to three sentences on what happened (operational context). */
  readonly narrative: string;
  readonly first_at: string | null;
  readonly last_at: string | null;
  readonly message_count: number;
  readonly observations: readonly Observation[];
}

/** What one observer run produced for one capture (the payload of `observations.recorded`). */
export interface ObserverOutput {
  readonly capture_key: string;
  readonly session_id: string;
  /** `rules@1`, or `llm:<provider>/<model>`. */
  readonly observer: string;
  /** The session's day (of its first timestamp), `YYYY-MM-DD`, or the capture day. */
  readonly date: string;
  readonly segments: readonly Segment[];
  readonly current_task: string | null;
  /** Set when `memory forget` recorded these again without what it forgot: the first recording. */
  readonly first_recorded_at?: string;
}

/** MEMORY.md sections proposals target. */
export type MemorySection =
  | 'Preferences'
  | 'Hard Rules'
  | 'Decisions'
  | 'System Architecture'
  | 'Patterns';

/** The sections, in the order MEMORY.md lists them. */
export const MEMORY_SECTIONS: readonly MemorySection[] = [
  'Preferences',
  'Hard Rules',
  'Decisions',
  'System Architecture',
  'Patterns',
];

/** A proposed MEMORY.md line, as the reflector stages it. */
export interface ProposalDraft {
  /** `p-YYYYMMDD-NNN`. */
  readonly proposal_id: string;
  /** `update` adds a line; `consolidation` asks to merge or retire lines over the budget. */
  readonly kind: 'update' | 'consolidation';
  readonly section: MemorySection;
  readonly text: string;
  readonly type: MemoryType;
  readonly memory_priority: MemoryPriority;
  readonly source_observation_ids: readonly string[];
  /** Promoted entries a consolidation proposal would retire. */
  readonly retire_memory_ids: readonly string[];
}

/** Status of a proposal. */
export type ProposalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** A proposal as kept in derived state. */
export interface Proposal extends ProposalDraft {
  readonly status: ProposalStatus;
  readonly staged_at: string;
  readonly resolved_at: string | null;
  /** The entry approval created, if any. */
  readonly memory_id: string | null;
  /** Ledger events that carry this proposal's text (for `memory forget`). */
  readonly event_ids: readonly string[];
}

/** A promoted MEMORY.md entry. Ids are stable: `m-` + the proposal id's date and number. */
export interface MemoryEntry {
  readonly memory_id: string;
  readonly section: MemorySection;
  readonly text: string;
  readonly type: MemoryType;
  readonly memory_priority: MemoryPriority;
  readonly proposal_id: string;
  readonly source_observation_ids: readonly string[];
  readonly promoted_at: string;
  readonly status: 'active' | 'retired';
  readonly retired_at: string | null;
  readonly event_ids: readonly string[];
}
