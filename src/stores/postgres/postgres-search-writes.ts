import { type AttachOutcome, isActiveSpace } from '../index.js';
import {
  type EmbeddingRow,
  type EmbeddingSpace,
  type FactKeyRef,
  type MessageRecord,
  messageContext,
  type SearchDocument,
} from '../store.js';
import type { PgSession } from './postgres-driver.js';
import { OnSession, type SqlNames, toNumber, toVectorText } from './postgres-sql.js';

interface NeighbourRow {
  readonly inserted: boolean;
  readonly previous_text: string | null;
  readonly next_doc_id: unknown;
  readonly next_context: string | null;
}

interface AttachRow {
  readonly targets: unknown;
  readonly attached: unknown;
}

/**
 * Indexed text as PostgreSQL can hold it: `text` values cannot contain NUL, which JSON documents
 * escape but the index columns would not.
 */
export function toIndexedText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', ' ') : text;
}

/**
 * The search index's writes on a write transaction's session: full-text entries kept in step
 * with the rows they come from, the active space, and cached vectors. Callers hold the write
 * transaction; nothing here begins or commits one.
 */
export class PostgresSearchWrites extends OnSession {
  /**
   * Stores a message (an existing `(threadId, messageId)` is left unchanged) and, when it is new,
   * indexes it with the end of its predecessor in the thread as context and re-indexes its
   * successor's context, which may have changed when this message arrived late. Two round trips:
   * the insert with both neighbours, then the entry with the successor's new context.
   */
  async indexMessage(message: MessageRecord, doc: string): Promise<void> {
    const { s } = this.names;
    const [found] = await this.session.query<NeighbourRow>(
      `WITH inserted AS (
         INSERT INTO ${s}.messages (thread_id, message_id, created_at, entity_id, doc)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (thread_id, message_id) DO NOTHING
         RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM inserted) AS inserted,
         (SELECT text FROM ${s}.search_documents
          WHERE kind = 'message' AND thread_id = $1 AND (created_at, item_id) < ($3::text, $2::text)
          ORDER BY created_at DESC, item_id DESC LIMIT 1) AS previous_text,
         next.doc_id AS next_doc_id, next.context AS next_context
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (
         SELECT doc_id, context FROM ${s}.search_documents
         WHERE kind = 'message' AND thread_id = $1 AND (created_at, item_id) > ($3::text, $2::text)
         ORDER BY created_at, item_id LIMIT 1
       ) next ON true`,
      [message.threadId, message.messageId, message.createdAt, message.entityId, doc],
    );
    if (found?.inserted !== true) return;
    const context = messageContext(found.previous_text ?? '');
    const nextContext = toIndexedText(messageContext(message.content));
    const nextDocId =
      found.next_doc_id === null || found.next_context === nextContext
        ? null
        : String(found.next_doc_id);
    const tokens = `${s}.tsvector_tokens`;
    await this.session.query(
      `WITH entry AS (
         INSERT INTO ${s}.search_documents
           (kind, thread_id, item_id, message_id, entity_id, created_at, text, context, tsv, tokens)
         SELECT 'message', $1, $2, $2, $3, $4, $5, $6, v.tsv, ${tokens}(v.tsv)
         FROM (SELECT ${this.#tsv('$5', '$6')} AS tsv) v
         ON CONFLICT (kind, thread_id, item_id) DO NOTHING
         RETURNING tokens
       ), recontext AS (
         UPDATE ${s}.search_documents d
         SET context = $7, tsv = x.tsv, tokens = ${tokens}(x.tsv)
         FROM (
           SELECT n.doc_id, n.tokens AS old_tokens, ${this.#tsv('n.text', '$7')} AS tsv
           FROM ${s}.search_documents n WHERE n.doc_id = $8::bigint
         ) x
         WHERE d.doc_id = x.doc_id AND EXISTS (SELECT 1 FROM entry)
         RETURNING d.tokens - x.old_tokens AS delta
       )
       ${this.#addStats('$1', '1', '(SELECT tokens FROM entry) + COALESCE((SELECT delta FROM recontext), 0)', 'EXISTS (SELECT 1 FROM entry)')}`,
      [
        message.threadId,
        message.messageId,
        message.entityId,
        message.createdAt,
        toIndexedText(message.content),
        toIndexedText(context),
        nextContext,
        nextDocId,
      ],
    );
  }

  /** The weighted tsvector of a text (weight A) and its context (weight B), as SQL. */
  #tsv(text: string, context: string): string {
    const { searchConfig } = this.names;
    return `setweight(to_tsvector(${searchConfig}, ${text}), 'A')
      || setweight(to_tsvector(${searchConfig}, ${context}), 'B')`;
  }

  /** SQL adding `documents` and `tokens` to a thread's BM25 statistics when `when` holds. */
  #addStats(threadId: string, documents: string, tokens: string, when: string): string {
    const { s } = this.names;
    return `INSERT INTO ${s}.search_stats AS st (thread_id, documents, tokens)
      SELECT ${threadId}, ${documents}, ${tokens} WHERE ${when}
      ON CONFLICT (thread_id) DO UPDATE
      SET documents = st.documents + EXCLUDED.documents, tokens = st.tokens + EXCLUDED.tokens`;
  }

  /** See `IndexWrites.removeDocument`; the thread's BM25 statistics lose it. */
  async removeDocument(kind: string, threadId: string, itemId: string): Promise<void> {
    const { s } = this.names;
    await this.session.query(
      `WITH gone AS (
         DELETE FROM ${s}.search_documents
         WHERE kind = $3 AND thread_id = $1 AND item_id = $2
         RETURNING tokens
       )
       ${this.#addStats('$1', '-1', '-(SELECT tokens FROM gone)', 'EXISTS (SELECT 1 FROM gone)')}`,
      [threadId, itemId, kind],
    );
  }

  /** See `WriteTx.indexDocument`. A changed text detaches the item's vector. */
  async indexDocument(document: SearchDocument): Promise<void> {
    await this.#upsert(document);
  }

  /** Inserts or replaces one item without context; a changed text detaches its vector. */
  async #upsert(document: SearchDocument): Promise<void> {
    const { s } = this.names;
    const tokens = `${s}.tsvector_tokens`;
    await this.session.query(
      `WITH old AS (
         SELECT tokens FROM ${s}.search_documents
         WHERE kind = $7 AND thread_id = $1 AND item_id = $2
       ), entry AS (
         INSERT INTO ${s}.search_documents AS d
           (kind, thread_id, item_id, message_id, entity_id, created_at, text, context, tsv, tokens)
         SELECT $7, $1, $2, $3, $4, $5, $6, '', v.tsv, ${tokens}(v.tsv)
         FROM (SELECT ${this.#tsv('$6', "''")} AS tsv) v
         ON CONFLICT (kind, thread_id, item_id) DO UPDATE
         SET message_id = EXCLUDED.message_id, entity_id = EXCLUDED.entity_id,
             created_at = EXCLUDED.created_at, text = EXCLUDED.text, tsv = EXCLUDED.tsv,
             tokens = EXCLUDED.tokens,
             embedding_id = CASE WHEN d.text = EXCLUDED.text THEN d.embedding_id END
         WHERE (d.message_id, d.entity_id, d.created_at, d.text)
               IS DISTINCT FROM (EXCLUDED.message_id, EXCLUDED.entity_id, EXCLUDED.created_at, EXCLUDED.text)
         RETURNING d.doc_id, d.embedding_id, d.entity_id, d.created_at, d.tokens
       ), detached AS (
         DELETE FROM ${s}.search_vectors v USING entry
         WHERE v.doc_id = entry.doc_id AND entry.embedding_id IS NULL
       ), moved AS (
         UPDATE ${s}.search_vectors v SET entity_id = entry.entity_id, created_at = entry.created_at
         FROM entry
         WHERE v.doc_id = entry.doc_id AND entry.embedding_id IS NOT NULL
       )
       ${this.#addStats(
         '$1',
         'CASE WHEN EXISTS (SELECT 1 FROM old) THEN 0 ELSE 1 END',
         '(SELECT tokens FROM entry) - COALESCE((SELECT tokens FROM old), 0)',
         'EXISTS (SELECT 1 FROM entry)',
       )}`,
      [
        document.threadId ?? '',
        document.itemId,
        document.messageId,
        document.entityId,
        document.createdAt,
        toIndexedText(document.text),
        document.kind,
      ],
    );
  }

  /** See `WriteTx.removeDocuments`. */
  async removeDocuments(kind: string, threadId: string | null): Promise<void> {
    const { s } = this.names;
    await this.session.query(
      `WITH gone AS (
         DELETE FROM ${s}.search_documents WHERE kind = $2 AND thread_id = $1 RETURNING tokens
       )
       ${this.#addStats(
         '$1',
         '-(SELECT COUNT(*) FROM gone)',
         '-(SELECT COALESCE(SUM(tokens), 0) FROM gone)',
         'EXISTS (SELECT 1 FROM gone)',
       )}`,
      [threadId ?? '', kind],
    );
  }

  /**
   * Removes every indexed item but notes (operational, indexed from the files) with its vector;
   * cached vectors stay. The BM25 statistics are recounted from what is kept.
   */
  async clear(): Promise<void> {
    const { s } = this.names;
    await this.session.exec(
      `DELETE FROM ${s}.search_documents WHERE kind <> 'note'; DELETE FROM ${s}.search_stats;
       INSERT INTO ${s}.search_stats (thread_id, documents, tokens)
       SELECT thread_id, COUNT(*), SUM(tokens) FROM ${s}.search_documents GROUP BY thread_id;`,
    );
  }

  /** See `WriteTx.putFactKeys`. */
  async putFactKeys(ref: FactKeyRef, keys: string): Promise<void> {
    const { s, searchConfig } = this.names;
    const doc = `SELECT doc_id FROM ${s}.search_documents
       WHERE kind = 'message' AND thread_id = $1 AND item_id = $2`;
    await this.session.query(`DELETE FROM ${s}.search_keys WHERE doc_id IN (${doc})`, [
      ref.threadId,
      ref.messageId,
    ]);
    if (keys.trim() === '') return;
    await this.session.query(
      `INSERT INTO ${s}.search_keys (doc_id, tsv)
       SELECT doc_id, to_tsvector(${searchConfig}, $3) FROM (${doc}) found`,
      [ref.threadId, ref.messageId, keys],
    );
  }

  /** The active space, if any. */
  async space(): Promise<EmbeddingSpace | null> {
    return activeSpace(this.session, this.names);
  }

  /**
   * Makes `space` active; a different space detaches every vector and gives the vector table the
   * new dimension and a fresh HNSW index (DDL is transactional: readers see the switch at commit).
   */
  async useSpace(space: EmbeddingSpace): Promise<void> {
    if (isActiveSpace(await this.space(), space)) return;
    const { s, v } = this.names;
    await this.session.query(
      `INSERT INTO ${s}.embedding_space (id, model, dimension) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dimension = EXCLUDED.dimension`,
      [space.model, space.dimension],
    );
    await this.session.exec(`
      UPDATE ${s}.search_documents SET embedding_id = NULL WHERE embedding_id IS NOT NULL;
      TRUNCATE ${s}.search_vectors;
      DROP INDEX IF EXISTS ${s}.search_vectors_hnsw;
      ALTER TABLE ${s}.search_vectors ALTER COLUMN vector TYPE ${v}.vector(${space.dimension});
      CREATE INDEX search_vectors_hnsw ON ${s}.search_vectors
        USING hnsw (vector ${v}.vector_cosine_ops);
    `);
  }

  /** See `SearchCommands.attachEmbedding`: one statement. */
  async attachEmbedding(space: EmbeddingSpace, row: EmbeddingRow): Promise<AttachOutcome> {
    const { s, v } = this.names;
    const sql = `WITH target AS (
        SELECT doc_id, kind, thread_id, entity_id, created_at FROM ${s}.search_documents
        WHERE kind = $1 AND thread_id = $2 AND item_id = $3
      ), fresh AS (
        INSERT INTO ${s}.embeddings (model, content_hash, vector)
        SELECT $4, $5, $6::text::${v}.vector FROM target WHERE $6::text IS NOT NULL
        ON CONFLICT (model, content_hash) DO NOTHING
        RETURNING embedding_id, vector
      ), cached AS (
        SELECT embedding_id, vector FROM fresh
        UNION ALL
        SELECT embedding_id, vector FROM ${s}.embeddings
        WHERE model = $4 AND content_hash = $5 AND ${v}.vector_dims(vector) = $7
      ), attached AS (
        INSERT INTO ${s}.search_vectors
          (doc_id, embedding_id, kind, thread_id, entity_id, created_at, vector)
        SELECT t.doc_id, c.embedding_id, t.kind, t.thread_id, t.entity_id, t.created_at, c.vector
        FROM target t CROSS JOIN (SELECT * FROM cached LIMIT 1) c
        ON CONFLICT (doc_id) DO UPDATE
        SET embedding_id = EXCLUDED.embedding_id, vector = EXCLUDED.vector
        RETURNING doc_id, embedding_id
      ), marked AS (
        UPDATE ${s}.search_documents d SET embedding_id = attached.embedding_id
        FROM attached WHERE d.doc_id = attached.doc_id
        RETURNING d.doc_id
      )
      SELECT (SELECT COUNT(*) FROM target) AS targets, (SELECT COUNT(*) FROM marked) AS attached`;
    const [result] = await this.session.query<AttachRow>(sql, [
      row.item.kind,
      row.item.threadId ?? '',
      row.item.itemId,
      space.model,
      row.contentHash,
      row.vector === undefined ? null : toVectorText(row.vector),
      space.dimension,
    ]);
    if (toNumber(result?.targets) === 0) return 'no-item';
    return toNumber(result?.attached) === 0 ? 'no-vector' : 'attached';
  }

  /** Deletes cached vectors no indexed item uses; returns how many. */
  async prune(): Promise<number> {
    const { s } = this.names;
    const [row] = await this.session.query<{ readonly count: unknown }>(
      `WITH gone AS (
         DELETE FROM ${s}.embeddings e
         WHERE NOT EXISTS (
           SELECT 1 FROM ${s}.search_documents d WHERE d.embedding_id = e.embedding_id
         )
         RETURNING 1
       )
       SELECT COUNT(*) AS count FROM gone`,
    );
    return toNumber(row?.count);
  }
}

/** The active vector space read on `session`, if any. */
export async function activeSpace(
  session: PgSession,
  names: SqlNames,
): Promise<EmbeddingSpace | null> {
  const [row] = await session.query<{ readonly model: string; readonly dimension: unknown }>(
    `SELECT model, dimension FROM ${names.s}.embedding_space WHERE id = 1`,
  );
  return row === undefined ? null : { model: row.model, dimension: toNumber(row.dimension) };
}
