/** A stretch of a text, `start` inclusive and `end` exclusive, in UTF-16 code units. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * `text` with each span replaced by what `replacement` gives for it; every character outside the
 * spans is copied as it is. The spans come in order of `start` and do not overlap; an empty span
 * (`start === end`) inserts its replacement there.
 */
export function replaceSpans<Span extends TextSpan>(
  text: string,
  spans: Iterable<Span>,
  replacement: (span: Span) => string,
): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + replacement(span);
    at = span.end;
  }
  return out + text.slice(at);
}
