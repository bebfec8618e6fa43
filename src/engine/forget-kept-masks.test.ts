import { describe, expect, it } from 'vitest';
import {
  approveThenForget,
  dailyLog,
  observeTurns,
  useObservingEngine,
} from './__fixtures__/observed-session.js';

describe('memory forget of a captured question decides its replies as verity forget does', () => {
  const opened = useObservingEngine('verity-forget-kept-capture-');

  it('keeps a reply that says more, its value masked, on every surface and in the daily log', async () => {
    const { engine, dir } = opened();
    await observeTurns(engine, 'plot', [
      ['user', 'The allotment shed runs on a solar panel since June.'],
      [
        'assistant',
        'The allotment shed runs on a solar panel since June. What is the new allotment gate code?',
      ],
      ['user', "it's 4180, and the compost bins arrive on Friday"],
    ]);
    await approveThenForget(engine, 'solar panel', 'expected a proposal about the solar panel');
    const hits = (await engine.search('4180 allotment gate code compost bins', { limit: 20 })).hits;
    const context = await engine.buildContext({ thread: 'session:plot', budget: 8000 });
    const shown = [
      ...hits.map((h) => `${h.text} ${h.snippet}`),
      context.markdown,
      ...dailyLog(dir),
    ];
    const all = shown.join('\n');
    expect(all).not.toContain('4180');
    expect(hits.map((h) => h.text).join('\n')).toContain('the compost bins arrive on Friday');
    expect(context.markdown).toContain('the compost bins arrive on Friday');
  });
});
