import { sha256Hex } from '../canonical-json.js';

const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;
const WIKI_LINK = /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
const HEADING = /^[ \t]*#{1,6}[ \t]+/gm;
const QUOTE = /^[ \t]*(?:>[ \t]?)+/gm;
const BULLET = /^[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm;
const RULE = /^[ \t]*(?:[-*_][ \t]*){3,}$/gm;
const FENCE = /^[ \t]*(?:```|~~~)[^\n]*$/gm;
const HTML_TAG = /<\/?[a-zA-Z][^>]*>/g;
const EMPHASIS = /[*_~`]+/g;
const TABLE = /[|]/g;
const TABLE_RULE = /^[ \t:|-]+$/gm;

/**
 * The form a passage is compared and hashed in for `memory_source_changed`: markdown syntax
 * (headings, emphasis, code marks, links reduced to their text, wiki links to their alias or
 * target, quotes, tables, rules, HTML tags), list markers and whitespace removed, lower-cased, NFC.
 * Two passages that differ only in formatting normalise to the same text.
 */
export function normalizePassage(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(FRONT_MATTER, '')
      .replace(WIKI_LINK, (_match, target: string, alias: string | undefined) =>
        (alias ?? target).trim(),
      )
      .replace(MARKDOWN_LINK, '$1')
      .replace(FENCE, '')
      .replace(TABLE_RULE, '')
      .replace(RULE, '')
      .replace(HEADING, '')
      .replace(QUOTE, '')
      .replace(BULLET, '')
      .replace(HTML_TAG, '')
      .replace(EMPHASIS, '')
      .replace(TABLE, ' ')
      // List items and table cells often drop the final full stop: line-end punctuation is style.
      .replace(/[ \t]*[.;,:]+[ \t]*$/gm, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** SHA-256 of `normalizePassage(text)`. */
export function passageHash(text: string): string {
  return sha256Hex(normalizePassage(text));
}
