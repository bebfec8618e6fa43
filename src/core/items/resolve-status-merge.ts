import {
  ITEM_CONFIDENCES,
  ITEM_STATUSES,
  type ItemConfidence,
  type StateItemStatus,
  type StateItemType,
} from './state-item.js';

/**
 * The status two observations of one item merge to: the one with the higher precedence for the
 * type (`ITEM_STATUSES`). A status the type does not allow loses to any allowed one; when neither
 * is allowed the type's default wins. Commutative, so merge order never matters.
 */
export function resolveStatusMerge(
  typeTag: StateItemType,
  a: StateItemStatus,
  b: StateItemStatus,
): StateItemStatus {
  const order: readonly StateItemStatus[] = ITEM_STATUSES[typeTag];
  const rankA = order.indexOf(a);
  const rankB = order.indexOf(b);
  if (rankA === -1 && rankB === -1) return order[0] ?? 'active';
  return rankA >= rankB ? a : b;
}

/** The higher of two confidence labels (`high` > `medium` > `low`). */
export function maxConfidence(a: ItemConfidence, b: ItemConfidence): ItemConfidence {
  return ITEM_CONFIDENCES.indexOf(a) >= ITEM_CONFIDENCES.indexOf(b) ? a : b;
}
