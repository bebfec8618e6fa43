import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { entryId, unnumberedTranscript } from './__fixtures__/transcript.js';
import type { Engine } from './index.js';

// A decision the user makes by taking up the assistant's turn cites the assistant's message and
// the reply, and quotes only the assistant: forgetting either message must take it everywhere.

/** The older reply rule: a "yes" makes the assistant's plan the user's (`confirms`). */
const CONFIRMED = unnumberedTranscript('2026-06-10T08:', [
  ['user', 'Uploads from the field tablets keep stalling on the hotel wifi.'],
  [
    'assistant',
    "I'll cap the upload retries at 3 per file and back off for 30 seconds between tries.",
  ],
  ['user', 'Yes, do that.'],
]);

/** Uptake: an acceptance the reply rules do not read ("lgtm") takes up the recommendation. */
const TAKEN_UP = unnumberedTranscript('2026-06-10T08:', [
  ['user', 'Which Postgres should the staging database run?'],
  [
    'assistant',
    'Keep the staging database on Postgres 16 and upgrade it together with production.',
  ],
  ['user', 'lgtm'],
  ['user', 'We decided to drop the legacy importer in June.'],
]);

const dailyLog = (workspace: string): string =>
  readFileSync(join(workspace, 'memory', '2026-06-10.md'), 'utf8');

/** The observations search finds for `query` (messages left out: the assistant's stays). */
const observationHits = async (engine: Engine, query: string): Promise<string[]> =>
  (await engine.search(query, { mode: 'text' })).hits
    .filter((h) => h.kind !== 'message')
    .map((h) => h.text);

const proposalTexts = async (engine: Engine): Promise<string[]> =>
  (await engine.observer.listProposals('all')).map((p) => p.text);

async function captured(engine: Engine, text: string): Promise<void> {
  await engine.observer.capture({ text, sessionId: 's1', trigger: 'manual', observe: 'sync' });
  await engine.observer.reflect();
}

describe('forget of a message a taken-up decision cites (engine, end to end)', () => {
  const opened = useTestEngine('verity-forget-taken-up-', '2026-06-10T09:00:00Z', observerOnly());
  const session = () => ({ engine: opened().engine, workspace: join(opened().dir, 'workspace') });

  it('takes a confirmed plan from the daily log, proposals, search and MEMORY.md with the reply', async () => {
    const { engine, workspace } = session();
    await captured(engine, CONFIRMED);
    const decision = 'Cap the upload retries at 3 per file';
    expect(dailyLog(workspace)).toContain(`🔴 (08:03) ${decision}`);
    expect(dailyLog(workspace)).toContain(`Outcome: ${decision}`);
    const proposal = (await engine.observer.listProposals('pending')).find((p) =>
      p.text.startsWith(decision),
    );
    expect(proposal).toBeDefined();
    await engine.observer.resolveProposal(proposal?.proposal_id ?? '', 'approve');
    expect(readFileSync(join(workspace, 'MEMORY.md'), 'utf8')).toContain(decision);

    await engine.forget({
      kind: 'message',
      threadId: 'session:s1',
      messageId: entryId(CONFIRMED, 3),
    });

    const log = dailyLog(workspace);
    expect(log).not.toContain(`🔴 (08:03) ${decision}`);
    expect(log).not.toContain(`Outcome: ${decision}`);
    // The assistant's own statement was not forgotten: it stays, as a message and a bullet.
    expect(log).toContain("🟡 (08:02) I'll cap the upload retries at 3 per file");
    expect((await proposalTexts(engine)).join('\n')).not.toContain(decision);
    expect(await observationHits(engine, 'upload retries')).not.toContainEqual(
      expect.stringMatching(/^Cap the upload retries/),
    );
    expect(readFileSync(join(workspace, 'MEMORY.md'), 'utf8')).not.toContain(decision);
    expect(JSON.stringify(await engine.readLedger(0, 1000))).not.toContain(`Outcome: ${decision}`);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('takes an accepted recommendation from the daily log, proposals and search with the reply', async () => {
    const { engine, workspace } = session();
    await captured(engine, TAKEN_UP);
    const decision = 'Keep the staging database on Postgres 16';
    expect(dailyLog(workspace)).toContain(`🔴 (08:03) ${decision}`);
    expect((await proposalTexts(engine)).join('\n')).toContain(decision);
    expect(await observationHits(engine, 'staging Postgres')).toContainEqual(
      expect.stringContaining(decision),
    );

    await engine.forget({
      kind: 'message',
      threadId: 'session:s1',
      messageId: entryId(TAKEN_UP, 3),
    });

    expect(dailyLog(workspace)).not.toContain(`🔴 (08:03) ${decision}`);
    // The assistant's own statement was not forgotten: since the rule observer reads "lgtm" as
    // agreement too (one reader of agreement, rules@22) it is kept as context, as in the case above.
    expect(dailyLog(workspace)).toContain(`🟡 (08:02) ${decision}`);
    expect(dailyLog(workspace)).toContain('legacy importer');
    expect((await proposalTexts(engine)).join('\n')).not.toContain(decision);
    // Only the assistant's own statement is left to find, not the user's decision.
    expect(
      (await observationHits(engine, 'staging Postgres')).filter((t) => t.includes(decision)),
    ).toEqual([
      'Keep the staging database on Postgres 16 and upgrade it together with production.',
    ]);
    expect(await observationHits(engine, 'legacy importer')).toContainEqual(
      expect.stringContaining('legacy importer'),
    );
  });

  it('takes it with the assistant message it quotes', async () => {
    const { engine, workspace } = session();
    await captured(engine, TAKEN_UP);
    await engine.forget({
      kind: 'message',
      threadId: 'session:s1',
      messageId: entryId(TAKEN_UP, 2),
    });
    expect(dailyLog(workspace)).not.toContain('Postgres 16');
    expect((await proposalTexts(engine)).join('\n')).not.toContain('Postgres 16');
    const hits = (await engine.search('Postgres 16', { mode: 'text' })).hits;
    expect(hits.map((h) => h.text)).not.toContainEqual(expect.stringContaining('Postgres 16'));
  });
});
