// Search hits read with the observer's marks (issue #13): a statement a later one superseded is
// shown marked and ranked below, and the assistant's echo of a user's statement never outranks it.
import {
  readEchoes,
  readSuperseded,
  type SupersededRecord,
  supersededText,
} from '../observer/index.js';
import type { SearchResult } from '../search/index.js';
import type { StoreReader } from '../stores/index.js';

// What a superseded hit still weighs: findable, marked, and below what replaced it.
const STALE_FACTOR = 0.2;
// How far an echo sits below the statement it repeats.
const ECHO_FACTOR = 0.99;

type Hit = SearchResult['hits'][number];

/** The `session:<id>/<message id>` a hit shows or came from, or null. */
function messageKeyOf(hit: Hit): string | null {
  const id = hit.kind === 'message' ? hit.id : hit.message_id;
  return hit.thread_id === null || id === null ? null : `${hit.thread_id}/${id}`;
}

/**
 * `result` with superseded observations and the messages that said them marked
 * (`[superseded: <new> replaced <old>] …`) and scored down, each echo scored just below the user's
 * statement it repeats when that is among the hits, and the hits sorted again (stable).
 */
export async function markSupersededHits(
  store: StoreReader,
  result: SearchResult,
): Promise<SearchResult> {
  if (result.hits.length === 0) return result;
  const superseded = await readSuperseded(store);
  const echoes = await readEchoes(store);
  const marks = Object.values(superseded);
  if (marks.length === 0 && Object.keys(echoes).length === 0) return result;
  const staleMessages = new Map<string, SupersededRecord>(
    marks.flatMap((m) =>
      m.source_message_ids.map((id) => [`session:${m.session_id}/${id}`, m] as const),
    ),
  );
  const marked = result.hits.map((hit) => {
    const key = messageKeyOf(hit);
    const mark =
      hit.kind === 'observation'
        ? superseded[hit.id]
        : hit.kind === 'message' && key !== null
          ? staleMessages.get(key)
          : undefined;
    if (mark === undefined) return hit;
    const already = hit.text.startsWith('[superseded:');
    return {
      ...hit,
      score: hit.score * STALE_FACTOR,
      text: already ? hit.text : supersededText(hit.text, mark),
      snippet: already ? hit.snippet : supersededText(hit.snippet, mark),
    };
  });
  const bestOf = new Map<string, number>();
  for (const hit of marked) {
    const key = messageKeyOf(hit);
    if (key !== null) bestOf.set(key, Math.max(bestOf.get(key) ?? 0, hit.score));
  }
  const hits = marked
    .map((hit, order) => {
      const key = messageKeyOf(hit);
      const said = key === null ? undefined : echoes[key];
      const user = said === undefined ? undefined : bestOf.get(said);
      const score = user === undefined ? hit.score : Math.min(hit.score, user * ECHO_FACTOR);
      return { hit: score === hit.score ? hit : { ...hit, score }, order };
    })
    .sort((a, b) => b.hit.score - a.hit.score || a.order - b.order)
    .map(({ hit }) => hit);
  return { ...result, hits };
}
