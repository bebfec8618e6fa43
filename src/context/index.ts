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
  ContextOptions,
  ContextResult,
  ContextSection,
} from './assemble-context.js';
export { MAX_CONTEXT_BUDGET, SECTION_SEPARATOR } from './assemble-context.js';
export * from './build-context.js';
export type { RecallEntry, RecallSection } from './build-recall-pack.js';
export { buildRecallPackFitting } from './build-recall-pack.js';
export type { ContextLimits, ContextMode, ContextSectionName } from './context-budget.js';
export {
  ASKED_CONTEXT_LIMITS,
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  DEFAULT_CONTEXT_BUDGET,
  DEFAULT_CONTEXT_LIMITS,
} from './context-budget.js';
export type {
  ContextEntity,
  ContextField,
  ContextSources,
  MemoryHit,
  SourceRequest,
  TailMessage,
  ThreadSummaries,
} from './context-sources.js';
export { createLlmSummarizer } from './create-llm-summarizer.js';
export type { ProcedureCandidate } from './select-procedures.js';
export { isContentWord, selectProcedures } from './select-procedures.js';
export type { ThreadSummarizer } from './summarize-thread.js';
export { createExtractiveSummarizer, DEFAULT_SUMMARY_TOKENS } from './summarize-thread.js';
export { createGptTokenizer } from './tokenizer.js';
