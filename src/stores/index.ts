/**
 * The `Store` contract shared by every storage adapter (adapters live in their own folders and are
 * imported only by `engine`). May import: core, ledger.
 */

export { eachEvent } from './ledger.js';
export type { MetaRecord, MetaShape } from './meta-records.js';
export { decodeMeta, defineMetaRecord, metaShape, readMeta, writeMeta } from './meta-records.js';
export type {
  AttachOutcome,
  ReaderQueries,
  SearchCommands,
  SearchQueries,
  WriterCommands,
} from './query-reader.js';
export { QueryReader, QueryWriteTx, SearchQueryReader } from './query-reader.js';
export {
  type MemoryFilter,
  type PredictionErrorFilter,
  RowVault,
  VAULT_DERIVED_TABLES,
} from './row-vault.js';
export type {
  DocRow,
  EventInsertValues,
  EventRowColumns,
  SearchCondition,
  SearchDocumentRow,
  WatermarkRow,
} from './rows.js';
export {
  appendOutcomeAgainst,
  EVENT_COLUMNS,
  eventInsertValues,
  fromSearchDocumentRow,
  parseDocs,
  parseFirstDoc,
  rowLimit,
  searchConditions,
  stateItemDocument,
  toLedgerEvent,
  toWatermark,
  vectorFromBytes,
  vectorToBytes,
} from './rows.js';
export type { RowTable } from './sql-rows.js';
export { type IndexWrites, postgresSql, ROWS, RowSql, RowWrites, SQLITE_SQL } from './sql-rows.js';
export type {
  AppendOutcome,
  CitedPassage,
  DeadLetterReader,
  DeadLetterWriter,
  DerivedSnapshot,
  DlqItem,
  DlqStatus,
  EmbeddingCache,
  EmbeddingRow,
  EmbeddingSpace,
  ExtractionBacklog,
  HistoryQuery,
  ItemReader,
  ItemWriter,
  LedgerEvent,
  LedgerReader,
  LedgerWriter,
  MemoryQuery,
  MemoryRecord,
  MemoryRevision,
  MemorySourceKind,
  MessageQuery,
  MessageRecord,
  MetaReader,
  MetaWriter,
  NewLedgerEvent,
  NoteChunk,
  NoteRecord,
  PendingEmbedding,
  PredictionError,
  PredictionErrorQuery,
  PredictionErrorType,
  PromptQuery,
  PutEmbeddingsOutcome,
  SearchDocument,
  SearchFilters,
  SearchIndex,
  SearchIndexStatus,
  SearchIndexWriter,
  SearchItemRef,
  SearchKind,
  StateItemQuery,
  StateReader,
  StateWriter,
  Store,
  StoreCapabilities,
  StoredStateItem,
  StoreReader,
  TaskQuery,
  TaskReader,
  TaskWriter,
  TextQuery,
  TextSearchHit,
  ValidationIssue,
  VaultReader,
  VaultRoot,
  VaultSnapshot,
  VaultWriter,
  VectorSearchHit,
  WriteScope,
  WriteTx,
} from './store.js';
export { CONTEXT_WORDS, messageContext } from './store.js';
export {
  assertValidSpace,
  assertVectorsFit,
  inactiveSpaceError,
  inLiveTurn,
  isActiveSpace,
  redactMissingEventError,
  reentrantWriteError,
  storeClosedError,
  transactionEndedError,
  type WriteTurn,
} from './store-errors.js';
export { taskRowValues } from './tasks.js';
