import { nearest, sha256Hex, toIso } from '../core/index.js';
import type { PredictionErrorPayload } from '../ledger/index.js';
import type { NoteChunk } from '../stores/index.js';
import { type VaultDeps, vectorsFor } from './vault-deps.js';

/** One note chunk found for a query. */
export interface NoteHit {
  readonly note_path: string;
  readonly heading: string;
  readonly text: string;
  /** Cosine distance to the query (vectors), or null when matched by shared words. */
  readonly distance: number | null;
  /** Higher is better: 1 - distance, or the number of shared words. */
  readonly score: number;
}

/** What `searchNotes` found, and the `low_overlap` finding to record when the best hit is far. */
interface NoteSearch {
  readonly hits: readonly NoteHit[];
  readonly lowOverlap: PredictionErrorPayload | null;
}

const WORD = /[\p{L}\p{N}]{3,}/gu;

/** The words of three or more letters or digits in `text`, lower-cased: what lexical matching compares. */
export function lexicalWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

function toHit(chunk: NoteChunk, distance: number | null, score: number): NoteHit {
  return { note_path: chunk.path, heading: chunk.heading, text: chunk.text, distance, score };
}

/**
 * Searches every indexed chunk for `query`: exact cosine distance over the chunk vectors when an
 * embedder is configured (a full scan of the note index), else shared words. With vectors, a best
 * hit farther than `lowOverlapThreshold` yields a `low_overlap` finding for its note (the seed's
 * note-side prediction error): the vault holds nothing close to what was asked.
 */
export async function searchNotes(
  deps: VaultDeps,
  query: string,
  options: { readonly limit: number; readonly lowOverlapThreshold: number },
): Promise<NoteSearch> {
  const notes = await deps.store.vault.listNotes();
  const chunks = await deps.store.vault.listChunks(notes.map((note) => note.path));
  if (chunks.length === 0 || query.trim() === '') return { hits: [], lowOverlap: null };
  const embedder = deps.embedder;
  if (embedder === null) {
    const wanted = lexicalWords(query);
    const hits = chunks
      .map((chunk) => ({
        chunk,
        shared: [...lexicalWords(chunk.text)].filter((w) => wanted.has(w)).length,
      }))
      .filter((entry) => entry.shared > 0)
      .sort((a, b) => b.shared - a.shared)
      .slice(0, options.limit)
      .map((entry) => toHit(entry.chunk, null, entry.shared));
    return { hits, lowOverlap: null };
  }
  const queryVector = await embedder.embedQuery(query);
  const vectors = await vectorsFor(
    { ...deps, embedder },
    chunks.map((chunk) => chunk.text),
  );
  const scored = chunks
    .map((chunk, i) => ({
      chunk,
      distance: nearest(queryVector, [vectors[i] ?? new Float32Array()])?.distance ?? 1,
    }))
    .sort((a, b) => a.distance - b.distance || (a.chunk.path < b.chunk.path ? -1 : 1));
  const hits = scored
    .slice(0, options.limit)
    .map((entry) => toHit(entry.chunk, entry.distance, 1 - entry.distance));
  const best = scored[0];
  if (best === undefined || best.distance <= options.lowOverlapThreshold) {
    return { hits, lowOverlap: null };
  }
  const at = toIso(deps.clock.now());
  return {
    hits,
    lowOverlap: {
      error_id: `pe-low-${sha256Hex(`${best.chunk.path}\u0000${query}`).slice(0, 20)}`,
      error_type: 'low_overlap',
      memory_id: null,
      note_path: best.chunk.path,
      query,
      distance: Math.round(best.distance * 1e6) / 1e6,
      passage_then: null,
      passage_now: best.chunk.text,
      detail: `best chunk at distance ${best.distance.toFixed(3)} > ${options.lowOverlapThreshold}`,
      at,
    },
  };
}
