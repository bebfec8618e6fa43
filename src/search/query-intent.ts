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
  /**
   * A question about when, how long or in what order ("when did…", "how many days…", "which
   * came first", "how long ago"): the answer rests on dates, so dates said in the text count.
   */
  readonly temporal: boolean;
  /**
   * A request for advice or suggestions ("can you recommend…", "any tips…", "what should I…"):
   * the evidence is what the person said they like, which rarely shares the request's words.
   */
  readonly preference: boolean;
  /**
   * A question about what the assistant itself said earlier ("you told me…", "remind me what you
   * recommended", "our previous conversation…"): the evidence is the reply, usually a long turn
   * right after the person's own request, not the request.
   */
  readonly recall: boolean;
}

const LATEST =
  /\b(current(ly)?|now|latest|most recent(ly)?|these days|still|anymore|any more|nowadays|at the moment|so far|recently)\b/i;
const AGGREGATE =
  /\b(how many|how much|in total|total(ly)?|altogether|combined|all (the|of)|each of|every time|how often|number of)\b/i;
const TEMPORAL =
  /\b(when|what (date|day|month|year|time)|how long (ago|before|after|since)|how many (days|weeks|months|years|hours)|which (\w+ )?(came |happened |did i \w+ )?first|in what order|the first time|the last time|before or after|earlier|later than|ago)\b/i;
const PREFERENCE =
  /\b(recommend\w*|suggest\w*|any (tips|ideas|advice)|some (tips|ideas|advice)|advice on|ideas for|what should i|should i (try|get|buy|watch|read|make|cook|do)|can you help me (find|choose|pick|plan))\b/i;

const RECALL =
  /\b(you (told|said|mentioned|suggested|recommended|gave|provided|listed|shared|wrote|explained|showed|described|named|came up with)|(our|the|that|a) (previous|earlier|last|past) (conversation|chat|discussion)|we (talked|spoke|chatted) about|remind me (what|which|who|where|of|how)( \w+)? you)\b/i;

/** Reads a query's intent from its wording (English cue words; no match means none). */
export function queryIntent(query: string): QueryIntent {
  return {
    latest: LATEST.test(query),
    aggregate: AGGREGATE.test(query),
    temporal: TEMPORAL.test(query),
    preference: PREFERENCE.test(query),
    recall: RECALL.test(query),
  };
}

/** The intents a route can name, in the order routes are applied (a later one wins). */
export const ROUTED_INTENTS = ['temporal', 'aggregate', 'latest', 'preference'] as const;

/** One routable intent. */
export type RoutedIntent = (typeof ROUTED_INTENTS)[number];
