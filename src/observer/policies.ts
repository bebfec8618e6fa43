import { contentWords, overlap } from './text-rules.js';
import type { MemoryPriority, Observation, Proposal } from './types.js';

const DAY_MS = 86_400_000;

/** Retention by memory priority (seed 004): days before pruning or archiving; null = kept. */
export interface RetentionPolicy {
  readonly P0: null;
  readonly P1: null;
  readonly P2: { readonly action: 'pruned'; readonly days: number };
  readonly P3: { readonly action: 'archived'; readonly days: number };
}

/** P0 never pruned, P1 kept, P2 pruned after 90 days, P3 archived after 30. */
export const RETENTION_POLICY: RetentionPolicy = {
  P0: null,
  P1: null,
  P2: { action: 'pruned', days: 90 },
  P3: { action: 'archived', days: 30 },
};

/** Which observations the policy prunes or archives at `now` (ids, sorted). */
export function applyRetentionPolicy(
  observations: readonly Pick<Observation, 'observation_id' | 'memory_priority' | 'at'>[],
  fallbackAt: ReadonlyMap<string, string>,
  now: number,
  already: Readonly<Record<string, string>>,
): { pruned: string[]; archived: string[] } {
  const pruned: string[] = [];
  const archived: string[] = [];
  for (const o of observations) {
    const rule = RETENTION_POLICY[o.memory_priority as MemoryPriority];
    if (rule === null) continue;
    const at = o.at ?? fallbackAt.get(o.observation_id);
    if (at === undefined) continue;
    if (now - Date.parse(at) < rule.days * DAY_MS) continue;
    const current = already[o.observation_id];
    if (rule.action === 'pruned' && current !== 'pruned') pruned.push(o.observation_id);
    if (rule.action === 'archived' && current === undefined) archived.push(o.observation_id);
  }
  return { pruned: pruned.sort(), archived: archived.sort() };
}

/** Unreviewed proposals expire after this long (seed 002: 7 days). */
export const PROPOSAL_EXPIRY_MS = 7 * DAY_MS;

/** Pending proposals staged at least seven days before `now`. */
export function dueForExpiry(proposals: readonly Proposal[], now: number): Proposal[] {
  return proposals.filter(
    (p) => p.status === 'pending' && now - Date.parse(p.staged_at) >= PROPOSAL_EXPIRY_MS,
  );
}

/** An observation with its session, as friction analysis reads it. */
export interface FrictionInput {
  readonly observation: Observation;
  readonly session_id: string;
  /** The fix text, when the problem was resolved in its session. */
  readonly fix: string | null;
}

/** A recurring problem across sessions. */
export interface FrictionCluster {
  readonly text: string;
  readonly fix: string | null;
  readonly sessions: readonly string[];
  readonly occurrences: number;
  readonly observation_ids: readonly string[];
}

/**
 * Clusters problems, corrections and repeated questions across sessions by word overlap; a
 * cluster is friction once it spans at least `minSessions` sessions. Sorted by size, then text.
 */
export function clusterFriction(
  inputs: readonly FrictionInput[],
  minSessions = 2,
  similarity = 0.3,
): FrictionCluster[] {
  const clusters: { words: Set<string>; items: FrictionInput[] }[] = [];
  for (const input of inputs) {
    const kind = input.observation.type;
    if (kind !== 'problem' && kind !== 'question' && kind !== 'constraint') continue;
    const words = contentWords(input.observation.text);
    const match = clusters.find((c) => overlap(c.words, words) >= similarity);
    if (match) {
      match.items.push(input);
      for (const w of words) match.words.add(w);
    } else clusters.push({ words, items: [input] });
  }
  return clusters
    .map((c) => ({
      text: c.items[0]?.observation.text ?? '',
      fix: [...c.items].reverse().find((i) => i.fix !== null)?.fix ?? null,
      sessions: [...new Set(c.items.map((i) => i.session_id))].sort(),
      occurrences: c.items.length,
      observation_ids: c.items.map((i) => i.observation.observation_id),
    }))
    .filter((c) => c.sessions.length >= minSessions)
    .sort((a, b) => b.occurrences - a.occurrences || a.text.localeCompare(b.text));
}
