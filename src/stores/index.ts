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
  HistoryQuery,
  LedgerEvent,
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
  Store,
  StoreReader,
  TextQuery,
  TextSearchHit,
  ValidationIssue,
  VectorSearchHit,
  WriteScope,
  WriteTx,
} from './store.js';
export { CONTEXT_WORDS, messageContext } from './store.js';
