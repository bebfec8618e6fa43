/**
 * The kinds of prediction error (evidence that something Verity holds no longer matches what it
 * was drawn from), in one list every surface validates against.
 */
export const PREDICTION_ERROR_TYPES = [
  'memory_drift',
  'memory_source_changed',
  'memory_external_signal',
  'low_overlap',
  'state_zone_edit',
] as const;

/** One kind of prediction error. */
export type PredictionErrorType = (typeof PREDICTION_ERROR_TYPES)[number];
