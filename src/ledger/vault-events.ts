/** Payloads of the vault's ledger events (`memory.*`, `prediction_error.detected`). */
/** A cited passage as carried in a `memory.*` payload. */
export interface CitedPassagePayload {
  readonly note_path: string;
  readonly heading: string;
  readonly text: string;
  readonly normalized_hash: string;
}

/** Payload of `memory.updated`: the memory's new content. */
export interface MemoryUpdatedPayload {
  readonly memory_id: string;
  readonly text: string;
  readonly tags: readonly string[];
  readonly cites: readonly string[];
  readonly passages: readonly CitedPassagePayload[];
}

/** Payload of `memory.recorded`: the first content, plus whose memory it is and where it came from. */
export interface MemoryRecordedPayload extends MemoryUpdatedPayload {
  readonly entity_id: string;
  readonly source_kind: 'direct' | 'promotion';
  readonly source_ref: string | null;
}

/** Payload of `prediction_error.detected`. */
export interface PredictionErrorPayload {
  readonly error_id: string;
  readonly error_type:
    | 'memory_drift'
    | 'memory_source_changed'
    | 'memory_external_signal'
    | 'low_overlap';
  readonly memory_id: string | null;
  readonly note_path: string | null;
  readonly query: string;
  readonly distance: number | null;
  readonly passage_then: string | null;
  readonly passage_now: string | null;
  readonly detail: string | null;
  /** When the detector ran (also makes repeat detections distinct events). */
  readonly at: string;
}
