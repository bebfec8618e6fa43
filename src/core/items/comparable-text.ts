const BULLET =
  /^[ \t]*(?:[-*+\u2022\u2023\u2043\u2219\u25aa\u25cf\u25e6\u00b7\u2013\u2014]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm;
const QUOTES = /["'`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a]/g;

/**
 * The form item text is compared and hashed in: NFC, list bullets stripped, quotes removed,
 * lower-cased, whitespace collapsed and trimmed. Two texts that differ only in these respects are
 * the same item.
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(BULLET, '')
    .replace(QUOTES, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/**
 * The form of a topic tag: normalised text with spaces turned into hyphens and anything but
 * letters, digits and `+#._-` dropped, at most 40 characters. Empty when nothing is left.
 */
export function normalizeTopicTag(tag: string): string {
  return comparableText(tag)
    .replace(/ /g, '-')
    .replace(/[^\p{L}\p{N}+#._-]/gu, '')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 40);
}
