import { EngineError } from '../core/index.js';
import type { EmbeddingRow, PendingEmbedding, SearchDocument, Store } from '../stores/index.js';
import type { Embedder } from './create-embedder.js';

/** Options of `indexPending`. */
export interface IndexOptions {
  /** Items fetched (and at most embedded) per round; sorted by length within it. Default 1024. */
  readonly batchSize?: number;
  /** Only attach vectors already cached; never call the model (for rebuilds). */
  readonly cacheOnly?: boolean;
  /** Called after every round. */
  readonly onProgress?: (progress: IndexProgress) => void;
  /** Stops between rounds (and aborts a model call in flight). */
  readonly signal?: AbortSignal;
}

/** Where an indexing run stands. */
export interface IndexProgress {
  /** Items handled so far: embedded, reused or failed. */
  readonly done: number;
  /** Items that lacked a vector when the run started (more may arrive meanwhile). */
  readonly total: number;
}

/** What an indexing run did. */
export interface IndexReport {
  /** Items given a newly computed vector. */
  readonly embedded: number;
  /** Items given a vector from the cache, without calling the model. */
  readonly reused: number;
  /** Items the model failed on; they stay pending and are retried by the next run. */
  readonly failed: number;
  /** Items still lacking a vector when the run ended. */
  readonly pending: number;
  /**
   * `done`; `space_mismatch` when the store holds vectors of another model (then nothing was
   * done: `reindex` switches spaces); `disabled` when no embedding model is configured.
   */
  readonly outcome: 'done' | 'space_mismatch' | 'disabled';
}

interface Prepared {
  readonly pending: PendingEmbedding;
  readonly input: string;
  readonly contentHash: string;
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function sameItem(a: SearchDocument, b: { kind: string; threadId: string | null; itemId: string }) {
  return a.kind === b.kind && a.threadId === b.threadId && a.itemId === b.itemId;
}

/**
 * Gives every indexed item without a vector one: from the cache when the same input was embedded
 * before (by any item, before any rebuild), else from the model, in batches of similar inputs. The
 * first run claims the store's vector space for the embedder's model; a store holding another
 * model's vectors is left alone (`space_mismatch`). A batch the model fails on is retried item by
 * item, and items that still fail are skipped until the next run. Throws what the store throws,
 * and the model's error when not a single item could be embedded.
 */
export async function indexPending(
  store: Store,
  embedder: Embedder,
  options: IndexOptions = {},
): Promise<IndexReport> {
  const space = embedder.space;
  const active = await store.embeddingSpace();
  if (active === null) await store.useEmbeddingSpace(space);
  else if (active.model !== space.model || active.dimension !== space.dimension) {
    const status = await store.searchIndexStatus();
    return {
      embedded: 0,
      reused: 0,
      failed: 0,
      pending: status.documents,
      outcome: 'space_mismatch',
    };
  }
  const batchSize = options.batchSize ?? 1024;
  const start = await store.searchIndexStatus();
  const total = start.documents - start.embedded;
  let embedded = 0;
  let reused = 0;
  let failed = 0;
  let lastFailure: unknown = null;
  let cursor: SearchDocument | undefined;
  for (;;) {
    if (isAborted(options.signal)) throw options.signal?.reason;
    const pending = await store.pendingEmbeddings(space, batchSize, cursor);
    const last = pending.at(-1);
    if (last === undefined) break;
    cursor = last.document;
    const prepared: Prepared[] = pending.map((item) => {
      const input = embedder.documentInput(item.document.text);
      return { pending: item, input, contentHash: embedder.contentHash(input) };
    });
    const attached = await store.putEmbeddings(
      space,
      prepared.map((p) => ({ item: p.pending.document, contentHash: p.contentHash })),
    );
    reused += attached.attached;
    const missing = prepared.filter((p) =>
      attached.missing.some((ref) => sameItem(p.pending.document, ref)),
    );
    if (missing.length > 0 && options.cacheOnly !== true) {
      const outcome = await embedMissing(embedder, missing, options.signal);
      if (outcome.rows.length > 0) await store.putEmbeddings(space, outcome.rows);
      embedded += outcome.rows.length;
      failed += outcome.failed;
      lastFailure = outcome.lastFailure ?? lastFailure;
    }
    options.onProgress?.({
      done: embedded + reused + failed,
      total: Math.max(total, embedded + reused + failed),
    });
  }
  if (failed > 0 && embedded === 0 && reused === 0) {
    if (lastFailure instanceof EngineError) throw lastFailure;
    throw new EngineError(
      'PROVIDER_FAILED',
      `The embedding model failed on all ${failed} pending items`,
      { operation: 'indexPending', failed },
      { cause: lastFailure },
    );
  }
  const end = await store.searchIndexStatus();
  return { embedded, reused, failed, pending: end.documents - end.embedded, outcome: 'done' };
}

/** Embeds each distinct input once; on a batch failure, retries one by one. */
async function embedMissing(
  embedder: Embedder,
  missing: readonly Prepared[],
  signal: AbortSignal | undefined,
): Promise<{ rows: EmbeddingRow[]; failed: number; lastFailure: unknown }> {
  const byHash = new Map<string, Prepared[]>();
  for (const item of missing) {
    const group = byHash.get(item.contentHash);
    if (group === undefined) byHash.set(item.contentHash, [item]);
    else group.push(item);
  }
  const groups = [...byHash.values()];
  const inputs = groups.map((group) => group[0]?.input ?? '');
  let vectors: (Float32Array | null)[];
  let lastFailure: unknown = null;
  try {
    vectors = [...(await embedder.embedDocuments(inputs, signal))];
  } catch (error: unknown) {
    if (isAborted(signal)) throw error;
    lastFailure = error;
    vectors = [];
    for (const input of inputs) {
      try {
        const [vector] = await embedder.embedDocuments([input], signal);
        vectors.push(vector ?? null);
      } catch (single: unknown) {
        if (isAborted(signal)) throw single;
        lastFailure = single;
        vectors.push(null);
      }
    }
  }
  const rows: EmbeddingRow[] = [];
  let failed = 0;
  groups.forEach((group, index) => {
    const vector = vectors[index];
    for (const item of group) {
      if (vector === null || vector === undefined) failed += 1;
      else rows.push({ item: item.pending.document, contentHash: item.contentHash, vector });
    }
  });
  return { rows, failed, lastFailure };
}
