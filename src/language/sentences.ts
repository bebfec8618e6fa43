/** One sentence of a message, with the line it came from. */
export interface Sentence {
  readonly text: string;
  /** Ends with a question mark. */
  readonly asked: boolean;
  /** Index of the source line (documents are read line by line). */
  readonly line: number;
}

const ABBREVIATIONS = /\b(?:dr|mr|mrs|ms|st|jr|sr|vs|etc|e\.g|i\.e|approx|no|ave|mt|ft)\.$/i;

/** Straight quotes, plain dashes and arrows, single spaces; newlines are kept. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\u2192|=>/g, '->')
    .replace(/[\u00a0\t]/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/ {2,}/g, ' ');
}

/** Splits a text into sentences, line by line, without breaking abbreviations or decimals. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const lines = normalizeText(text).split('\n');
  for (const [line, raw] of lines.entries()) {
    const trimmed = raw.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim();
    if (trimmed === '') continue;
    let start = 0;
    const boundary = /[.!?]+["')\]]?(?=\s+["'(]?[A-Z0-9]|\s*$)/g;
    for (let match = boundary.exec(trimmed); match !== null; match = boundary.exec(trimmed)) {
      const end = match.index + match[0].length;
      const piece = trimmed.slice(start, end).trim();
      if (ABBREVIATIONS.test(trimmed.slice(start, match.index + 1))) continue;
      if (piece !== '') out.push({ text: piece, asked: /\?["')\]]?$/.test(piece), line });
      start = end;
    }
    const rest = trimmed.slice(start).trim();
    if (rest !== '') out.push({ text: rest, asked: /\?["')\]]?$/.test(rest), line });
  }
  return out;
}

/**
 * Splits a chat sentence into clauses at coordinating breaks (`;`, `, but`, `, so`, `, and then`),
 * so that "the debit bounced, but I paid in cash" yields two statements in order.
 */
export function splitClauses(sentence: string): string[] {
  return sentence
    .split(
      /\s*;\s*|,?\s+(?:but|so|and then|although|though|whereas)\s+|,\s+and\s+(?=[A-Z]|I\b|we\b|he\b|she\b|they\b)/,
    )
    .map((c) => c.trim())
    .filter((c) => c !== '');
}
