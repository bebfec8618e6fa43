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
  /** A retired MEMORY.md entry or a passage it stands behind (`isRetiredPassage`): history. */
  readonly retired?: boolean;
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
  /** True for a retired entry or a passage it stands behind: cited after every current one. */
  readonly retired: boolean;
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

function stem(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

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
    score = (score / Math.sqrt(Math.max(4, set.size))) * document.weight;
    return { document, score: Math.round(score * 1000) / 1000 };
  });
  // A passage must match a real share of the question, else it is a coincidence.
  const minimum = wanted.length >= 3 ? 2 : 1;
  return scored
    .filter((s, i) => s.score > 0 && wanted.filter((t) => docTerms[i]?.has(t)).length >= minimum)
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
 * passage does not say; with no match the answer says so. Retired passages come after every
 * current one, each marked "(retired)", so a retired entry is never the answer's first word.
 */
export function answerExtractively(
  question: string,
  documents: readonly AskDocument[],
  limit = 5,
): AskAnswer {
  const seen = new Set<string>();
  // The same sentence reached through a message, its observation and a promoted entry is cited once.
  const all = rankDocuments(question, documents, documents.length);
  const ranked = [
    ...all.filter(({ document }) => document.retired !== true),
    ...all.filter(({ document }) => document.retired === true),
  ]
    .filter(({ document }) => {
      const key = document.text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
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
    retired: document.retired === true,
  }));
  const answer = citations
    .map((c) => `${c.retired ? '(retired) ' : ''}${c.text.replace(/\s+/g, ' ').trim()} [${c.ref}]`)
    .join('\n');
  return { question, answer, mode: 'extractive', citations };
}
