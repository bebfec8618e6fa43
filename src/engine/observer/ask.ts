// Answering a question from memory, observations, messages and state items.
import { cosineDistance, EngineError } from '../../core/index.js';
import type { Embedder } from '../../embeddings/index.js';
import { maskSecrets } from '../../language/index.js';
import {
  type AskAnswer,
  type AskDocument,
  answerExtractively,
  isRetiredPassage,
  markRetired,
  readCaptures,
  readMemory,
  readObservations,
  readRetention,
  readRetiredPassages,
  sharesQuestionTerm,
} from '../../observer/index.js';
import type { LanguageModel } from '../../providers/index.js';
import { queryTerms, shownText } from '../../search/index.js';
import type { ObserverRuntime } from './runtime.js';

/** Answers from memory: extractively, or synthesised by the model when it cites what it uses. */
export async function ask(
  rt: ObserverRuntime,
  question: string,
  askOptions?: { readonly limit?: number; readonly entityId?: string },
): Promise<AskAnswer> {
  if (question.trim() === '') {
    throw new EngineError('VALIDATION_FAILED', 'the question is empty', {
      parameter: 'question',
    });
  }
  const limit = askOptions?.limit ?? 5;
  const documents = await withSimilarity(
    rt.embedder,
    question,
    await askDocuments(rt, question, askOptions?.entityId),
  );
  const extractive = answerExtractively(question, documents, limit);
  const model = rt.options.languageModel ?? null;
  if (model === null || extractive.citations.length === 0) return extractive;
  return synthesise(model, question, extractive);
}

/**
 * What `ask` answers from: MEMORY.md entries, unpruned observations, and the messages and state
 * items full-text search finds (of `entityId` when given), each with its weight; retired entries
 * and the passages they stand behind are marked retired (issue #13).
 */
async function askDocuments(
  rt: ObserverRuntime,
  question: string,
  entityId: string | undefined,
): Promise<AskDocument[]> {
  const observations: AskDocument[] = [];
  const marks = await readRetention(rt.store);
  for (const capture of await readCaptures(rt.store)) {
    const stored = await readObservations(rt.store, capture.capture_key);
    if (stored === null) continue;
    for (const s of stored.segments) {
      for (const o of s.observations) {
        if (marks[o.observation_id] === 'pruned') continue;
        const weight = o.priority === 'red' ? 1.2 : o.priority === 'yellow' ? 0.8 : 0.4;
        observations.push({
          kind: 'observation',
          id: o.observation_id,
          text: maskSecrets(o.text),
          at: o.at,
          source: `session:${stored.session_id}`,
          weight,
        });
      }
    }
  }
  // An entry is dated by when it was said (its newest source observation), not by when it was
  // approved: two entries that disagree are ordered by what the user said last (review rv-cc H1).
  const saidAt = new Map(observations.map((o) => [o.id, o.at]));
  const documents: AskDocument[] = [];
  for (const m of await readMemory(rt.store)) {
    documents.push({
      kind: 'memory',
      id: m.memory_id,
      text: maskSecrets(m.text),
      at: whenSaid(m.source_observation_ids, saidAt) ?? m.promoted_at,
      source: `MEMORY.md#${m.section}`,
      weight: 1.5,
    });
  }
  documents.push(...observations);
  const terms = queryTerms(question);
  const hits = await rt.store.searchText(
    { terms },
    {
      kinds: ['message', 'state_item'],
      ...(entityId === undefined ? {} : { entityIds: [entityId] }),
    },
    20,
  );
  // Masked as search shows them, a bare reply to a question about a secret included; the
  // store reads for that run together, as search's do.
  const shown = await Promise.all(hits.map((hit) => shownText(rt.store, hit.document)));
  hits.forEach((hit, i) => {
    const d = hit.document;
    documents.push({
      kind: d.kind === 'state_item' ? 'state_item' : 'message',
      id: d.kind === 'message' ? `${d.threadId}/${d.itemId}` : d.itemId,
      text: shown[i] ?? '',
      at: d.createdAt,
      source: d.threadId ?? 'notes',
      weight: d.kind === 'state_item' ? 1 : 0.6,
    });
  });
  const retired = await readRetiredPassages(rt.store);
  // A secret said in a session stays in its transcript, but an answer never quotes its value
  // (and a configured model never reads it): each document is masked once, where it is read.
  return documents.map((d) => ({
    ...d,
    text: markRetired(retired, d),
    ...(isRetiredPassage(retired, d) ? { retired: true } : {}),
  }));
}

/** The newest time among the source observations found, or null when none has one. */
export function whenSaid(
  sourceIds: readonly string[],
  saidAt: ReadonlyMap<string, string | null>,
): string | null {
  let newest: string | null = null;
  let newestMs = Number.NEGATIVE_INFINITY;
  for (const id of sourceIds) {
    const at = saidAt.get(id) ?? null;
    const ms = at === null ? Number.NaN : Date.parse(at);
    if (!Number.isNaN(ms) && ms > newestMs) {
      newest = at;
      newestMs = ms;
    }
  }
  return newest;
}

/**
 * The documents with their similarity to the question under the search embedder, so that a
 * paraphrase counts (issue: "what package manager do I prefer?" missed "I prefer pnpm…"). Only
 * documents sharing a word stem with the question are embedded: the similarity lowers the bar for
 * them and orders them, it never admits a passage on its own. Without an embedder, or when it
 * fails, the documents are ranked on their words alone. A document's vector is embedded once per
 * embedder and kept (`documentVectors`); the question's comes from the embedder's query cache.
 */
export async function withSimilarity(
  embedder: Embedder | null,
  question: string,
  documents: readonly AskDocument[],
): Promise<AskDocument[]> {
  const candidates = documents
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => sharesQuestionTerm(question, d.text));
  if (embedder === null || candidates.length === 0) return [...documents];
  try {
    const [query, vectors] = await Promise.all([
      embedder.embedQuery(question),
      documentVectors(
        embedder,
        candidates.map(({ d }) => embedder.documentInput(d.text)),
      ),
    ]);
    const out = [...documents];
    candidates.forEach(({ d, i }, k) => {
      const v = vectors[k];
      if (v !== undefined) out[i] = { ...d, similarity: 1 - cosineDistance(query, v) };
    });
    return out;
  } catch (error: unknown) {
    if (error instanceof EngineError && error.code === 'PROVIDER_FAILED') return [...documents];
    throw error;
  }
}

/** Document vectors kept per embedder, by content hash; the least recently used go first. */
const KEPT_VECTORS = new WeakMap<Embedder, Map<string, Float32Array>>();

/** How many document vectors are kept per embedder (2 KB each at 512 dimensions). */
const KEPT_VECTORS_MAX = 4096;

/**
 * The vectors of document inputs, in order: kept ones reused, the rest embedded in one call and
 * kept. Every question asks about the same memory entries and observations, which were embedded
 * again for each question; a question's words pick a different handful of them each time, so the
 * vectors are kept by their content hash (the key the store's vector cache uses), not per call.
 */
async function documentVectors(
  embedder: Embedder,
  inputs: readonly string[],
): Promise<readonly (Float32Array | undefined)[]> {
  let kept = KEPT_VECTORS.get(embedder);
  if (kept === undefined) {
    kept = new Map();
    KEPT_VECTORS.set(embedder, kept);
  }
  const hashes = inputs.map((input) => embedder.contentHash(input));
  const missing = [...new Set(hashes.filter((hash) => !kept.has(hash)))];
  if (missing.length > 0) {
    const inputOf = new Map(hashes.map((hash, k) => [hash, inputs[k] ?? '']));
    const fresh = await embedder.embedDocuments(missing.map((hash) => inputOf.get(hash) ?? ''));
    missing.forEach((hash, k) => {
      const vector = fresh[k];
      if (vector !== undefined) kept.set(hash, vector);
    });
  }
  const vectors = hashes.map((hash) => {
    const vector = kept.get(hash);
    // Read again: moved to the most recent end, so the entries asked about least go first.
    if (vector !== undefined) {
      kept.delete(hash);
      kept.set(hash, vector);
    }
    return vector;
  });
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_VECTORS_MAX) break;
    kept.delete(oldest);
  }
  return vectors;
}

/**
 * The model's answer when it cites passages of the extractive answer; else the extractive one.
 * The model reads the extractive citations under their own numbers, retired ones marked.
 */
async function synthesise(
  model: LanguageModel,
  question: string,
  extractive: AskAnswer,
): Promise<AskAnswer> {
  try {
    const result = await model.generateObject({
      system:
        'Answer the question only from the numbered passages. Cite each passage you use by its number. A passage marked (retired) is no longer true: never give it as the current answer. If they do not answer it, say so.',
      prompt: `Question: ${question}\n\n${extractive.citations.map((c) => `[${c.ref}] ${c.retired ? '(retired) ' : ''}${c.text}`).join('\n')}`,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['answer', 'cited'],
        properties: {
          answer: { type: 'string' },
          cited: { type: 'array', items: { type: 'integer' } },
        },
      },
      schemaName: 'memory_answer',
      timeoutMs: 30_000,
    });
    const value = result.value as { answer?: unknown; cited?: unknown } | null;
    const cited = Array.isArray(value?.cited)
      ? value.cited.filter((n): n is number => typeof n === 'number')
      : [];
    const citations = extractive.citations.filter((c) => cited.includes(c.ref));
    if (typeof value?.answer !== 'string' || value.answer.trim() === '' || citations.length === 0) {
      return extractive;
    }
    return { question, answer: value.answer.trim(), mode: 'synthesised', citations };
  } catch (error: unknown) {
    if (error instanceof EngineError && error.code === 'PROVIDER_FAILED') return extractive;
    throw error;
  }
}
