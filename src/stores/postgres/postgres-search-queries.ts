import { fromSearchDocumentRow, type SearchDocumentRow, searchConditions } from '../index.js';
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
import { activeSpace } from './postgres-search-writes.js';
import { OnSession, toNumber, toSqlLimit, toVectorText } from './postgres-sql.js';

/** A `search_documents` row, as the drivers return it. */
type DocumentRow = SearchDocumentRow;

interface TermRow {
  readonly query: string;
  readonly idf: number;
  readonly average_tokens: number;
}

interface ScoredRow extends DocumentRow {
  readonly score: number;
}

interface DistanceRow extends DocumentRow {
  readonly distance: number | null;
}

/** The columns of `search_documents` that make a `SearchDocument`, prefixed with `d.`. */
const DOCUMENT_COLUMNS =
  'd.kind, d.thread_id, d.item_id, d.message_id, d.entity_id, d.created_at, d.text';

/** Smallest and largest HNSW candidate list (`hnsw.ef_search`; pgvector defaults to 40). */
const MIN_EF_SEARCH = 100;
const MAX_EF_SEARCH = 1000;
/** Candidate list entries per requested hit. */
const EF_PER_HIT = 10;

/** Terms worth querying: tsquery parsing drops everything but letters and digits. */
function toTerms(terms: readonly string[]): string[] {
  return terms.map((term) => term.trim()).filter((term) => /[\p{L}\p{N}]/u.test(term));
}

/** BM25 parameters, FTS5's. */
/** The usable terms and SQL limit of a full-text read, or null when it can match nothing. */
function textRead(
  query: TextQuery,
  limit: number,
): { readonly terms: string[]; readonly max: number | null } | null {
  const terms = toTerms(query.terms);
  const max = toSqlLimit(limit);
  return terms.length === 0 || max === 0 ? null : { terms, max };
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * `ts_rank_cd` weights {D, C, B, A} for a term frequency with text weight 1 and context weight
 * `contextWeight` (non-negative; 0.5 when absent). PostgreSQL caps a weight at 1, so a larger
 * context weight becomes {0, 0, 1, 1 / weight} with the result scaled back up.
 */
function frequencyWeights(contextWeight: number | undefined): {
  readonly weights: readonly number[];
  readonly scale: number;
} {
  const context =
    contextWeight === undefined || Number.isNaN(contextWeight)
      ? 0.5
      : Math.min(1e6, Math.max(0, contextWeight));
  return context <= 1
    ? { weights: [0, 0, context, 1], scale: 1 }
    : { weights: [0, 0, 1, 1 / context], scale: context };
}

/** SQL conditions for `filters` over table alias `alias`, numbering parameters after `offset`. */
function filterClause(
  filters: SearchFilters,
  alias: string,
  offset: number,
): { readonly sql: string; readonly parameters: readonly unknown[] } {
  const parameters: unknown[] = [];
  const next = (value: unknown): string => {
    parameters.push(value);
    return `$${offset + parameters.length}`;
  };
  const sql = searchConditions(filters)
    .map((condition) =>
      condition.test === 'in'
        ? ` AND ${alias}.${condition.column} = ANY (${next([...condition.values])}::text[])`
        : ` AND ${alias}.created_at ${condition.operator} ${next(condition.value)}`,
    )
    .join('');
  return { sql, parameters };
}

function hasFilters(filters: SearchFilters): boolean {
  return searchConditions(filters).length > 0;
}

/** The search index's reads on one session. */
export class PostgresSearchQueries extends OnSession {
  /** The active vector space, if any. */
  space(): Promise<EmbeddingSpace | null> {
    return activeSpace(this.session, this.names);
  }

  /**
   * Okapi BM25 as SQLite FTS5 computes it: k1 = 1.2, b = 0.75, and a term frequency in which each
   * occurrence counts with its column's weight (text 1, context `contextWeight`). That frequency
   * is `ts_rank_cd` of the term with weights {D, C, B, A} = {0, 0, context, 1} and no
   * normalisation: for a single-word query every occurrence is a cover of its own worth its
   * weight (a phrase counts once per occurrence). Inverse document frequency is
   * ln(1 + (N - n + 0.5) / (n + 0.5)) over every indexed item, so filters never change a score; N
   * and the average length come from `search_stats`. Each term is a phrase query of its own
   * (`phraseto_tsquery`), so nothing in a term is read as query syntax. Terms are OR-ed by summing
   * their scores.
   *
   * Two statements: the terms' queries and weights first, then the ranking with them as
   * constants, which lets the planner use the GIN index and keeps the per-row work to one
   * `ts_rank_cd` per term (about 0.6 µs a matching row).
   */
  async searchText(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<TextSearchHit[]> {
    const read = textRead(query, limit);
    if (read === null) return [];
    const { terms, max } = read;
    const { s, searchConfig } = this.names;
    const weighted = await this.session.query<TermRow>(
      `WITH totals AS (
         SELECT GREATEST(COALESCE(SUM(documents), 0), 1)::float8 AS n,
           GREATEST(COALESCE(SUM(tokens), 0)::float8 / GREATEST(COALESCE(SUM(documents), 0), 1), 1)
             AS average_tokens
         FROM ${s}.search_stats
       )
       SELECT q.query::text AS query, totals.average_tokens,
         ln(1 + (totals.n - hits.n + 0.5) / (hits.n + 0.5)) AS idf
       FROM unnest($1::text[]) WITH ORDINALITY AS t(term, position)
       CROSS JOIN LATERAL (SELECT phraseto_tsquery(${searchConfig}, t.term) AS query) q
       CROSS JOIN totals
       CROSS JOIN LATERAL (
         SELECT COUNT(*)::float8 AS n FROM ${s}.search_documents d WHERE d.tsv @@ q.query
       ) hits
       WHERE numnode(q.query) > 0
       ORDER BY t.position`,
      [terms],
    );
    const unique = [...new Map(weighted.map((row) => [row.query, row])).values()];
    const [first] = unique;
    if (first === undefined) return [];
    const { weights, scale } = frequencyWeights(query.contextWeight);
    const parameters: unknown[] = [weights, scale, Number(first.average_tokens), max];
    const next = (value: unknown): string => {
      parameters.push(value);
      return `$${parameters.length}`;
    };
    const saturation = `${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * d.tokens / $3::float8)`;
    const queries: string[] = [];
    const scores: string[] = [];
    for (const term of unique) {
      const tsquery = `${next(term.query)}::tsquery`;
      queries.push(tsquery);
      // idf × f × (k1 + 1) / (f + K), written so that the frequency f is computed once.
      scores.push(
        `${next(Number(term.idf))}::float8 * ${BM25_K1 + 1} * (1 - (${saturation})
           / (ts_rank_cd($1::float4[], d.tsv, ${tsquery}, 0)::float8 * $2::float8 + ${saturation}))`,
      );
    }
    const filter = filterClause(filters, 'd', parameters.length);
    parameters.push(...filter.parameters);
    const rows = await this.session.query<ScoredRow>(
      `SELECT ${DOCUMENT_COLUMNS}, ${scores.join(' + ')} AS score
       FROM ${s}.search_documents d
       WHERE d.tsv @@ (${queries.join(' || ')})${filter.sql}
       ORDER BY score DESC, d.doc_id
       LIMIT $4`,
      parameters,
    );
    return rows.map((row) => ({ document: fromSearchDocumentRow(row), score: Number(row.score) }));
  }

  /**
   * See `FactKeyIndex.searchFactKeys`: the keys' ts_rank against any of the terms (each a
   * phrase), joined to the message's document.
   */
  searchFactKeys(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<TextSearchHit[]> {
    const read = textRead(query, limit);
    return read === null ? Promise.resolve([]) : this.#keyHits(read.terms, read.max, filters);
  }

  async #keyHits(
    terms: readonly string[],
    max: number | null,
    filters: SearchFilters,
  ): Promise<TextSearchHit[]> {
    const { s, searchConfig } = this.names;
    const anyTerm = terms
      .map((_, index) => `phraseto_tsquery(${searchConfig}, $${index + 2})`)
      .join(' || ');
    const filter = filterClause(filters, 'd', terms.length + 1);
    const rows = await this.session.query<ScoredRow>(
      `SELECT ${DOCUMENT_COLUMNS}, ts_rank(k.tsv, q.query)::float8 AS score
       FROM (SELECT ${anyTerm} AS query) q
       CROSS JOIN ${s}.search_keys k
       JOIN ${s}.search_documents d ON d.doc_id = k.doc_id
       WHERE k.tsv @@ q.query${filter.sql}
       ORDER BY score DESC, d.doc_id
       LIMIT $1`,
      [max, ...terms, ...filter.parameters],
    );
    return rows.map((row) => ({ document: fromSearchDocumentRow(row), score: Number(row.score) }));
  }

  /**
   * Nearest items by cosine distance. The HNSW index proposes candidates (with filters, pgvector's
   * iterative scan keeps walking the graph until enough rows pass them); when it returns fewer than
   * `limit`, an exact scan over the (filtered) rows answers instead, so a selective filter never
   * loses hits. Distances are computed exactly on the stored vectors either way. A zero vector has
   * no direction: its distance is read as 1 (orthogonal), as SQLite does.
   */
  async searchVectors(
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
  ): Promise<VectorSearchHit[]> {
    const max = toSqlLimit(limit);
    if (max === 0) return [];
    const literal = toVectorText(vector);
    const zero = vector.every((value) => value === 0);
    if (max !== null && !zero) {
      const approximate = await this.#nearest(literal, filters, max, true);
      if (approximate.length >= max) return approximate;
    }
    return this.#nearest(literal, filters, max, false);
  }

  async #nearest(
    literal: string,
    filters: SearchFilters,
    max: number | null,
    indexed: boolean,
  ): Promise<VectorSearchHit[]> {
    const { s, v } = this.names;
    const filter = filterClause(filters, 'sv', 2);
    const distance = `sv.vector OPERATOR(${v}.<=>) $1::text::${v}.vector`;
    if (indexed) {
      const ef = Math.min(MAX_EF_SEARCH, Math.max(MIN_EF_SEARCH, (max ?? 0) * EF_PER_HIT));
      // Settings last until the end of the read transaction (pool), or stay on PGlite's session.
      const local = this.session.inTransaction;
      await this.session.query(
        `SELECT set_config('hnsw.ef_search', $1, ${local}),
                set_config('hnsw.iterative_scan', $2, ${local})`,
        [String(ef), hasFilters(filters) ? 'strict_order' : 'off'],
      );
    }
    // "+ 0" keeps the planner off the HNSW index, whose order is `vector <=> q` exactly.
    const order = indexed ? distance : `(${distance}) + 0`;
    const rows = await this.session.query<DistanceRow>(
      `SELECT ${DOCUMENT_COLUMNS}, nearest.distance
       FROM (
         SELECT sv.doc_id, ${distance} AS distance
         FROM ${s}.search_vectors sv
         WHERE true${filter.sql}
         ORDER BY ${order}
         LIMIT $2
       ) nearest
       JOIN ${s}.search_documents d ON d.doc_id = nearest.doc_id
       ORDER BY COALESCE(NULLIF(nearest.distance, 'NaN'), 1), d.doc_id`,
      [literal, max, ...filter.parameters],
    );
    return rows.map((row) => {
      const distanceValue =
        row.distance === null || Number.isNaN(Number(row.distance)) ? 1 : Number(row.distance);
      return { document: fromSearchDocumentRow(row), similarity: 1 - distanceValue };
    });
  }

  async pendingEmbeddings(
    limit: number,
    after: SearchDocument | undefined,
  ): Promise<PendingEmbedding[]> {
    const max = toSqlLimit(limit);
    if (max === 0) return [];
    const rows = await this.session.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM ${this.names.s}.search_documents d
       WHERE d.embedding_id IS NULL
         AND ($1::text IS NULL
              OR (d.created_at, d.kind, d.thread_id, d.item_id)
                 > ($1::text, $2::text, $3::text, $4::text))
       ORDER BY d.created_at, d.kind, d.thread_id, d.item_id LIMIT $5`,
      [
        after?.createdAt ?? null,
        after?.kind ?? null,
        after?.threadId ?? '',
        after?.itemId ?? null,
        max,
      ],
    );
    return rows.map((row) => ({ document: fromSearchDocumentRow(row) }));
  }

  async status(): Promise<SearchIndexStatus> {
    const { s } = this.names;
    const [counts] = await this.session.query<{
      readonly documents: unknown;
      readonly embedded: unknown;
      readonly cached: unknown;
    }>(
      `SELECT (SELECT COUNT(*) FROM ${s}.search_documents) AS documents,
              (SELECT COUNT(*) FROM ${s}.search_documents WHERE embedding_id IS NOT NULL) AS embedded,
              (SELECT COUNT(*) FROM ${s}.embeddings) AS cached`,
    );
    return {
      space: await activeSpace(this.session, this.names),
      documents: toNumber(counts?.documents),
      embedded: toNumber(counts?.embedded),
      cachedVectors: toNumber(counts?.cached),
    };
  }
}
