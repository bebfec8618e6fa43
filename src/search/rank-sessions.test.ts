import { describe, expect, it } from 'vitest';
import { rankSessions } from './rank-sessions.js';

const HITS = [
  { thread: 'A', score: 1 },
  { thread: 'B', score: 0.9 },
  { thread: 'B', score: 0.8 },
  { thread: 'C', score: 0.3 },
  { thread: 'B', score: 0.7 },
];

describe('rankSessions', () => {
  it('ranks sessions by their best hit in `best` mode', () => {
    expect(rankSessions(HITS, { mode: 'best' })).toEqual(['A', 'B', 'C']);
  });

  it('lets several good hits lift a session in `sum` mode', () => {
    expect(rankSessions(HITS, { mode: 'sum', depth: 3, decay: 0.5 })).toEqual(['B', 'A', 'C']);
    expect(rankSessions(HITS, { mode: 'sum', depth: 1 })).toEqual(['A', 'B', 'C']);
  });
});
