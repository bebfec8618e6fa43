/**
 * The context builder: what an agent reads on every turn, assembled within a token budget —
 * system text, skills, the thread's short summary, canonical state of the entities in play (with
 * freshness, stale, review and conflict markers), structured state items (or the long summary),
 * retrieved memories and the recent tail — counted with a real tokenizer. Also the offline
 * extractive thread summary and an LLM one behind the `ThreadSummarizer` contract, and the recall
 * pack.
 * May import: core, ledger, schemas, the store and provider contracts, the services before it
 * (embeddings, extract, search, reconcile, review, projections, vault, tasks, observe), and
 * `gpt-tokenizer`.
 */
export type {
  ContextIncluded,
  ContextInputs,
  ContextOptions,
  ContextRequest,
  ContextResult,
  ContextSection,
  NormalizedContextRequest,
} from './assemble-context.js';
export {
  assembleContext,
  DEFAULT_SYSTEM_TEXT,
  MAX_CONTEXT_BUDGET,
  normalizeContextRequest,
  resolveContextLimits,
  SECTION_SEPARATOR,
} from './assemble-context.js';
export { buildContext } from './build-context.js';
export type {
  RecallEntry,
  RecallPack,
  RecallPackInput,
  RecallPackOptions,
  RecallSection,
  RecallSectionKey,
} from './build-recall-pack.js';
export { buildRecallPack, buildRecallPackFitting, RECALL_SECTIONS } from './build-recall-pack.js';
export { renderCanonicalState } from './canonical-state.js';
export type {
  BudgetedSection,
  ContextLimits,
  ContextMode,
  ContextSectionName,
} from './context-budget.js';
export {
  BUDGETED_SECTIONS,
  CONTEXT_BUDGET_SPLITS,
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  DEFAULT_CONTEXT_BUDGET,
  DEFAULT_CONTEXT_LIMITS,
} from './context-budget.js';
export type { DroppedEntry, DropReason, SectionDraft, StateSource } from './context-sections.js';
export { SECTION_HEADINGS } from './context-sections.js';
export type {
  ContextEntity,
  ContextField,
  ContextPrompt,
  ContextSources,
  MemoryHit,
  SourceRequest,
  ThreadSummaries,
} from './context-sources.js';
export { EMPTY_CONTEXT_SOURCES } from './context-sources.js';
export type { LlmSummarizerOptions } from './create-llm-summarizer.js';
export { createLlmSummarizer } from './create-llm-summarizer.js';
export type {
  ProcedureCandidate,
  ProcedureContext,
  SelectedProcedure,
} from './select-procedures.js';
export { selectProcedures } from './select-procedures.js';
export type {
  SummarizeOptions,
  SummarizeThreadOptions,
  ThreadSummarizer,
  ThreadSummaryInput,
} from './summarize-thread.js';
export {
  createExtractiveSummarizer,
  DEFAULT_SUMMARY_TOKENS,
  summarizeThread,
} from './summarize-thread.js';
export type { Tokenizer } from './tokenizer.js';
export { createGptTokenizer, DEFAULT_ENCODING } from './tokenizer.js';
export type { Truncation } from './truncate-to-tokens.js';
export { TRUNCATION_MARKER, truncateToTokens } from './truncate-to-tokens.js';
