import { sha256Hex } from '../canonical-json.js';
import { comparableText } from './comparable-text.js';
import { type StateItemType, UID_PREFIXES } from './state-item.js';

/** The shape of every item uid: a type prefix and 12 lower-case hex digits. */
export const ITEM_UID_PATTERN = /^[dcaqr]_[0-9a-f]{12}$/;

/**
 * The stable uid of an item: its type prefix and the first 12 hex digits of
 * sha256(type + ":" + comparableText(text)). Restating an item in the same words gives the same uid.
 */
export function computeUid(typeTag: StateItemType, text: string): string {
  return `${UID_PREFIXES[typeTag]}${sha256Hex(`${typeTag}:${comparableText(text)}`).slice(0, 12)}`;
}
