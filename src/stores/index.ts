/**
 * The `Store` contract shared by every storage adapter (adapters live in their own folders and are
 * imported only by `engine`). May import: core, ledger.
 */

export type { DeliveryRunner } from './delivery-sql.js';
export { createDeliveryStore } from './delivery-sql.js';
export { eachEvent } from './ledger.js';
export type { MetaRecord, MetaShape } from './meta-records.js';
export { defineMetaRecord, metaShape, readMeta, writeMeta } from './meta-records.js';
export * from './query-reader.js';
export { RowTasks, type TaskConditions } from './row-tasks.js';
export * from './row-vault.js';
export * from './rows.js';
export type { IndexWrites, RowRunner, RowTable, SqlStatement } from './sql-rows.js';
export { OverRows, postgresSql, ROWS, RowSql, RowWrites, SQLITE_SQL } from './sql-rows.js';
export type {
  CitedPassage,
  Delivery,
  DeliveryKey,
  DeliveryStore,
  DerivedSnapshot,
  DlqItem,
  EmbeddingRow,
  EmbeddingSpace,
  MemoryRecord,
  MemoryRevision,
  MessageRecord,
  NewLedgerEvent,
  NoteChunk,
  NoteRecord,
  PendingEmbedding,
  PredictionError,
  PredictionErrorType,
  SearchDocument,
  SearchFilters,
  SearchKind,
  Store,
  StoredStateItem,
  StoreReader,
  TaskQuery,
  TextSearchHit,
  VectorSearchHit,
  WriteScope,
  WriteTx,
} from './store.js';
export {
  assertVectorsFit,
  inLiveTurn,
  isActiveSpace,
  redactMissingEventError,
  reentrantWriteError,
  storeClosedError,
  transactionEndedError,
  type WriteTurn,
} from './store-errors.js';
export * from './store-gate.js';
export { taskRowValues } from './tasks.js';
