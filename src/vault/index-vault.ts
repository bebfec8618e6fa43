import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { chunkMarkdown, DEFAULT_ENTITY, noteTitle, sha256Hex, toIso } from '../core/index.js';
import type { NoteChunk, NoteRecord, SearchDocument } from '../stores/index.js';
import { type VaultDeps, vectorKeyOf } from './vault-deps.js';

/**
 * A note chunk as an item of the shared search index: kind `note`, thread id = the note's path,
 * item id = the chunk's ordinal, heading path prepended so BM25 sees it.
 */
function noteDocument(note: NoteRecord, chunk: NoteChunk): SearchDocument {
  return {
    kind: 'note',
    threadId: note.path,
    itemId: String(chunk.ordinal),
    messageId: null,
    entityId: DEFAULT_ENTITY,
    createdAt: note.indexedAt,
    text: chunk.heading === '' ? chunk.text : `${chunk.heading}\n${chunk.text}`,
  };
}

/** What `indexVault` did. */
export interface VaultIndexReport {
  /** Markdown files found under the roots. */
  readonly notes: number;
  /** Notes (re)indexed because they were new or their text changed. */
  readonly indexed: number;
  /** Notes skipped because their text was unchanged. */
  readonly unchanged: number;
  /** Notes removed from the index because their file is gone. */
  readonly removed: number;
  /** Chunks written for the (re)indexed notes. */
  readonly chunks: number;
  /** Chunk vectors computed by the model (cached vectors are reused). */
  readonly embedded: number;
  /** Paths found under several roots; the first root wins. */
  readonly duplicates: readonly string[];
}

/** Options of `indexVault`. */
interface VaultIndexOptions {
  /** Notes written per transaction (and embedded per model call). Default 100. */
  readonly batchSize?: number;
}

const IGNORED_DIRECTORIES = new Set(['.git', '.obsidian', '.trash', 'node_modules', '.verity']);

async function markdownFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (directory: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIRECTORIES.has(entry.name)) await walk(path);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) {
        found.push(path);
      }
    }
  };
  await walk(root);
  return found;
}

interface PendingNote {
  readonly note: NoteRecord;
  readonly chunks: NoteChunk[];
}

/**
 * Indexes every markdown note under the registered roots: chunks each new or changed note (by the
 * hash of its text; an unchanged note costs one read and one hash), embeds the chunks whose
 * vectors are not cached, and replaces the note's rows; notes whose file is gone leave the index.
 */
export async function indexVault(
  deps: VaultDeps,
  options: VaultIndexOptions = {},
): Promise<VaultIndexReport> {
  const { store, embedder, clock } = deps;
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const roots = await store.vault.listRoots();
  const known = new Map((await store.vault.listNotes()).map((note) => [note.path, note]));
  const seen = new Set<string>();
  const duplicates: string[] = [];
  let unchanged = 0;
  let indexed = 0;
  let chunkCount = 0;
  let embedded = 0;
  let batch: PendingNote[] = [];

  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const notes = batch;
    batch = [];
    const vectors = new Map<string, Float32Array>();
    if (embedder !== null) {
      const chunks = notes.flatMap((n) => n.chunks);
      const keys = [...new Set(chunks.map((c) => c.vectorKey ?? ''))];
      const cached = await store.vault.getVectors(embedder.space.model, keys);
      const missing = chunks.filter((c) => c.vectorKey !== null && !cached.has(c.vectorKey));
      const unique = [...new Map(missing.map((c) => [c.vectorKey, c])).values()];
      if (unique.length > 0) {
        const computed = await embedder.embedDocuments(
          unique.map((c) => embedder.documentInput(c.text)),
        );
        unique.forEach((chunk, i) => {
          const vector = computed[i];
          if (vector !== undefined && chunk.vectorKey !== null)
            vectors.set(chunk.vectorKey, vector);
        });
        embedded += vectors.size;
      }
    }
    await store.withWriteLock({ entities: [], global: true }, async (tx) => {
      if (embedder !== null && vectors.size > 0) {
        await tx.vault.putVectors(embedder.space.model, vectors);
      }
      for (const { note, chunks } of notes) {
        await tx.vault.putNote(note, chunks);
        // The shared search index (`verity search --kind note`): one item per chunk.
        await tx.removeDocuments('note', note.path);
        for (const chunk of chunks) await tx.indexDocument(noteDocument(note, chunk));
      }
    });
  };

  for (const { root } of roots) {
    for (const file of await markdownFiles(root)) {
      const path = relative(root, file).split(sep).join('/');
      if (seen.has(path)) {
        duplicates.push(path);
        continue;
      }
      seen.add(path);
      const text = await readFile(file, 'utf8');
      const contentHash = sha256Hex(text);
      if (known.get(path)?.contentHash === contentHash) {
        unchanged += 1;
        continue;
      }
      const chunks: NoteChunk[] = chunkMarkdown(text).map((chunk) => ({
        path,
        ordinal: chunk.ordinal,
        heading: chunk.heading,
        text: chunk.text,
        contentHash: chunk.contentHash,
        normalizedHash: chunk.normalizedHash,
        vectorKey: embedder === null ? null : vectorKeyOf(embedder, chunk.text),
      }));
      batch.push({
        note: {
          path,
          root,
          title: noteTitle(path, text),
          contentHash,
          indexedAt: toIso(clock.now()),
        },
        chunks,
      });
      indexed += 1;
      chunkCount += chunks.length;
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();
  const gone = [...known.keys()].filter((path) => !seen.has(path));
  if (gone.length > 0) {
    await store.withWriteLock({ entities: [], global: true }, async (tx) => {
      for (const path of gone) {
        await tx.vault.deleteNote(path);
        await tx.removeDocuments('note', path);
      }
    });
  }
  return {
    notes: seen.size,
    indexed,
    unchanged,
    removed: gone.length,
    chunks: chunkCount,
    embedded,
    duplicates,
  };
}
