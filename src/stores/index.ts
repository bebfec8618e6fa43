/**
 * The `Store` contract shared by every storage adapter (adapters live in their own folders and are
 * imported only by `engine`). May import: core, ledger.
 */
export type {
  AppendOutcome,
  DerivedSnapshot,
  DlqItem,
  DlqStatus,
  HistoryQuery,
  LedgerEvent,
  MessageRecord,
  NewLedgerEvent,
  PromptQuery,
  Store,
  StoreReader,
  ValidationIssue,
  WriteScope,
  WriteTx,
} from './store.js';
