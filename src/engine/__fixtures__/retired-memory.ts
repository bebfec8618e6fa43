import type { Engine } from '../types.js';

function line(id: string, content: string, at: string): string {
  return JSON.stringify({ message_id: id, role: 'user', content, created_at: at });
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
  await engine.observer.capture({
    text: line('m1', 'We use PostgreSQL 15 for billing.', `${days[0]}T09:00:00Z`),
    sessionId: 'billing-1',
    trigger: 'manual',
    observe: 'sync',
  });
  await engine.observer.reflect();
  const proposal = (await engine.observer.listProposals('pending')).find((p) =>
    p.text.includes('PostgreSQL 15'),
  );
  if (proposal === undefined) throw new Error('expected the PostgreSQL proposal');
  await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
  await engine.observer.capture({
    text: line('m1', 'We are moving billing back to MySQL.', `${days[1]}T09:00:00Z`),
    sessionId: 'billing-2',
    trigger: 'manual',
    observe: 'sync',
  });
  await engine.observer.reflect();
  const entry = (await engine.observer.listMemory()).find((m) => m.text.includes('PostgreSQL 15'));
  if (entry === undefined) throw new Error('expected the approved entry');
  await engine.observer.retireMemory(entry.memory_id, 'billing moved back to MySQL');
  return entry.memory_id;
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
