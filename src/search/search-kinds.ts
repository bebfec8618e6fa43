import type { SearchKind } from '../stores/index.js';

/** Every kind of item the search index holds, in the order the interfaces list them. */
export const SEARCH_KINDS = [
  'message',
  'state_item',
  'memory',
  'note',
  'observation',
] as const satisfies readonly SearchKind[];

// A kind added to `SearchKind` but left out of the list above fails to compile here.
true satisfies [Exclude<SearchKind, (typeof SEARCH_KINDS)[number]>] extends [never] ? true : never;
