import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureNow, dailyLog, useObservingEngine } from './__fixtures__/observed-session.js';
import { entryId, unnumberedTranscript } from './__fixtures__/transcript.js';
import type { Engine } from './types.js';

// Each forget of a captured line records the capture and its observations again. A forget that
// takes a line nothing was drawn from (a password, a bare "sounds right") leaves the observations
// as the forget before it left them: they must still be recorded again, or the capture reads as
// never observed, a later forget of the accepting reply no longer finds the decision drawn from it,
// and `observer run` observes the session a second time.

const DECISION = 'Split the test job into four parallel shards';

const SESSION = unnumberedTranscript('2026-04-07T09:', [
  ['user', 'Our CI pipeline takes forty minutes on every pull request.'],
  [
    'assistant',
    "I'll split the test job into four parallel shards and cache node_modules between runs.",
  ],
  ['user', 'ok do it'],
  ['user', 'The deploy password is hunter2-Blue!'],
  ['user', 'sounds right'],
]);

const t = useObservingEngine('verity-forget-any-order-');

/** Forgets the `line`th message of `SESSION`. */
const forgetLine = (engine: Engine, line: number) =>
  engine.forget({ kind: 'message', threadId: 'session:s4', messageId: entryId(SESSION, line) });

/** Captures the session, reflects and approves the decision's proposal. */
async function approvedDecision(engine: Engine): Promise<void> {
  await captureNow(engine, SESSION, 's4');
  await engine.observer.reflect();
  const proposal = (await engine.observer.listProposals('pending')).find((p) =>
    p.text.startsWith(DECISION),
  );
  if (proposal === undefined) throw new Error('expected a proposal of the accepted plan');
  await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
}

const memoryFile = (dir: string): string =>
  readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8');

describe('forgets of captured lines, in any order (engine)', () => {
  it.each([[[1, 4]], [[4, 1]], [[1, 5, 4]], [[4, 5]]])(
    'keeps the capture observed after forgetting %j',
    async (lines) => {
      const { engine } = t();
      await approvedDecision(engine);
      for (const line of lines) {
        await forgetLine(engine, line);
        const captures = await engine.observer.listCaptures();
        expect(captures.map((c) => c.observed)).toEqual([true]);
      }
    },
  );

  it('takes the accepted decision everywhere with its reply, after forgets of other lines', async () => {
    const { engine, dir } = t();
    await approvedDecision(engine);
    expect(memoryFile(dir)).toContain(DECISION);
    await forgetLine(engine, 1);
    await forgetLine(engine, 4);
    await forgetLine(engine, 3);

    const log = dailyLog(dir).join('\n');
    expect(log).not.toContain(`🔴 (09:03) ${DECISION}`);
    // The assistant's own plan was not forgotten.
    expect(log).toContain("I'll split the test job into four parallel shards");
    expect((await engine.observer.listProposals('all')).map((p) => p.text)).not.toContainEqual(
      expect.stringContaining(DECISION),
    );
    expect(memoryFile(dir)).not.toContain(DECISION);
    expect((await engine.observer.listMemory()).map((m) => m.text)).not.toContainEqual(
      expect.stringContaining(DECISION),
    );
    expect(JSON.stringify(await engine.readLedger(0, 1000))).not.toContain(DECISION);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('leaves nothing for `observer run` to observe again', async () => {
    const { engine, dir } = t();
    await approvedDecision(engine);
    await forgetLine(engine, 1);
    await forgetLine(engine, 4);
    expect(await engine.observer.observePending()).toEqual([]);
    const blocks =
      dailyLog(dir)
        .join('\n')
        .match(/### .*session: s4/g) ?? [];
    expect(blocks).toHaveLength(1);
  });
});
