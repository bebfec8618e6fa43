/** How sessions (threads) are ranked from their messages' hits. */
export interface SessionRanking {
  /**
   * `best`: a session ranks by its best message. `sum`: by the sum of its best `depth` messages'
   * scores, the i-th (0-based) counted × `decay`^i — a session several hits point at outranks one
   * with a single slightly better hit.
   */
  readonly mode: 'best' | 'sum';
  /** Messages per session that count (`sum`). Default 3. */
  readonly depth?: number;
  /** Weight ratio between a session's successive messages (`sum`). Default 0.5. */
  readonly decay?: number;
}

/** One scored hit: the session (thread) it belongs to and its score, higher is better. */
export interface SessionHit {
  readonly thread: string;
  readonly score: number;
}

/**
 * Sessions best first, from hits given best first. Ties keep the order of each session's best hit,
 * so the result is stable.
 */
export function rankSessions(hits: readonly SessionHit[], ranking: SessionRanking): string[] {
  const order: string[] = [];
  const scores = new Map<string, number[]>();
  for (const hit of hits) {
    let list = scores.get(hit.thread);
    if (list === undefined) {
      list = [];
      scores.set(hit.thread, list);
      order.push(hit.thread);
    }
    list.push(hit.score);
  }
  if (ranking.mode === 'best') return order;
  const total = decayedSums(scores, ranking);
  const position = new Map(order.map((thread, index) => [thread, index]));
  return [...order].sort(
    (a, b) =>
      (total.get(b) ?? 0) - (total.get(a) ?? 0) || (position.get(a) ?? 0) - (position.get(b) ?? 0),
  );
}

/** Each session's best `depth` scores summed, the i-th (0-based) × `decay`^i. */
function decayedSums(
  scores: ReadonlyMap<string, readonly number[]>,
  ranking: Omit<SessionRanking, 'mode'>,
): Map<string, number> {
  const depth = ranking.depth ?? 3;
  const decay = ranking.decay ?? 0.5;
  const total = new Map<string, number>();
  for (const [session, list] of scores) {
    const best = [...list].sort((a, b) => b - a).slice(0, depth);
    total.set(
      session,
      best.reduce((sum, score, index) => sum + score * decay ** index, 0),
    );
  }
  return total;
}

/** One scored hit and the session it belongs to, for `boostBySession`. */
export interface SessionScored {
  readonly session: string;
  readonly score: number;
}

/**
 * Session-level ranking of hits (issue #17 §2): each hit's score plus `weight` × its session's
 * score, where a session scores the decayed sum of its best `depth` hits (as `rankSessions`'s
 * `sum` mode), divided by the best session's so the boost is on the hits' own scale. A message
 * of a session several hits point at outranks an equally good lone one. Returns new scores in
 * input order; `weight` 0 returns the scores unchanged.
 */
export function boostBySession(
  hits: readonly SessionScored[],
  weight: number,
  ranking: Omit<SessionRanking, 'mode'> = {},
): number[] {
  if (weight === 0 || hits.length === 0) return hits.map((hit) => hit.score);
  const bySession = new Map<string, number[]>();
  for (const hit of hits) {
    const list = bySession.get(hit.session) ?? [];
    list.push(Math.max(0, hit.score));
    bySession.set(hit.session, list);
  }
  const sessionScore = decayedSums(bySession, ranking);
  const top = Math.max(...sessionScore.values());
  const maxHit = Math.max(...hits.map((hit) => hit.score));
  if (top <= 0) return hits.map((hit) => hit.score);
  return hits.map(
    (hit) => hit.score + (weight * maxHit * (sessionScore.get(hit.session) ?? 0)) / top,
  );
}
