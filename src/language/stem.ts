/**
 * A light suffix-stripping stem (English), so that a word and its inflections and derived nouns meet
 * ("prefers", "preferred", "preference" → "prefer"; "deployment" → "deploy"). An algorithm over
 * endings, not a list of words; stems shorter than three letters are left alone.
 */
export function stem(word: string): string {
  let w = word;
  const strip = (pattern: RegExp, by = ''): boolean => {
    const m = pattern.exec(w);
    if (m === null || m.index < 3) return false;
    w = w.slice(0, m.index) + by;
    return true;
  };
  if (!(strip(/(?:ences?|ances?)$/) || strip(/ments?$/) || strip(/ies$/, 'y'))) {
    if (strip(/ied$/, 'y')) {
      // studied → study
    } else if (strip(/(?:ing|ed)$/)) {
      // A doubled final consonant of the stem is one letter: preferred → prefer, running → run.
      if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
    } else if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss')) {
      w = w.slice(0, -1);
    }
  }
  return w;
}
