import { expect } from 'vitest';
import type { Engine } from '../types.js';

/** One user message of a captured session. */
export interface SaidMessage {
  readonly sessionId: string;
  readonly messageId: string;
  readonly content: string;
  /** RFC 3339. */
  readonly at: string;
}

/** Captures `message` as a one-line session transcript, observed at once, and reflects. */
async function captureAndReflect(engine: Engine, message: SaidMessage): Promise<void> {
  const text = JSON.stringify({
    message_id: message.messageId,
    role: 'user',
    content: message.content,
    created_at: message.at,
  });
  await engine.observer.capture({
    text,
    sessionId: message.sessionId,
    trigger: 'manual',
    observe: 'sync',
  });
  await engine.observer.reflect();
}

/**
 * The observer's path from a message to a MEMORY.md entry: captures `message`, reflects, and
 * approves the pending proposal whose text includes `phrase`. Returns the promoted entry's id.
 */
export async function approveSaid(
  engine: Engine,
  message: SaidMessage,
  phrase: string,
): Promise<string> {
  await captureAndReflect(engine, message);
  const proposal = (await engine.observer.listProposals('pending')).find((p) =>
    p.text.includes(phrase),
  );
  if (proposal === undefined) throw new Error(`expected a proposal with "${phrase}"`);
  await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
  const entry = (await engine.observer.listMemory()).find((m) => m.text.includes(phrase));
  if (entry === undefined) throw new Error(`expected an approved entry with "${phrase}"`);
  return entry.memory_id;
}

/**
 * Issue #13's retirement: "We use PostgreSQL 15 for billing" approved into MEMORY.md, a later
 * session moving billing back to MySQL the next day, reflected, then the PostgreSQL entry retired.
 * Needs an engine with an observer workspace whose clock reads the second day (`YYYY-MM-DD`).
 * Returns the retired entry's id.
 */
export async function seedRetiredBilling(
  engine: Engine,
  days: readonly [string, string],
): Promise<string> {
  const said = { sessionId: 'billing-1', messageId: 'm1', at: `${days[0]}T09:00:00Z` };
  const content = 'We use PostgreSQL 15 for billing.';
  const memoryId = await approveSaid(engine, { ...said, content }, 'PostgreSQL 15');
  await captureAndReflect(engine, {
    sessionId: 'billing-2',
    messageId: 'm1',
    content: 'We are moving billing back to MySQL.',
    at: `${days[1]}T09:00:00Z`,
  });
  await engine.observer.retireMemory(memoryId, 'billing moved back to MySQL');
  return memoryId;
}

/** The citations of an answer as `ask` returns them on every surface. */
export interface CitedPassage {
  readonly text: string;
  readonly retired: boolean;
}

/** Whether every retired citation comes after every current one. */
export function retiredLast(citations: readonly CitedPassage[]): boolean {
  const firstRetired = citations.findIndex((c) => c.retired);
  return firstRetired < 0 || citations.slice(firstRetired).every((c) => c.retired);
}

/** An answer of `ask` as every surface returns it (a type, so a wire object casts to it). */
export type BillingAnswer = {
  readonly answer: string;
  readonly citations: readonly CitedPassage[];
};

/**
 * What an answer about billing must say after `seedRetiredBilling`, on every surface: MySQL
 * first, from a current citation; the first answer line not the retired PostgreSQL entry; every
 * PostgreSQL citation (there is one at least) marked retired; retired citations last.
 */
export function expectCurrentBillingFirst(answer: BillingAnswer): void {
  expect(answer.citations[0]).toMatchObject({ retired: false });
  expect(answer.citations[0]?.text).toContain('MySQL');
  expect(answer.answer.split('\n')[0]).not.toContain('PostgreSQL');
  const postgres = answer.citations.filter((c) => c.text.includes('PostgreSQL'));
  expect(postgres.length).toBeGreaterThan(0);
  expect(postgres.every((c) => c.retired)).toBe(true);
  expect(retiredLast(answer.citations)).toBe(true);
}
