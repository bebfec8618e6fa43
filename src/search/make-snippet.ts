import { collapseWhitespace } from '../core/index.js';
import { wordsOf } from './query-terms.js';

/**
 * A short excerpt of `text` around the first word that starts like one of `terms` (their first
 * five letters, so stems match too), whitespace collapsed, `…` marking cuts. Without a match, the
 * start of the text.
 */
export function makeSnippet(text: string, terms: readonly string[], maxLength = 160): string {
  const flat = collapseWhitespace(text);
  if (flat.length <= maxLength) return flat;
  const stems = terms.map((term) => term.slice(0, 5)).filter((stem) => stem !== '');
  let hit = -1;
  for (const match of flat.matchAll(/[\p{L}\p{N}]+/gu)) {
    const [word] = wordsOf(match[0]);
    if (word !== undefined && stems.some((stem) => word.startsWith(stem))) {
      hit = match.index;
      break;
    }
  }
  const start =
    hit <= maxLength / 3 ? 0 : Math.min(hit - Math.floor(maxLength / 3), flat.length - maxLength);
  const end = Math.min(flat.length, start + maxLength);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
