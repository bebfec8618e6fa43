import { describe, expect, it } from 'vitest';
import { boostBySession, rankSessions } from './rank-sessions.js';

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

describe('boostBySession', () => {
  const scored = [
    { session: 'A', score: 1 },
    { session: 'B', score: 0.9 },
    { session: 'B', score: 0.8 },
    { session: 'C', score: 0.85 },
  ];

  it('leaves scores alone at weight 0', () => {
    expect(boostBySession(scored, 0)).toEqual([1, 0.9, 0.8, 0.85]);
  });

  it('lifts the messages of a session several hits point at above a lone better hit', () => {
    const boosted = boostBySession(scored, 0.5);
    // B scores 0.9 + 0.4 = 1.3 (the best session), A 1.0, C 0.85.
    expect(boosted[0]).toBeCloseTo(1 + (0.5 * 1) / 1.3);
    expect(boosted[1]).toBeCloseTo(0.9 + 0.5);
    expect(boosted[2]).toBeCloseTo(0.8 + 0.5);
    expect(boosted[3]).toBeCloseTo(0.85 + (0.5 * 0.85) / 1.3);
    expect(boosted[2]).toBeGreaterThan(boosted[3] ?? 0);
    expect(boosted[1]).toBeGreaterThan(boosted[0] ?? 0);
  });
});
