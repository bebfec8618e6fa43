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
  /** The fix text: the resolving observation of a problem, or the reply to a question. */
  readonly fix: string | null;
  /** True when the message it came from corrects the agent ("No, we use pnpm here"). */
  readonly correction?: boolean;
}

/**
 * Courtesies that open like a correction but correct nothing: "no" + a noun of reassurance or
 * thanks ("No problem", "no worries", "no thanks", "no rush") and "actually" + approval
 * ("Actually, that works great").
 */
const COURTESY =
  /^(?:no\s+(?:problem|problems|worries|worry|thanks|thank you|rush|hurry|pressure|need|stress)\b|actually,?\s+(?:that|this|it)(?:'s|\s+is|\s+was)?\s+(?:works?|worked|fine|great|good|perfect|helps?|helped)\b)/i;

/** A person correcting the agent: "No, we use pnpm here", "Actually, it is port 6380". */
export function isCorrection(text: string): boolean {
  const t = text.trim();
  return /^(no|nope|actually|wrong|stop)\b[,.!:]?\s/i.test(t) && !COURTESY.test(t);
}

/** True when friction analysis clusters this input: a problem, error, question, rule or correction. */
function isFriction(input: FrictionInput): boolean {
  const o = input.observation;
  if (o.type === 'problem' || o.type === 'question' || o.type === 'constraint') return true;
  if (errorSignatures(o.text).length > 0) return true;
  return input.correction === true || (o.speaker === 'user' && isCorrection(o.text));
}

/**
 * Error signatures a text names: an error code or error class with the address, path or value it
 * names ("ECONNREFUSED 127.0.0.1:5432", "ENOENT /etc/app.yaml"; a bare "TypeError" is none). The same
 * signature in several sessions is the same error, whatever the sentence around it.
 */
export function errorSignatures(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(
    /\b(E(?:CONN[A-Z]+|ADDR[A-Z]+|ACCES|NOENT|PERM|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|EXIST|ISDIR|MFILE|NOSPC|NOMEM)|[A-Z][A-Za-z]*(?:Error|Exception))\b(?::?\s+((?:\d{1,3}\.){3}\d{1,3}(?::\d+)?|[\w.-]+:\d+|\/[\w./-]+))?/g,
  )) {
    // An error class alone ("TypeError") names a kind of error, not one error: it counts only with
    // the address, path or value it names. An error code (ECONNREFUSED) is specific enough alone.
    if (m[2] !== undefined) found.add(`${m[1]} ${m[2]}`);
    else if (!/(?:Error|Exception)$/.test(m[1] ?? '')) found.add(m[1] ?? '');
  }
  return [...found].filter((s) => s !== '').sort();
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
  const clusters: { words: Set<string>; signatures: Set<string>; items: FrictionInput[] }[] = [];
  for (const input of inputs) {
    if (!isFriction(input)) continue;
    const words = contentWords(input.observation.text);
    const signatures = errorSignatures(input.observation.text);
    // The same error signature is the same error; otherwise, wording that overlaps enough.
    const match =
      clusters.find((c) => signatures.some((s) => c.signatures.has(s))) ??
      clusters.find((c) => overlap(c.words, words) >= similarity);
    if (match) {
      match.items.push(input);
      for (const w of words) match.words.add(w);
      for (const sig of signatures) match.signatures.add(sig);
    } else clusters.push({ words, signatures: new Set(signatures), items: [input] });
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
