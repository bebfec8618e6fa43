/** What a query's wording says about the answer it wants, for routing the ranking. */
export interface QueryIntent {
  /**
   * The current or most recent value of something that changes ("what is my current…", "do I
   * still…", "the latest…"): newer evidence should lead.
   */
  readonly latest: boolean;
  /**
   * A count, total or list gathered across occasions ("how many…", "in total", "all the…"): the
   * evidence is spread over sessions, so one session should not fill the top.
   */
  readonly aggregate: boolean;
}

const LATEST =
  /\b(current(ly)?|now|latest|most recent(ly)?|these days|still|anymore|any more|nowadays|at the moment|so far|recently)\b/i;
const AGGREGATE =
  /\b(how many|how much|in total|total(ly)?|altogether|combined|all (the|of)|each of|every time|how often|number of)\b/i;

/** Reads a query's intent from its wording (English cue words; no match means neither). */
export function queryIntent(query: string): QueryIntent {
  return { latest: LATEST.test(query), aggregate: AGGREGATE.test(query) };
}
