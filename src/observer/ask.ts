import { analyzeChoice, collapseWhitespace } from '../core/index.js';
import { objectKey, readRetirements } from '../items/index.js';
import { splitSentences, stem } from '../language/index.js';
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
  /**
   * Cosine similarity of the document to the question under the search embedder, when one is
   * configured: lets a paraphrase ("what do I prefer" / "my preference") count as a match.
   */
  readonly similarity?: number;
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

/** The stems of a text's content words; with `forQuestion`, question words are left out. */
function terms(text: string, forQuestion = false): Set<string> {
  return new Set(
    [...contentWords(text)]
      .filter((t) => !(forQuestion && (QUESTION_WORDS.has(t) || QUESTION_WORDS.has(stem(t)))))
      .map(stem),
  );
}

/**
 * Whether a passage only asks: every sentence of it ends with a question mark. A question
 * asserts nothing, so it is never an answer, however many of the question's words it repeats.
 */
export function isQuestion(text: string): boolean {
  const sentences = splitSentences(text).filter((s) => /[\p{L}\p{N}]/u.test(s.text));
  return sentences.length > 0 && sentences.every((s) => s.asked);
}

/** Whether `text` shares at least one content-word stem with the question. */
export function sharesQuestionTerm(question: string, text: string): boolean {
  const wanted = terms(question, true);
  for (const t of terms(text)) if (wanted.has(t)) return true;
  return false;
}

/**
 * The similarity above which a passage that shares only one of the question's words still
 * answers it (a paraphrase), and the share of the score it adds. Set by hand from the bundled
 * Universal Sentence Encoder lite on a reviewer's workspace: the paraphrase pair ("what package
 * manager do I prefer?" / "I prefer pnpm over npm…") at 0.51, other statements there at 0.17–0.48;
 * checked, not tuned, on `engine/observer/ask-cases.test.ts` (16 of 17).
 */
const PARAPHRASE_SIMILARITY = 0.45;
const SIMILARITY_SHARE = 2;

/** The question's content words, for a full-text query (question words left out). */
export function questionTerms(question: string): string[] {
  return [...contentWords(question)]
    .filter((t) => !QUESTION_WORDS.has(t) && /^[a-z0-9]+$/.test(t))
    .sort();
}

/**
 * Ranks documents by the question's content words (inverse-document-frequency weighted, length
 * normalised, plus the embedder's similarity when given, times each document's weight) and
 * returns the best `limit` with a score above 0. Questions are left out: they assert nothing.
 */
export function rankDocuments(
  question: string,
  documents: readonly AskDocument[],
  limit = 5,
): { document: AskDocument; score: number }[] {
  const wanted = [...terms(question, true)];
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
    if (score > 0 && document.similarity !== undefined) {
      score += SIMILARITY_SHARE * Math.max(0, document.similarity);
    }
    return { document, score: Math.round(score * document.weight * 1000) / 1000 };
  });
  // A passage must match a real share of the question, else it is a coincidence, unless the
  // embedder reads it as a paraphrase of the question.
  const minimum = wanted.length >= 3 ? 2 : 1;
  const enough = (i: number): boolean => {
    const matched = wanted.filter((t) => docTerms[i]?.has(t)).length;
    const similarity = documents[i]?.similarity ?? 0;
    return matched >= minimum || (matched >= 1 && similarity >= PARAPHRASE_SIMILARITY);
  };
  return scored
    .filter((s, i) => s.score > 0 && enough(i) && !isQuestion(s.document.text))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.document.at ?? '').localeCompare(a.document.at ?? '') ||
        a.document.id.localeCompare(b.document.id),
    )
    .slice(0, limit);
}

/**
 * The ranked passages with each choice that a later-said passage (of `documents`, ranked or not:
 * "we're dropping Redis" shares no word with "which job queue?") gives up by name marked retired
 * ("For the queue we use Redis" of Monday, "we're dropping Redis" of Wednesday): two passages
 * on one topic that disagree are answered by the later, whichever was promoted last (review
 * rv-cc H1). Passages without a time are neither retired nor retire anything.
 */
export function givenUpLater<T extends { readonly document: AskDocument }>(
  ranked: readonly T[],
  documents: readonly AskDocument[] = ranked.map((r) => r.document),
): T[] {
  const choices = ranked.flatMap(({ document }) => {
    if (document.retired === true || document.at === null) return [];
    const chosen = analyzeChoice(document.text).chosen;
    const at = Date.parse(document.at);
    return chosen === null || Number.isNaN(at)
      ? []
      : [{ id: document.id, at, key: objectKey(chosen) }];
  });
  if (choices.length === 0) return [...ranked];
  const given = new Map<string, number>();
  for (const document of documents) {
    const at = document.at === null ? Number.NaN : Date.parse(document.at);
    if (Number.isNaN(at)) continue;
    const squeezed = objectKey(document.text);
    if (!choices.some(({ key }) => key !== '' && squeezed.includes(key))) continue;
    for (const object of readRetirements(document.text)) {
      const key = objectKey(object);
      const latest = given.get(key);
      if (latest === undefined || latest < at) given.set(key, at);
    }
  }
  const superseded = new Set(
    choices
      .filter(({ at, key }) => (given.get(key) ?? Number.NEGATIVE_INFINITY) > at)
      .map(({ id }) => id),
  );
  return ranked.map((entry) =>
    superseded.has(entry.document.id)
      ? { ...entry, document: { ...entry.document, retired: true } }
      : entry,
  );
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
  const all = givenUpLater(rankDocuments(question, documents, documents.length), documents);
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
    .map((c) => `${c.retired ? '(retired) ' : ''}${collapseWhitespace(c.text)} [${c.ref}]`)
    .join('\n');
  return { question, answer, mode: 'extractive', citations };
}
