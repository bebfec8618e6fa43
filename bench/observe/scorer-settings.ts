// The learned scorer's settings, chosen by leave-one-author-out only (bench/observe-select.ts),
// and the grid that search ran over. bench/observe-train.ts trains the shipped model with CHOSEN.

/** The setting the shipped model is trained with. */
export const CHOSEN = {
  l2: 1e-4,
  otherWeight: 0.3,
  gate: 0,
  admit: 0.7,
} as const;

/** The grid bench/observe-select.ts searches. */
export const SCORER_GRID = {
  fits: [1e-4, 1e-3, 1e-2].flatMap((l2) => [0, 0.3, 1].map((otherWeight) => ({ l2, otherWeight }))),
  gates: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7],
  admits: [0.6, 0.7, 0.8, 0.9, 2],
} as const;
