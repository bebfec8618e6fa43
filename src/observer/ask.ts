import { contentWords } from './text-rules.js';

/** Something `ask` can cite. */
export interface AskDocument {
  readonly kind: 'memory' | 'observation' | 'message' | 'state_item';
  readonly id: string;
  readonly text: string;
  readonly at: string | null;
  /** Where it came from: a session id, a thread id, a MEMORY.md section. */
  readonly source: string;
  /** Extra weight: promoted memory and durable observations count for more than chatter. */
  readonly weight: number;
  /**
   * Set when the engine's hybrid search returned it for the question: its place in that list and
   * its cosine similarity (null when vectors are off or did not return it).
   */
  readonly retrieved?: { readonly rank: number; readonly vector: number | null };
  /** The id of the document holding the fix of the problem this one states. */
  readonly resolved_by?: string | null;
}

/** One cited passage. */
export interface Citation {
  readonly ref: number;
  readonly kind: AskDocument['kind'];
  readonly id: string;
  readonly text: string;
  readonly at: string | null;
  readonly source: string;
  readonly score: number;
}

/** An answer with its citations; `mode` says how it was written. */
export interface AskAnswer {
  readonly question: string;
  readonly answer: string;
  readonly mode: 'extractive' | 'synthesised' | 'none';
  readonly citations: readonly Citation[];
}

const QUESTION_WORDS = new Set(
  'decide decided decision about say said tell remember know use used choose chose pick picked agree agreed our ours did does'.split(
    ' ',
  ),
);

/** A light stemmer: "added", "adding", "adds" and "add" meet; "indexes" and "index" too. */
function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss'))
    w = w.replace(/(xe|se|che|she)s$/, '$1').slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // A doubled consonant left by a suffix ("stopped", "running") is one.
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && w !== word) w = w.slice(0, -1);
  return w.replace(/e$/, '');
}

/** Cosine similarity above which a passage the vector search returned answers without a shared word. */
const VECTOR_MIN = 0.55;

function terms(text: string): Set<string> {
  return new Set([...contentWords(text)].map(stem));
}

/** The question's content words, for a full-text query (question words left out). */
export function questionTerms(question: string): string[] {
  return [...contentWords(question)]
    .filter((t) => !QUESTION_WORDS.has(stem(t)) && /^[a-z0-9]+$/.test(t))
    .sort();
}

/**
 * Ranks documents by the question's content words (inverse-document-frequency weighted, length
 * normalised, times each document's weight) and returns the best `limit` with a score above 0.
 */
export function rankDocuments(
  question: string,
  documents: readonly AskDocument[],
  limit = 5,
): { document: AskDocument; score: number }[] {
  const wanted = [...terms(question)].filter((t) => !QUESTION_WORDS.has(t));
  if (wanted.length === 0) return [];
  const docTerms = documents.map((d) => terms(d.text));
  const df = new Map<string, number>();
  for (const set of docTerms)
    for (const t of wanted) if (set.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = documents.length;
  const scored = documents.map((document, i) => {
    const set = docTerms[i] ?? new Set<string>();
    let score = 0;
    for (const t of wanted) {
      if (!set.has(t)) continue;
      score += Math.log(1 + (n + 1) / ((df.get(t) ?? 0) + 0.5));
    }
    score = score / Math.sqrt(Math.max(4, set.size));
    // Hybrid search sees what word matching cannot (stems, synonyms, meaning): its rank counts.
    if (document.retrieved !== undefined) score += 1 / (2 + document.retrieved.rank);
    score *= document.weight;
    return { document, score: Math.round(score * 1000) / 1000 };
  });
  // A passage must match a real share of the question, else it is a coincidence.
  const minimum = wanted.length >= 3 ? 2 : 1;
  const passes = (document: AskDocument, matched: number): boolean =>
    matched >= minimum ||
    (document.retrieved !== undefined &&
      (matched >= 1 || (document.retrieved.vector ?? 0) >= VECTOR_MIN));
  return scored
    .filter(
      (s, i) => s.score > 0 && passes(s.document, wanted.filter((t) => docTerms[i]?.has(t)).length),
    )
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.document.at ?? '').localeCompare(a.document.at ?? '') ||
        a.document.id.localeCompare(b.document.id),
    )
    .slice(0, limit);
}

/**
 * The offline answer: the best passages, quoted with numbered citations. Nothing is said that a
 * passage does not say; with no match the answer says so.
 */
export function answerExtractively(
  question: string,
  documents: readonly AskDocument[],
  limit = 5,
): AskAnswer {
  const seen = new Set<string>();
  const keyOf = (document: AskDocument) =>
    document.text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  // The same sentence reached through a message, its observation and a promoted entry is cited once.
  const unique = rankDocuments(question, documents, documents.length).filter(({ document }) => {
    const key = keyOf(document);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A cited problem brings its fix along (right after it): the answer to "why … and how did we
  // fix it" is the pair, and the fix may share no word with the question.
  const byId = new Map(documents.map((d) => [d.id, d]));
  const ranked: { document: AskDocument; score: number }[] = [];
  for (const hit of unique) {
    if (ranked.length >= limit) break;
    if (ranked.some((r) => r.document.id === hit.document.id)) continue;
    ranked.push(hit);
    const fix = hit.document.resolved_by ? byId.get(hit.document.resolved_by) : undefined;
    if (fix === undefined || ranked.length >= limit) continue;
    if (ranked.some((r) => keyOf(r.document) === keyOf(fix))) continue;
    ranked.push({ document: fix, score: hit.score });
  }
  if (ranked.length === 0) {
    return {
      question,
      answer: 'Nothing in memory matches this question.',
      mode: 'none',
      citations: [],
    };
  }
  const citations = ranked.map(({ document, score }, i) => ({
    ref: i + 1,
    kind: document.kind,
    id: document.id,
    text: document.text,
    at: document.at,
    source: document.source,
    score,
  }));
  const answer = citations
    .map((c) => `${c.text.replace(/\s+/g, ' ').trim()} [${c.ref}]`)
    .join('\n');
  return { question, answer, mode: 'extractive', citations };
}
