/**
 * Which stored procedures a recall pack carries (seed 004 layer 4, "relevant procedures"): the
 * ones that share a deliberate label or enough content words with what the session is about.
 * Pure and deterministic.
 */
import { stem } from '../language/index.js';

/** A procedure the user or a promotion stored, as the pack may cite it. */
export interface ProcedureCandidate {
  /** The memory id (`m-…` for a MEMORY.md entry, `mem_…` for a vault memory). */
  readonly id: string;
  readonly text: string;
  /** Labels given with it (the `procedure` tag itself is ignored). */
  readonly tags: readonly string[];
  /** Where it comes from, as the pack shows it: `MEMORY.md m-…` or `memory mem_…`. */
  readonly source: string;
}

/** What a session is about, strongest signal first. */
export interface ProcedureContext {
  /** The prompt the pack is built for ('' when none). */
  readonly query: string;
  /** Trigger words the prompt matched and the names they load. */
  readonly triggers: readonly string[];
  /** Titles of the work in front of the user today (P0s, due today or tomorrow, executing). */
  readonly taskTitles: readonly string[];
}

/** A chosen procedure with why it was chosen. */
export interface SelectedProcedure extends ProcedureCandidate {
  readonly score: number;
  /** The labels and words it shared with the context, sorted. */
  readonly matched: readonly string[];
}

/** Words too common to say what a text is about. */
const STOP = new Set(
  (
    'the and for with from that this have will your about into after before task due open ' +
    'you are was were been can not all any each every when what how then them they our out ' +
    'its also just some more most must should always never only over under via per use used ' +
    'make made get got need needs want wants like please today tomorrow week day'
  ).split(' '),
);

/**
 * Whether a lower-case word can say what a text is about (it is no stop word): what procedure
 * selection matches on, and what the recall pack counts when it asks whether an agent's output
 * repeated an entry.
 */
export function isContentWord(word: string): boolean {
  return !STOP.has(word);
}

/** The distinct content-word stems of a text (three letters or more, stop words left out). */
export function contentStems(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? [];
  return new Set(words.filter(isContentWord).map(stem));
}

/** How many shared stems make a procedure relevant without a shared label. */
const MIN_SHARED_WORDS = 2;

function score(
  candidate: ProcedureCandidate,
  prompt: ReadonlySet<string>,
  work: ReadonlySet<string>,
): { score: number; matched: string[] } {
  const labels = new Set(
    candidate.tags
      .map((t) => t.toLowerCase())
      .filter((t) => t !== 'procedure')
      .flatMap((t) => [...contentStems(t)]),
  );
  const words = contentStems(candidate.text);
  const labelHits = [...labels].filter((l) => prompt.has(l) || work.has(l));
  const promptHits = [...words].filter((w) => prompt.has(w) && !labels.has(w));
  const workHits = [...words].filter((w) => !prompt.has(w) && work.has(w) && !labels.has(w));
  const relevant =
    labelHits.length > 0 ||
    promptHits.length >= MIN_SHARED_WORDS ||
    (promptHits.length === 0 && workHits.length >= MIN_SHARED_WORDS);
  if (!relevant) return { score: 0, matched: [] };
  return {
    score: labelHits.length * 3 + promptHits.length * 2 + workHits.length,
    matched: [...new Set([...labelHits, ...promptHits, ...workHits])].sort(),
  };
}

/**
 * The procedures relevant to a session, most relevant first (ties by id). A procedure is
 * relevant when one of its tags names something the prompt, a matched trigger or today's work
 * names, or when it shares at least two content words with the prompt and triggers (or, with
 * no word of the prompt, with today's task titles). One shared word is not enough: "send" alone
 * would pull every procedure that sends anything. No context, no procedures.
 */
export function selectProcedures(
  candidates: readonly ProcedureCandidate[],
  context: ProcedureContext,
): SelectedProcedure[] {
  const prompt = contentStems([context.query, ...context.triggers].join(' '));
  const work = contentStems(context.taskTitles.join(' '));
  if (prompt.size === 0 && work.size === 0) return [];
  const chosen: SelectedProcedure[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const result = score(candidate, prompt, work);
    if (result.score > 0) chosen.push({ ...candidate, ...result });
  }
  return chosen.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
