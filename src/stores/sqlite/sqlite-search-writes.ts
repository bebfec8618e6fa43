import type Database from 'better-sqlite3';
import { type AttachOutcome, isActiveSpace, vectorFromBytes, vectorToBytes } from '../index.js';
import {
  type EmbeddingRow,
  type EmbeddingSpace,
  type FactKeyRef,
  type MessageRecord,
  messageContext,
  type SearchDocument,
} from '../store.js';
import { type DocumentRow, toSignBits } from './sqlite-search-queries.js';

interface NeighbourParameters {
  readonly threadId: string;
  readonly createdAt: string;
  readonly itemId: string;
}

interface DocumentParameters {
  readonly kind: string;
  readonly threadId: string;
  readonly itemId: string;
  readonly messageId: string | null;
  readonly entityId: string;
  readonly createdAt: string;
  readonly text: string;
  readonly context: string;
}

type FtsParameters = [docId: number, text: string, context: string];

interface VectorTarget {
  readonly doc_id: number;
  readonly kind: string;
  readonly thread_id: string;
  readonly entity_id: string;
  readonly created_at: string;
}

interface CachedRow {
  readonly embedding_id: number;
  readonly vector: Buffer;
}

/**
 * The search index's writes on the writer connection: full-text entries kept in step with the
 * messages they come from, the active space, and cached vectors. Callers hold the write
 * transaction; nothing here begins or commits one.
 */
export class SqliteSearchWrites {
  readonly #previousMessage: Database.Statement<[NeighbourParameters], { readonly text: string }>;
  readonly #nextMessage: Database.Statement<[NeighbourParameters], DocumentRow>;
  readonly #insertDocument: Database.Statement<[DocumentParameters]>;
  readonly #setContext: Database.Statement<[string, number]>;
  readonly #ftsInsert: Database.Statement<FtsParameters>;
  readonly #ftsDelete: Database.Statement<FtsParameters>;
  readonly #clear: () => void;
  readonly #space: Database.Statement<[], { readonly model: string; readonly dimension: number }>;
  readonly #setSpace: Database.Statement<[string, number]>;
  readonly #detachAll: () => void;
  readonly #target: Database.Statement<[string, string, string], VectorTarget>;
  readonly #cacheVector: Database.Statement<[string, string, Buffer]>;
  readonly #cached: Database.Statement<[string, string], CachedRow>;
  readonly #attach: Database.Statement<[number, number, string, string, string, string, Buffer]>;
  readonly #detach: (docId: number) => void;
  readonly #markEmbedded: Database.Statement<[number]>;
  readonly #prune: Database.Statement<[]>;
  readonly #document: Database.Statement<[string, string, string], DocumentRow>;
  readonly #deleteDocument: Database.Statement<[number]>;
  readonly #inThread: Database.Statement<[string, string], DocumentRow>;
  readonly #setMessageId: Database.Statement<[string | null, number]>;
  readonly #dropKeys: Database.Statement<[string, string]>;
  readonly #insertKeys: Database.Statement<[string, string, string]>;

  constructor(db: Database.Database) {
    this.#previousMessage = db.prepare(
      `SELECT text FROM search_documents
       WHERE kind = 'message' AND thread_id = @threadId
         AND (created_at, item_id) < (@createdAt, @itemId)
       ORDER BY created_at DESC, item_id DESC LIMIT 1`,
    );
    this.#nextMessage = db.prepare(
      `SELECT doc_id, kind, thread_id, item_id, message_id, entity_id, created_at, text, context
       FROM search_documents
       WHERE kind = 'message' AND thread_id = @threadId
         AND (created_at, item_id) > (@createdAt, @itemId)
       ORDER BY created_at, item_id LIMIT 1`,
    );
    this.#insertDocument = db.prepare(
      `INSERT INTO search_documents
         (kind, thread_id, item_id, message_id, entity_id, created_at, text, context)
       VALUES (@kind, @threadId, @itemId, @messageId, @entityId, @createdAt, @text, @context)
       ON CONFLICT (kind, thread_id, item_id) DO NOTHING`,
    );
    this.#setContext = db.prepare('UPDATE search_documents SET context = ? WHERE doc_id = ?');
    this.#ftsInsert = db.prepare('INSERT INTO search_text (rowid, text, context) VALUES (?, ?, ?)');
    this.#ftsDelete = db.prepare(
      `INSERT INTO search_text (search_text, rowid, text, context) VALUES ('delete', ?, ?, ?)`,
    );
    const bumpEpoch = 'UPDATE search_state SET vector_epoch = vector_epoch + 1 WHERE id = 1';
    // Notes are operational (indexed from the files, not the ledger): they survive a clear.
    const clears = [
      `DELETE FROM search_vectors WHERE kind <> 'note'`,
      bumpEpoch,
      `DELETE FROM search_documents WHERE kind <> 'note'`,
      `INSERT INTO search_text (search_text) VALUES ('delete-all')`,
      'INSERT INTO search_text (rowid, text, context) SELECT doc_id, text, context FROM search_documents',
    ].map((sql) => db.prepare(sql));
    this.#clear = () => {
      for (const clear of clears) clear.run();
    };
    this.#space = db.prepare('SELECT model, dimension FROM embedding_space WHERE id = 1');
    this.#setSpace = db.prepare(
      `INSERT INTO embedding_space (id, model, dimension) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET model = excluded.model, dimension = excluded.dimension`,
    );
    const detaches = [
      'DELETE FROM search_vectors',
      bumpEpoch,
      'UPDATE search_documents SET embedded = 0 WHERE embedded = 1',
    ].map((sql) => db.prepare(sql));
    this.#detachAll = () => {
      for (const detach of detaches) detach.run();
    };
    this.#target = db.prepare(
      `SELECT doc_id, kind, thread_id, entity_id, created_at FROM search_documents
       WHERE kind = ? AND thread_id = ? AND item_id = ?`,
    );
    this.#cacheVector = db.prepare(
      `INSERT INTO embeddings (model, content_hash, vector) VALUES (?, ?, ?)
       ON CONFLICT (model, content_hash) DO NOTHING`,
    );
    this.#cached = db.prepare(
      'SELECT embedding_id, vector FROM embeddings WHERE model = ? AND content_hash = ?',
    );
    this.#attach = db.prepare(
      `INSERT INTO search_vectors
         (doc_id, embedding_id, kind, thread_id, entity_id, created_at, bits)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const detachOne = db.prepare('DELETE FROM search_vectors WHERE doc_id = ?');
    const bump = db.prepare(bumpEpoch);
    this.#detach = (docId) => {
      if (detachOne.run(docId).changes > 0) bump.run();
    };
    this.#markEmbedded = db.prepare('UPDATE search_documents SET embedded = 1 WHERE doc_id = ?');
    this.#prune = db.prepare(
      'DELETE FROM embeddings WHERE embedding_id NOT IN (SELECT embedding_id FROM search_vectors)',
    );
    this.#document = db.prepare(
      `SELECT doc_id, kind, thread_id, item_id, message_id, entity_id, created_at, text, context
       FROM search_documents WHERE kind = ? AND thread_id = ? AND item_id = ?`,
    );
    this.#deleteDocument = db.prepare('DELETE FROM search_documents WHERE doc_id = ?');
    this.#inThread = db.prepare(
      `SELECT doc_id, kind, thread_id, item_id, message_id, entity_id, created_at, text, context
       FROM search_documents WHERE kind = ? AND thread_id = ?`,
    );
    this.#setMessageId = db.prepare('UPDATE search_documents SET message_id = ? WHERE doc_id = ?');
    const messageDoc = `SELECT doc_id FROM search_documents
       WHERE kind = 'message' AND thread_id = ? AND item_id = ?`;
    this.#dropKeys = db.prepare(`DELETE FROM search_key_text WHERE rowid IN (${messageDoc})`);
    this.#insertKeys = db.prepare(
      `INSERT INTO search_key_text (rowid, keys) SELECT doc_id, ? FROM (${messageDoc})`,
    );
  }

  /** See `WriteTx.putFactKeys`. */
  putFactKeys(ref: FactKeyRef, keys: string): void {
    this.#dropKeys.run(ref.threadId, ref.messageId);
    if (keys.trim() !== '') this.#insertKeys.run(keys, ref.threadId, ref.messageId);
  }

  /** See `IndexWrites.removeDocument`. */
  removeDocument(kind: string, threadId: string, itemId: string): void {
    const existing = this.#document.get(kind, threadId, itemId);
    if (existing !== undefined) this.#remove(existing);
  }

  /**
   * See `WriteTx.indexDocument`. A changed text, entity or creation time replaces the entry (and
   * drops its vector, so the item is embedded again); a new message id alone only moves it.
   */
  indexDocument(document: SearchDocument): void {
    const threadId = document.threadId ?? '';
    const existing = this.#document.get(document.kind, threadId, document.itemId);
    if (existing !== undefined) {
      const same =
        existing.text === document.text &&
        existing.entity_id === document.entityId &&
        existing.created_at === document.createdAt;
      if (same) {
        if (existing.message_id !== document.messageId) {
          this.#setMessageId.run(document.messageId, existing.doc_id);
        }
        return;
      }
      this.#remove(existing);
    }
    const inserted = this.#insertDocument.run({
      kind: document.kind,
      threadId,
      itemId: document.itemId,
      messageId: document.messageId,
      entityId: document.entityId,
      createdAt: document.createdAt,
      text: document.text,
      context: '',
    });
    if (inserted.changes > 0) {
      this.#ftsInsert.run(Number(inserted.lastInsertRowid), document.text, '');
    }
  }

  /** See `WriteTx.removeDocuments`. */
  removeDocuments(kind: string, threadId: string | null): void {
    for (const row of this.#inThread.all(kind, threadId ?? '')) this.#remove(row);
  }

  /** Removes one indexed item with its full-text entry and vector link. */
  #remove(row: DocumentRow): void {
    this.#detach(row.doc_id);
    this.#ftsDelete.run(row.doc_id, row.text, row.context);
    this.#deleteDocument.run(row.doc_id);
  }

  /**
   * Indexes a newly stored message with the end of its predecessor in the thread as context, and
   * re-indexes its successor's context, which may have changed when this message arrived late.
   */
  indexMessage(message: MessageRecord): void {
    const position = {
      threadId: message.threadId,
      createdAt: message.createdAt,
      itemId: message.messageId,
    };
    const previous = this.#previousMessage.get(position);
    const context = messageContext(previous?.text ?? '');
    const inserted = this.#insertDocument.run({
      kind: 'message',
      threadId: message.threadId,
      itemId: message.messageId,
      messageId: message.messageId,
      entityId: message.entityId,
      createdAt: message.createdAt,
      text: message.content,
      context,
    });
    if (inserted.changes === 0) return;
    this.#ftsInsert.run(Number(inserted.lastInsertRowid), message.content, context);

    const next = this.#nextMessage.get(position);
    if (next === undefined) return;
    const nextContext = messageContext(message.content);
    if (next.context === nextContext) return;
    this.#ftsDelete.run(next.doc_id, next.text, next.context);
    this.#setContext.run(nextContext, next.doc_id);
    this.#ftsInsert.run(next.doc_id, next.text, nextContext);
  }

  /** Removes every indexed item but notes, with its vector link; cached vectors stay. */
  clear(): void {
    this.#clear();
  }

  /** Makes `space` active; a different space detaches every vector. */
  useSpace(space: EmbeddingSpace): void {
    if (isActiveSpace(this.#space.get() ?? null, space)) return;
    this.#setSpace.run(space.model, space.dimension);
    this.#detachAll();
  }

  /** See `SearchCommands.attachEmbedding`. */
  attachEmbedding(space: EmbeddingSpace, row: EmbeddingRow): AttachOutcome {
    const target = this.#target.get(row.item.kind, row.item.threadId ?? '', row.item.itemId);
    if (target === undefined) return 'no-item';
    if (row.vector !== undefined) {
      this.#cacheVector.run(space.model, row.contentHash, vectorToBytes(row.vector));
    }
    const cached = this.#cached.get(space.model, row.contentHash);
    if (cached === undefined) return 'no-vector';
    // Re-attaching replaces the link; removing one makes in-memory mirrors reload.
    this.#detach(target.doc_id);
    this.#attach.run(
      target.doc_id,
      cached.embedding_id,
      target.kind,
      target.thread_id,
      target.entity_id,
      target.created_at,
      toSignBits(vectorFromBytes(cached.vector)),
    );
    this.#markEmbedded.run(target.doc_id);
    return 'attached';
  }

  /** Deletes cached vectors no item uses; returns how many. */
  prune(): number {
    return this.#prune.run().changes;
  }
}
