/** One `[[...]]` link found in a text. */
export interface WikiLink {
  /** The link as written, brackets included. */
  readonly raw: string;
  /** The note it names (`folder/note` or `note`), without `.md`. */
  readonly target: string;
  /** The heading after `#`, or null. */
  readonly heading: string | null;
  /** The text after `|`, or null. */
  readonly alias: string | null;
}

const LINK = /!?\[\[([^\]\n]+?)\]\]/g;

/**
 * The wiki links of a text in order of appearance: `[[note]]`, `[[folder/note]]`,
 * `[[note#heading]]`, `[[note|alias]]` and their combinations. Links with an empty target (a
 * heading in the same note) are skipped.
 */
export function extractWikiLinks(text: string): WikiLink[] {
  const links: WikiLink[] = [];
  for (const match of text.matchAll(LINK)) {
    const inner = match[1] ?? '';
    const bar = inner.indexOf('|');
    const beforeAlias = bar === -1 ? inner : inner.slice(0, bar);
    const alias = bar === -1 ? null : inner.slice(bar + 1).trim();
    const hash = beforeAlias.indexOf('#');
    const target = (hash === -1 ? beforeAlias : beforeAlias.slice(0, hash))
      .trim()
      .replace(/\.md$/i, '');
    const heading = hash === -1 ? null : beforeAlias.slice(hash + 1).trim() || null;
    if (target === '') continue;
    links.push({ raw: match[0], target, heading, alias: alias === '' ? null : alias });
  }
  return links;
}

/** How a link target resolved against the vault's note paths. */
export type LinkResolution =
  | { readonly kind: 'resolved'; readonly path: string }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly kind: 'missing' };

function stem(path: string): string {
  return path.replace(/\.md$/i, '').toLowerCase();
}

/**
 * Resolves a link target by shortest unique path, case-insensitively: a target naming a full path
 * (without `.md`) is that note; otherwise the notes whose path ends with `/<target>` (or equals
 * it) are the candidates, and exactly one must remain. Several candidates are reported as
 * ambiguous (sorted), never guessed. `paths` are vault-relative with `/` separators.
 */
export function resolveWikiLink(target: string, paths: readonly string[]): LinkResolution {
  const wanted = stem(target.replace(/^\/+/, ''));
  if (wanted === '') return { kind: 'missing' };
  const exact = paths.filter((path) => stem(path) === wanted);
  if (exact.length === 1 && exact[0] !== undefined) return { kind: 'resolved', path: exact[0] };
  const suffix = `/${wanted}`;
  const candidates = paths.filter((path) => stem(path) === wanted || stem(path).endsWith(suffix));
  if (candidates.length === 1 && candidates[0] !== undefined) {
    return { kind: 'resolved', path: candidates[0] };
  }
  if (candidates.length === 0) return { kind: 'missing' };
  return { kind: 'ambiguous', candidates: [...candidates].sort() };
}
