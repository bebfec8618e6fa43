import { roundTo } from '../core/index.js';
/** The intent classes seed 000 asks to measure. */
export const MEASURED_INTENTS = ['assertive', 'planning', 'hypothetical', 'historical'] as const;

/** Counts of `actual → predicted → n`, from the user's corrections. */
export type ConfusionMatrix = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Precision and recall of one intent class (null when undefined: no predictions or labels). */
export interface ClassMetrics {
  readonly intent: string;
  readonly precision: number | null;
  readonly recall: number | null;
  readonly support: number;
}

/** Intent-classification quality from the confusion matrix. */
export interface IntentMetrics {
  readonly matrix: ConfusionMatrix;
  readonly labelled: number;
  readonly accuracy: number | null;
  readonly classes: readonly ClassMetrics[];
}

/**
 * Per-class precision and recall, and overall accuracy, over every label the user gave (rows:
 * the intent the user said the message had; columns: what the extractor predicted, `none` when
 * it extracted nothing). Pure.
 */
export function intentMetrics(matrix: ConfusionMatrix): IntentMetrics {
  const classes = [...new Set([...MEASURED_INTENTS, ...Object.keys(matrix)])].sort();
  let labelled = 0;
  let correct = 0;
  for (const [actual, row] of Object.entries(matrix)) {
    for (const [predicted, n] of Object.entries(row)) {
      labelled += n;
      if (actual === predicted) correct += n;
    }
  }
  const metrics = classes.map((intent) => {
    const support = Object.values(matrix[intent] ?? {}).reduce((a, b) => a + b, 0);
    const hits = matrix[intent]?.[intent] ?? 0;
    const predicted = Object.values(matrix).reduce((n, row) => n + (row[intent] ?? 0), 0);
    return {
      intent,
      precision: predicted === 0 ? null : roundTo(hits / predicted, 4),
      recall: support === 0 ? null : roundTo(hits / support, 4),
      support,
    };
  });
  return {
    matrix,
    labelled,
    accuracy: labelled === 0 ? null : roundTo(correct / labelled, 4),
    classes: metrics,
  };
}
