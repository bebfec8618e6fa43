/**
 * The `Store` contract shared by every storage adapter (adapters live in their own folders and are
 * imported only by `engine`). May import: core, ledger.
 */
export type {
  AppendOutcome,
  DerivedSnapshot,
  DlqItem,
  DlqStatus,
  EmbeddingRow,
  EmbeddingSpace,
  ExtractionBacklog,
  HistoryQuery,
  LedgerEvent,
  MessageQuery,
  MessageRecord,
  NewLedgerEvent,
  PendingEmbedding,
  PromptQuery,
  PutEmbeddingsOutcome,
  SearchDocument,
  SearchFilters,
  SearchIndexStatus,
  SearchItemRef,
  SearchKind,
  StateItemQuery,
  Store,
  StoredStateItem,
  StoreReader,
  TextQuery,
  TextSearchHit,
  ValidationIssue,
  VectorSearchHit,
  WriteScope,
  WriteTx,
} from './store.js';
export { CONTEXT_WORDS, messageContext } from './store.js';
