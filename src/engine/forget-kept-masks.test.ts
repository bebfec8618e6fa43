import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { transcript } from './__fixtures__/transcript.js';

describe('memory forget of a captured question decides its replies as verity forget does', () => {
  const opened = useTestEngine(
    'verity-forget-kept-capture-',
    '2026-04-07T12:00:00Z',
    observerOnly(),
  );

  it('keeps a reply that says more, its value masked, on every surface and in the daily log', async () => {
    const { engine, dir } = opened();
    await engine.observer.capture({
      text: transcript([
        ['user', 'The allotment shed runs on a solar panel since June.'],
        [
          'assistant',
          'The allotment shed runs on a solar panel since June. What is the new allotment gate code?',
        ],
        ['user', "it's 4180, and the compost bins arrive on Friday"],
      ]),
      sessionId: 'plot',
      trigger: 'manual',
      observe: 'sync',
    });
    await engine.observer.reflect();
    const proposal = (await engine.observer.listProposals('pending')).find((p) =>
      p.text.includes('solar panel'),
    );
    if (proposal === undefined) throw new Error('expected a proposal about the solar panel');
    await engine.observer.resolveProposal(proposal.proposal_id, 'approve');
    const [memory] = await engine.observer.listMemory();
    if (memory === undefined) throw new Error('expected a promoted memory');
    await engine.observer.forgetMemory(memory.memory_id);
    const hits = (await engine.search('4180 allotment gate code compost bins', { limit: 20 })).hits;
    const context = await engine.buildContext({ thread: 'session:plot', budget: 8000 });
    const folder = join(dir, 'workspace', 'memory');
    const log = readdirSync(folder).map((f) => readFileSync(join(folder, f), 'utf8'));
    const all = [...hits.map((h) => `${h.text} ${h.snippet}`), context.markdown, ...log].join('\n');
    expect(all).not.toContain('4180');
    expect(hits.map((h) => h.text).join('\n')).toContain('the compost bins arrive on Friday');
    expect(context.markdown).toContain('the compost bins arrive on Friday');
  });
});
