import { describe, expect, it } from 'vitest';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';

const http = useTwoEntitiesApp('verity-search-options-', { token: null });

async function threads(query: string): Promise<string[]> {
  const response = await http.app.request(`/api/search?query=ferry&mode=text&${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { hits: { thread_id: string | null }[] };
  return [...new Set(body.hits.map((h) => h.thread_id ?? '-'))].sort();
}

describe('GET /api/search with the CLI search options', () => {
  it('filters by thread, kind and time as verity search does', async () => {
    expect(await threads('limit=20')).toEqual(['thread-family-smith', 'thread-user-alex']);
    expect(await threads('thread_id=thread-user-alex')).toEqual(['thread-user-alex']);
    expect(await threads('kind=message&thread_id=thread-family-smith')).toEqual([
      'thread-family-smith',
    ]);
    expect(await threads('kind=note')).toEqual([]);
    expect(await threads('since=2030-01-01T00:00:00Z')).toEqual([]);
    expect(await threads('until=2026-02-19T16:00:00Z&recency_days=7')).toEqual([
      'thread-family-smith',
      'thread-user-alex',
    ]);
  });

  it('forwards until, mode and recency_days to the search', async () => {
    type Hit = { score: number; scores: { bm25: number | null; vector: number | null } };
    const hits = async (query: string): Promise<Hit[]> => {
      const response = await http.app.request(`/api/search?query=ferry&${query}`);
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { hits: Hit[] }).hits;
    };
    expect(await hits('until=2000-01-01T00:00:00Z')).toEqual([]);
    const text = await hits('mode=text');
    expect(text.length).toBeGreaterThan(0);
    expect(text.every((h) => h.scores.vector === null)).toBe(true);
    const vector = await hits('mode=vector');
    expect(vector.length).toBeGreaterThan(0);
    expect(vector.every((h) => h.scores.bm25 === null)).toBe(true);
    const plain = (await hits('mode=text')).map((h) => h.score);
    const decayed = (await hits('mode=text&recency_days=0.01')).map((h) => h.score);
    expect(decayed).not.toEqual(plain);
  });

  it('refuses a mode, kind or time it does not know', async () => {
    for (const query of ['mode=fuzzy', 'kind=email', 'since=yesterday', 'recency_days=0']) {
      const response = await http.app.request(`/api/search?query=ferry&${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});
