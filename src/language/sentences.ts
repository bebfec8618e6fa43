/** One sentence of a message, with the line it came from. */
export interface Sentence {
  readonly text: string;
  /** Ends with a question mark. */
  readonly asked: boolean;
  /** Index of the source line (documents are read line by line). */
  readonly line: number;
}

/** Code fences: their lines are code, not sentences (an unterminated fence runs to the end). */
const FENCE = /```[\s\S]*?(?:```|$)/g;
/** Markdown heading marks, quote marks, list bullets and checkboxes before a line's text. */
const LINE_PREFIX = /^\s*(?:#{1,6}\s+|>\s*)?(?:(?:[-*+\u2022]|\d{1,3}[.)])\s+)?(?:\[[ xX]\]\s+)?/;
/**
 * A period that ends an abbreviation or an initial ("e.g.", "Dr.", "St.", "p.m."), not a sentence.
 * The "s" of a possessive or a contraction ("that one was July's.", "it's.") is no initial.
 */
const ABBREVIATION =
  /(?:\b(?:e\.g|i\.e|etc|vs|approx|incl|cf|mr|mrs|ms|dr|st|jr|sr|no|ave|mt|ft)|(?<![\p{L}\p{N}'])\p{L})\.$/iu;

/**
 * A determined noun phrase exclaimed before its own predicate ("my sister! arrived in Rome", "the
 * kids!! are finally asleep"): when the next piece starts in lower case, the "!" is emphasis
 * inside the sentence, not its end, so the predicate keeps its subject. Interjections ("yay!
 * landed", "my god! landed") and names (a vocative: "Mum! landed safely") still end a sentence.
 */
const EXCLAIMED_SUBJECT =
  /^(?!my (?:god|gosh|goodness|lord|word)\b)(?:my|our|his|her|their|your|the)(?:\s+[\p{L}'-]+){1,3}\s*!+$/iu;

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

/**
 * The one sentence splitter (state extraction and state items): code fences dropped, line by
 * line, heading marks, quote marks, bullets, checkboxes and bold marks stripped, then split after
 * `.`, `!` or `?` (and a closing quote or bracket) before whitespace, unless the period ends an
 * abbreviation or an initial; decimals ("142.60") never split. Each sentence keeps its final
 * punctuation. Text is first given plain quotes, dashes and arrows (`normalizeText`) unless
 * `typography` is false (state items keep the writer's characters).
 */
export function splitSentences(
  text: string,
  options: { readonly typography?: boolean } = {},
): Sentence[] {
  const out: Sentence[] = [];
  const unfenced = text.replace(FENCE, (fence) => fence.replace(/[^\n]/g, ''));
  const lines = (options.typography === false ? unfenced : normalizeText(unfenced)).split(
    /\r\n?|\n/,
  );
  for (const [line, raw] of lines.entries()) {
    const trimmed = raw
      .replace(LINE_PREFIX, '')
      .replace(/\*\*|__/g, '')
      .trim();
    if (trimmed === '') continue;
    let current = '';
    const pieces = trimmed.split(/(?<=[.!?]+["')\]]?)\s+/);
    for (const [i, piece] of pieces.entries()) {
      current = current === '' ? piece : `${current} ${piece}`;
      if (ABBREVIATION.test(current)) continue;
      if (EXCLAIMED_SUBJECT.test(current) && /^\p{Ll}/u.test(pieces[i + 1] ?? '')) continue;
      out.push({ text: current.trim(), asked: /\?["')\]]?$/.test(current.trim()), line });
      current = '';
    }
    if (current.trim() !== '') {
      out.push({ text: current.trim(), asked: /\?["')\]]?$/.test(current.trim()), line });
    }
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
