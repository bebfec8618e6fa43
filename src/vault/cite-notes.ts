import { extractWikiLinks, nearest, resolveWikiLink, type WikiLink } from '../core/index.js';
import type { CitedPassagePayload } from '../ledger/index.js';
import type { NoteChunk } from '../stores/index.js';
import { type VaultDeps, vectorsFor } from './vault-deps.js';

/** One cited link and what it resolved to. */
interface ResolvedCitation {
  readonly link: WikiLink;
  readonly path: string;
}

/** The notes a memory cites, with the links that could not be resolved. */
export interface Citations {
  readonly resolved: readonly ResolvedCitation[];
  /** Links naming several notes: never guessed. */
  readonly ambiguous: readonly {
    readonly target: string;
    readonly candidates: readonly string[];
  }[];
  /** Links naming no indexed note. */
  readonly missing: readonly string[];
}

function explicitLink(cite: string): WikiLink {
  const inner = cite
    .trim()
    .replace(/^!?\[\[/, '')
    .replace(/\]\]$/, '');
  const [link] = extractWikiLinks(`[[${inner}]]`);
  return link ?? { raw: cite, target: inner, heading: null, alias: null };
}

/**
 * Resolves the wiki links in a memory's text and its explicit `cites` (`note`, `folder/note`,
 * `note#heading`, with or without brackets or `.md`) against the indexed notes, by shortest
 * unique path.
 */
export async function resolveCitations(
  deps: Pick<VaultDeps, 'store'>,
  text: string,
  cites: readonly string[] = [],
): Promise<Citations> {
  const paths = (await deps.store.vault.listNotes()).map((note) => note.path);
  const links = [...extractWikiLinks(text), ...cites.map(explicitLink)];
  const resolved: ResolvedCitation[] = [];
  const ambiguous: { target: string; candidates: readonly string[] }[] = [];
  const missing: string[] = [];
  for (const link of links) {
    const outcome = resolveWikiLink(link.target, paths);
    if (outcome.kind === 'resolved') resolved.push({ link, path: outcome.path });
    else if (outcome.kind === 'ambiguous') {
      ambiguous.push({ target: link.target, candidates: outcome.candidates });
    } else missing.push(link.target);
  }
  return { resolved, ambiguous, missing: [...new Set(missing)] };
}

function headingMatches(chunk: NoteChunk, heading: string): boolean {
  const wanted = heading.toLowerCase();
  return chunk.heading
    .toLowerCase()
    .split(' > ')
    .some((part) => part === wanted);
}

const WORD = /[\p{L}\p{N}]{3,}/gu;

function overlap(a: string, b: string): number {
  const words = new Set(a.toLowerCase().match(WORD) ?? []);
  return (b.toLowerCase().match(WORD) ?? []).filter((word) => words.has(word)).length;
}

/**
 * The passages a memory relies on, snapshotted when it is written or updated: for a link with a
 * heading, every chunk under that heading; otherwise the chunk nearest to the memory (by vector
 * when an embedder is configured, else by shared words). Ordered by note path, then ordinal.
 */
export async function snapshotPassages(
  deps: VaultDeps,
  text: string,
  citations: readonly ResolvedCitation[],
): Promise<CitedPassagePayload[]> {
  const paths = [...new Set(citations.map((c) => c.path))].sort();
  const chunks = await deps.store.vault.listChunks(paths);
  const chosen = new Map<string, NoteChunk>();
  const memoryVector =
    deps.embedder === null
      ? null
      : (await vectorsFor({ ...deps, embedder: deps.embedder }, [text]))[0];
  for (const path of paths) {
    const ofNote = chunks.filter((chunk) => chunk.path === path);
    if (ofNote.length === 0) continue;
    const headings = citations
      .filter((c) => c.path === path && c.link.heading !== null)
      .map((c) => c.link.heading ?? '');
    const underHeading = ofNote.filter((chunk) => headings.some((h) => headingMatches(chunk, h)));
    const wholeNote = citations.some((c) => c.path === path && c.link.heading === null);
    for (const chunk of underHeading) chosen.set(`${path}#${chunk.ordinal}`, chunk);
    if (!wholeNote && underHeading.length > 0) continue;
    let best: NoteChunk | undefined;
    if (memoryVector !== null && memoryVector !== undefined && deps.embedder !== null) {
      const vectors = await vectorsFor(
        { ...deps, embedder: deps.embedder },
        ofNote.map((chunk) => chunk.text),
      );
      const found = nearest(memoryVector, vectors);
      best = found === null ? undefined : ofNote[found.index];
    } else {
      best = [...ofNote].sort((a, b) => overlap(text, b.text) - overlap(text, a.text))[0];
    }
    if (best !== undefined) chosen.set(`${path}#${best.ordinal}`, best);
  }
  return [...chosen.values()]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.ordinal - b.ordinal))
    .map((chunk) => ({
      note_path: chunk.path,
      heading: chunk.heading,
      text: chunk.text,
      normalized_hash: chunk.normalizedHash,
    }));
}
