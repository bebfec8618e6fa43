// Test helpers for what the observer keeps of a captured session: capture and reflect, the daily
// log, and the review surfaces a secret must stay out of.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../types.js';
import { observerOnly, type TestEngine, useTestEngine } from './test-engine.js';
import { transcript } from './transcript.js';

/** How a capture was triggered (manual, compaction, shutdown…). */
type CaptureTrigger = Parameters<Engine['observer']['capture']>[0]['trigger'];

/** Captures `text` as session `sessionId` (by hand unless `trigger` says otherwise), observed at once. */
export function captureNow(
  engine: Engine,
  text: string,
  sessionId: string,
  trigger: CaptureTrigger = 'manual',
): ReturnType<Engine['observer']['capture']> {
  return engine.observer.capture({ text, sessionId, trigger, observe: 'sync' });
}

/** Captures `turns` (as `transcript` writes them) as session `sessionId`, observed at once; reflects. */
export async function observeTurns(
  engine: Engine,
  sessionId: string,
  turns: readonly (readonly [string, string])[],
): Promise<void> {
  await captureNow(engine, transcript(turns), sessionId);
  await engine.observer.reflect();
}

/** The daily log files under `<dir>/workspace/memory`, one text a file. */
export function dailyLog(dir: string): string[] {
  const folder = join(dir, 'workspace', 'memory');
  return readdirSync(folder).map((f) => readFileSync(join(folder, f), 'utf8'));
}

/** `<dir>/workspace/REVIEW.md` as it stands. */
export function reviewFile(dir: string): string {
  return readFileSync(join(dir, 'workspace', 'REVIEW.md'), 'utf8');
}

/** Every proposal's text, then REVIEW.md, then the daily log: what a reviewer is shown, joined. */
export async function proposedAndLogged(engine: Engine, dir: string): Promise<string> {
  const proposals = (await engine.observer.listProposals('all')).map((p) => p.text);
  return [...proposals, reviewFile(dir), ...dailyLog(dir)].join('\n');
}

/**
 * Approves the pending proposal whose text holds `about` (throwing `missing` when there is none),
 * then forgets the memory it became: the path from a proposal to `memory forget`.
 */
export async function approveThenForget(
  engine: Engine,
  about: string,
  missing: string,
): Promise<void> {
  const proposal = (await engine.observer.listProposals('pending')).find((p) =>
    p.text.includes(about),
  );
  if (proposal === undefined) throw new Error(missing);
  await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
  const [memory] = await engine.observer.listMemory();
  if (memory === undefined) throw new Error('expected a promoted memory');
  await engine.observer.forgetMemory(memory.memory_id);
}

/**
 * Registers an engine for each test that only observes sessions (see `observerOnly`), its clock
 * at noon on 7 April 2026, the day `transcript` dates its messages.
 */
export function useObservingEngine(prefix: string): () => TestEngine {
  return useTestEngine(prefix, '2026-04-07T12:00:00Z', observerOnly());
}
