import type Database from 'better-sqlite3';
import {
  fromSearchDocumentRow,
  type SearchDocumentRow,
  searchConditions,
  vectorToBytes,
} from '../index.js';
import type {
  EmbeddingSpace,
  PendingEmbedding,
  SearchDocument,
  SearchFilters,
  SearchIndexStatus,
  TextQuery,
  TextSearchHit,
  VectorSearchHit,
} from '../store.js';
import { SqliteVectorMirror } from './sqlite-vector-mirror.js';

/** A `search_documents` row, as the driver returns it. */
export interface DocumentRow extends SearchDocumentRow {
  readonly doc_id: number;
  readonly context: string;
}

/** The columns of `search_documents` that make a `SearchDocument`, prefixed with `d.`. */
const DOCUMENT_COLUMNS =
  'd.doc_id, d.kind, d.thread_id, d.item_id, d.message_id, d.entity_id, d.created_at, d.text, d.context';

/** Items scored exactly after the binary scan: every item when a (filtered) set is this small. */
const MIN_CANDIDATES = 400;
/** Candidates per requested hit for the exact re-rank. */
const CANDIDATES_PER_HIT = 8;
/** Unfiltered full-text hits read per requested hit before falling back to a filtered scan. */
const FILTER_OVERSAMPLING = 4;

/** Binary quantisation: one bit per dimension, set when the value is positive (sqlite-vec order). */
export function toSignBits(vector: Float32Array): Buffer {
  const bits = Buffer.alloc(Math.ceil(vector.length / 8));
  for (let index = 0; index < vector.length; index += 1) {
    if ((vector[index] ?? 0) > 0) {
      const byte = index >> 3;
      bits[byte] = (bits[byte] ?? 0) | (1 << (index & 7));
    }
  }
  return bits;
}

/** A contract limit as a non-negative integer. */
function toLimit(limit: number): number {
  if (!Number.isFinite(limit)) return limit > 0 ? -1 : 0;
  return Math.max(0, Math.floor(limit));
}

/** Named parameters of a filter clause. */
type FilterParameters = Record<string, string>;

/**
 * SQL conditions for `filters` over the columns of table alias `alias` (which must have kind,
 * thread_id, entity_id and created_at), and a key naming the shape for statement caching.
 */
function filterClause(
  filters: SearchFilters,
  alias: string,
): { readonly sql: string; readonly shape: string; readonly parameters: FilterParameters } {
  const parameters: FilterParameters = {};
  const sql = searchConditions(filters)
    .map((condition) => {
      if (condition.test === 'in') {
        parameters[condition.name] = JSON.stringify(condition.values);
        return ` AND ${alias}.${condition.column} IN (SELECT value FROM json_each(@${condition.name}))`;
      }
      parameters[condition.name] = condition.value;
      return ` AND ${alias}.created_at ${condition.operator} @${condition.name}`;
    })
    .join('');
  return { sql, shape: Object.keys(parameters).join(','), parameters };
}

/** An FTS5 query matching any of `terms`, each as a quoted string (quotes doubled). */
export function toMatchExpression(terms: readonly string[]): string | null {
  const quoted = terms
    .map((term) => term.trim())
    .filter((term) => term !== '')
    .map((term) => `"${term.replaceAll('"', '""')}"`);
  return quoted.length === 0 ? null : quoted.join(' OR ');
}

interface RankRow {
  readonly doc_id: number;
  readonly rank: number;
}

interface DistanceRow {
  readonly doc_id: number;
}

interface RerankRow {
  readonly doc_id: number;
  readonly distance: number;
}

/** No filter: the documents of the exact re-rank were filtered by the scan that proposed them. */
const NO_FILTER = filterClause({}, 'd');

interface PendingParameters {
  readonly createdAt: string | null;
  readonly kind: string | null;
  readonly threadId: string;
  readonly itemId: string | null;
  readonly limit: number;
}

interface SpaceRow {
  readonly model: string;
  readonly dimension: number;
}

/**
 * The search index's reads on one connection (which must have sqlite-vec loaded). Statements
 * that depend on the shape of the filters are prepared once per shape.
 */
export class SqliteSearchQueries {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();
  #mirror: SqliteVectorMirror | null = null;
  readonly #space: Database.Statement<[], SpaceRow>;
  readonly #pending: Database.Statement<[PendingParameters], DocumentRow>;
  readonly #counts: Database.Statement<
    [],
    { readonly documents: number; readonly pending: number; readonly cached: number }
  >;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#space = db.prepare('SELECT model, dimension FROM embedding_space WHERE id = 1');
    this.#pending = db.prepare(
      `SELECT ${DOCUMENT_COLUMNS} FROM search_documents d INDEXED BY search_documents_pending
       WHERE d.embedded = 0
         AND (@createdAt IS NULL
              OR (d.created_at, d.kind, d.thread_id, d.item_id)
                 > (@createdAt, @kind, @threadId, @itemId))
       ORDER BY d.created_at, d.kind, d.thread_id, d.item_id LIMIT @limit`,
    );
    this.#counts = db.prepare(
      `SELECT (SELECT COUNT(*) FROM search_documents) AS documents,
              (SELECT COUNT(*) FROM search_documents WHERE embedded = 0) AS pending,
              (SELECT COUNT(*) FROM embeddings) AS cached`,
    );
  }

  #statement(key: string, sql: () => string): Database.Statement {
    let statement = this.#statements.get(key);
    if (statement === undefined) {
      statement = this.#db.prepare(sql());
      this.#statements.set(key, statement);
    }
    return statement;
  }

  /** The active vector space, if any. */
  space(): EmbeddingSpace | null {
    const row = this.#space.get();
    return row === undefined ? null : { model: row.model, dimension: row.dimension };
  }

  searchText(query: TextQuery, filters: SearchFilters, limit: number): TextSearchHit[] {
    const match = toMatchExpression(query.terms);
    const max = toLimit(limit);
    if (match === null || max === 0) return [];
    const parameters = { match, contextWeight: query.contextWeight ?? 0.5 };
    // Rank from the index alone, then fetch the few winners: joining every match to its row
    // before ranking costs about twice as much.
    const rank = this.#statement(
      'text',
      () =>
        `SELECT rowid AS doc_id, bm25(search_text, 1.0, @contextWeight) AS rank
         FROM search_text WHERE search_text MATCH @match
         ORDER BY rank, rowid LIMIT @limit`,
    );
    const filter = filterClause(filters, 'd');
    if (filter.sql === '') {
      const ranked = rank.all({ ...parameters, limit: max }) as RankRow[];
      return this.#rankedHits(ranked, filter);
    }
    // The filtered ranking is the unfiltered one with rows left out: when enough of the
    // unfiltered top rows pass the filters, their first `max` are exactly the answer.
    if (max > 0) {
      const wide = rank.all({ ...parameters, limit: max * FILTER_OVERSAMPLING }) as RankRow[];
      const passing = this.#rankedHits(wide, filter);
      if (passing.length >= max) return passing.slice(0, max);
    }
    const filtered = this.#statement(
      `text:${filter.shape}`,
      () =>
        `SELECT d.doc_id, bm25(search_text, 1.0, @contextWeight) AS rank
         FROM search_text JOIN search_documents d ON d.doc_id = search_text.rowid
         WHERE search_text MATCH @match${filter.sql}
         ORDER BY rank, d.doc_id LIMIT @limit`,
    );
    const ranked = filtered.all({ ...filter.parameters, ...parameters, limit: max }) as RankRow[];
    return this.#rankedHits(ranked, filter);
  }

  /** See `FactKeyIndex.searchFactKeys`: ranked over the keys, then joined to the documents. */
  searchFactKeys(query: TextQuery, filters: SearchFilters, limit: number): TextSearchHit[] {
    const match = toMatchExpression(query.terms);
    const max = toLimit(limit);
    if (match === null || max === 0) return [];
    const filter = filterClause(filters, 'd');
    const ranked = this.#statement(
      `keys:${filter.shape}`,
      () =>
        `SELECT d.doc_id, bm25(search_key_text) AS rank
         FROM search_key_text JOIN search_documents d ON d.doc_id = search_key_text.rowid
         WHERE search_key_text MATCH @match${filter.sql}
         ORDER BY rank, d.doc_id LIMIT @limit`,
    ).all({ ...filter.parameters, match, limit: max }) as RankRow[];
    return this.#rankedHits(ranked, filter);
  }

  /** The hits of `ranked`, in its order, whose documents pass `filter`. */
  #rankedHits(
    ranked: readonly RankRow[],
    filter: ReturnType<typeof filterClause>,
  ): TextSearchHit[] {
    const documents = this.#documents(
      ranked.map((row) => row.doc_id),
      filter,
    );
    return ranked.flatMap((row) => {
      const document = documents.get(row.doc_id);
      return document === undefined ? [] : [{ document, score: -row.rank }];
    });
  }

  /** The documents among `ids` that pass `filter`, by id. */
  #documents(
    ids: readonly number[],
    filter: ReturnType<typeof filterClause>,
  ): Map<number, SearchDocument> {
    const fetch = this.#statement(
      `documents:${filter.shape}`,
      () =>
        `SELECT ${DOCUMENT_COLUMNS} FROM search_documents d
         WHERE d.doc_id IN (SELECT value FROM json_each(@ids))${filter.sql}`,
    );
    const rows = fetch.all({ ...filter.parameters, ids: JSON.stringify(ids) }) as DocumentRow[];
    return new Map(rows.map((row) => [row.doc_id, fromSearchDocumentRow(row)]));
  }

  /**
   * Hamming distance between sign bits over every (filtered) vector, then exact cosine over the
   * nearest candidates. With at most `MIN_CANDIDATES` items the result is exact.
   */
  searchVectors(vector: Float32Array, filters: SearchFilters, limit: number): VectorSearchHit[] {
    const max = toLimit(limit);
    if (max === 0) return [];
    const candidates =
      max < 0 ? Number.MAX_SAFE_INTEGER : Math.max(MIN_CANDIDATES, max * CANDIDATES_PER_HIT);
    const bits = toSignBits(vector);
    let ids: number[];
    if (filters.threadIds === undefined) {
      this.#mirror ??= new SqliteVectorMirror(this.#db);
      this.#mirror.sync();
      ids = this.#mirror.nearest(bits, filters, candidates);
    } else {
      // A thread filter is selective and indexed: scan its few rows in SQL instead.
      const filter = filterClause(filters, 'v');
      const scan = this.#statement(
        `scan:${filter.shape}`,
        () =>
          `SELECT v.doc_id FROM search_vectors v WHERE 1${filter.sql}
           ORDER BY vec_distance_hamming(vec_bit(v.bits), vec_bit(@bits)), v.doc_id LIMIT @limit`,
      );
      const rows = scan.all({ ...filter.parameters, bits, limit: candidates }) as DistanceRow[];
      ids = rows.map((row) => row.doc_id);
    }
    if (ids.length === 0) return [];
    // Rank the candidates by exact cosine from their vectors alone, then fetch the winners'
    // documents (as the full-text ranking does): the sort no longer carries 400 candidates' texts
    // for 50 hits (100k items: 7.5 -> 6.8 ms CPU per search, p50). Both reads see one snapshot.
    const rerank = this.#statement(
      'rerank',
      () =>
        `SELECT v.doc_id, COALESCE(vec_distance_cosine(e.vector, @vector), 1.0) AS distance
         FROM search_vectors v
         JOIN embeddings e ON e.embedding_id = v.embedding_id
         WHERE v.doc_id IN (SELECT value FROM json_each(@ids))
         ORDER BY distance, v.doc_id LIMIT @limit`,
    );
    const read = this.#db.transaction(() => {
      const ranked = rerank.all({
        vector: vectorToBytes(vector),
        ids: JSON.stringify(ids),
        limit: max,
      }) as RerankRow[];
      return {
        ranked,
        documents: this.#documents(
          ranked.map((row) => row.doc_id),
          NO_FILTER,
        ),
      };
    });
    const { ranked, documents } = read();
    // A zero vector has no direction: sqlite-vec yields NULL for it, read as orthogonal (1.0).
    return ranked.flatMap((row) => {
      const document = documents.get(row.doc_id);
      return document === undefined ? [] : [{ document, similarity: 1 - row.distance }];
    });
  }

  pendingEmbeddings(limit: number, after: SearchDocument | undefined): PendingEmbedding[] {
    const max = toLimit(limit);
    if (max === 0) return [];
    const rows = this.#pending.all({
      createdAt: after?.createdAt ?? null,
      kind: after?.kind ?? null,
      threadId: after?.threadId ?? '',
      itemId: after?.itemId ?? null,
      limit: max,
    });
    return rows.map((row) => ({ document: fromSearchDocumentRow(row) }));
  }

  status(): SearchIndexStatus {
    const counts = this.#counts.get() ?? { documents: 0, pending: 0, cached: 0 };
    return {
      space: this.space(),
      documents: counts.documents,
      embedded: counts.documents - counts.pending,
      cachedVectors: counts.cached,
    };
  }
}
