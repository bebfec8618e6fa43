// The engine side of the chat-state benches (bench/state-locomo.ts, bench/state-lme.ts), shared so
// both corpora are measured the same way: one fresh engine per conversation (SQLite, rules
// extraction, no embedder), every message in order with the clock pinned to its own timestamp,
// then every observation the rules recorded, with the resolver's decision from the entity's
// history and the evidence strength and span the rules gave it. Corpus-specific reading (which
// text, which role) is the driver's; nothing here knows a dataset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../src/core/index.js';
import { createEngine } from '../src/engine/index.js';
import { EMPTY_REGISTRY, extractWithRules } from '../src/extract/index.js';
import type { ObservedSlot, Outcome } from './state-locomo-core.js';

/** One message as a driver hands it over: its own words (empty = not sent) and its real role. */
export interface ChatMessage {
  readonly session_id: string;
  readonly message_id: string;
  /** Who wrote it, as the integration would send it: the user or the assistant. */
  readonly role: 'user' | 'assistant';
  /** A display name for the labeller (LoCoMo's speaker name, or the role). */
  readonly speaker: string;
  readonly text: string;
  readonly timestamp: string;
}

/** One observation with what the labeller needs to judge it (written outside the repository). */
export interface Observed extends ObservedSlot {
  readonly speaker: string;
  readonly role: 'user' | 'assistant';
  readonly at: string;
  /** The decision agreed with the value already committed (a reinforcement, no state change). */
  readonly agrees: boolean;
  readonly extractor: string;
  readonly evidence: string | null;
  readonly extraction_confidence: number | null;
  readonly span: string | null;
}

/** What one conversation gave. */
export interface ConversationRun {
  readonly conv_id: string;
  readonly messages: number;
  readonly ingested: number;
  readonly prompts: number;
  readonly observed: readonly Observed[];
  readonly seconds: number;
}

/** A clock the bench moves to each message's time before ingesting it. */
function pinnedClock(): Clock & { set(iso: string): void } {
  let now = 0;
  return {
    now: () => now,
    set(iso) {
      now = Date.parse(iso);
    },
  };
}

/** The evidence strength and span the rules give a reading (the engine records neither). */
function annotate(m: ChatMessage, path: string, value: string | null) {
  const out = extractWithRules({
    text: m.text,
    at: m.timestamp,
    source: 'chat',
    role: m.role,
    entityId: 'user:primary',
    known: [],
    registry: EMPTY_REGISTRY,
  });
  const hit = out.observations.find((o) => o.field === path && o.value === value);
  return {
    evidence: hit?.evidence ?? null,
    extraction_confidence: hit?.confidence ?? null,
    span: hit?.span ?? null,
  };
}

/** The value a committed retraction is listed under (it cleared the slot). */
export const CLEARED = '(cleared)';

type Decision = { outcome: Outcome; confidence: number; agrees: boolean };

/** The resolver's decision per observation event, from the entity's history. */
async function decisionsOf(engine: Awaited<ReturnType<typeof createEngine>>) {
  const decisions = new Map<string, Decision>();
  for (const h of await engine.history('user:primary')) {
    if (h.decision === null) continue;
    const outcome: Outcome =
      h.decision === 'auto_commit'
        ? 'committed'
        : h.decision === 'ask_user'
          ? 'asked'
          : 'tentative';
    decisions.set(h.eventId, { outcome, confidence: h.confidence, agrees: h.kind === 'observed' });
  }
  return decisions;
}

/** Every `observation.recorded` event of the ledger joined to its message and decision. */
async function observationsOf(
  engine: Awaited<ReturnType<typeof createEngine>>,
  conv_id: string,
  byId: ReadonlyMap<string, ChatMessage>,
): Promise<Observed[]> {
  const decisions = await decisionsOf(engine);
  const observed: Observed[] = [];
  for (let after = 0; ; ) {
    const page = await engine.readLedger(after, 1000);
    if (page.length === 0) break;
    after = page[page.length - 1]?.seq ?? after;
    for (const e of page) {
      if (e.type !== 'observation.recorded') continue;
      const p = e.payload as {
        field: string;
        candidate_value: string | null;
        extractor: string;
        source: { ref: string };
      };
      const messageId = /:msg:(.+)$/.exec(p.source.ref)?.[1] ?? '';
      const m = byId.get(messageId);
      const decision = decisions.get(e.eventId);
      if (m === undefined || decision === undefined) continue;
      // A retraction ("no longer …") has no value: listed when it was committed (it cleared the
      // slot), as `(cleared)`; below the band it changed nothing and is not listed.
      if (p.candidate_value === null && decision.outcome !== 'committed') continue;
      const value = p.candidate_value ?? CLEARED;
      observed.push({
        conv_id,
        message_id: messageId,
        path: p.field,
        value,
        ...decision,
        speaker: m.speaker,
        role: m.role,
        at: m.timestamp,
        extractor: p.extractor,
        ...annotate(m, p.field, p.candidate_value),
      });
    }
  }
  return observed;
}

/**
 * Feeds one conversation to a fresh engine, message by message with the clock at each message's
 * time, and lists every observation with its decision. Throws when the list does not account for
 * every auto-commit the ingest reports counted. `scratch` is where the throw-away store lives
 * (a memory-backed directory spares the disk's fsyncs; the figures do not depend on it).
 */
export async function runChat(
  conv_id: string,
  messages: readonly ChatMessage[],
  scratch: string = tmpdir(),
): Promise<ConversationRun> {
  const started = performance.now();
  const home = mkdtempSync(join(scratch, 'verity-bench-chat-state-'));
  const clock = pinnedClock();
  clock.set(messages[0]?.timestamp ?? '2023-01-01T00:00:00Z');
  let prompts = 0;
  let autoCommits = 0;
  let ingested = 0;
  let observed: Observed[] = [];
  try {
    const engine = await createEngine({
      home: join(home, 'store'),
      clock,
      embeddings: { model: null },
    });
    try {
      for (const m of messages) {
        if (m.text === '') continue;
        clock.set(m.timestamp);
        const report = await engine.ingest([
          {
            type: 'message',
            thread_id: m.session_id,
            message_id: m.message_id,
            role: m.role,
            content: m.text,
            created_at: m.timestamp,
            entity_id: 'user:primary',
            source: 'chat',
          },
        ]);
        ingested += 1;
        prompts += report.decisions.ask_user ?? 0;
        autoCommits += report.decisions.auto_commit ?? 0;
      }
      observed = await observationsOf(
        engine,
        conv_id,
        new Map(messages.map((m) => [m.message_id, m])),
      );
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const listed = observed.filter((o) => o.outcome === 'committed').length;
  if (listed !== autoCommits) {
    throw new Error(`${conv_id}: ${autoCommits} auto-commits reported, ${listed} listed`);
  }
  return {
    conv_id,
    messages: messages.length,
    ingested,
    prompts,
    observed,
    seconds: (performance.now() - started) / 1000,
  };
}
