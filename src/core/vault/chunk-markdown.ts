import { sha256Hex } from '../canonical-json.js';
import { passageHash } from './normalize-passage.js';

/** One chunk of a markdown note, before it is stored. */
export interface MarkdownChunk {
  readonly ordinal: number;
  /** Heading path (`Project > Status`), '' before the first heading. */
  readonly heading: string;
  readonly text: string;
  readonly contentHash: string;
  readonly normalizedHash: string;
}

const HEADING_LINE = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE_LINE = /^[ \t]*(```|~~~)/;

/**
 * Splits a note into chunks: one per paragraph (a block of non-blank lines; a fenced code block
 * is one block), each under the heading path it sits in. Heading lines are not chunks themselves.
 * Front matter is skipped. Blocks with nothing left after normalisation (rules, empty markup) are
 * dropped. Deterministic: the same text gives the same chunks.
 */
export function chunkMarkdown(text: string): MarkdownChunk[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n');
  const headings: string[] = [];
  const chunks: MarkdownChunk[] = [];
  let block: string[] = [];
  let inFence = false;

  const flush = (): void => {
    const body = block.join('\n').trim();
    block = [];
    if (body === '') return;
    const normalizedHash = passageHash(body);
    if (normalizedHash === passageHash('')) return;
    chunks.push({
      ordinal: chunks.length,
      heading: headings.filter((h) => h !== '').join(' > '),
      text: body,
      contentHash: sha256Hex(body),
      normalizedHash,
    });
  };

  for (const line of lines) {
    if (FENCE_LINE.test(line)) {
      if (!inFence) flush();
      block.push(line);
      inFence = !inFence;
      if (!inFence) flush();
      continue;
    }
    if (inFence) {
      block.push(line);
      continue;
    }
    const heading = HEADING_LINE.exec(line);
    if (heading?.[1] !== undefined && heading[2] !== undefined) {
      flush();
      const level = heading[1].length;
      headings.length = level;
      headings[level - 1] = heading[2].trim();
      for (let i = 0; i < level - 1; i += 1) headings[i] ??= '';
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    block.push(line);
  }
  flush();
  return chunks;
}

/** A note's title: its first level-1 heading, else its file name without `.md`. */
export function noteTitle(path: string, text: string): string {
  const heading = /^#[ \t]+(.+?)[ \t#]*$/m.exec(text);
  if (heading?.[1] !== undefined) return heading[1].trim();
  const name = path.split('/').at(-1) ?? path;
  return name.replace(/\.md$/i, '');
}
