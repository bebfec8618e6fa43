import { describe, expect, it } from 'vitest';
import { dailyLog, observeTurns, useObservingEngine } from './__fixtures__/observed-session.js';

/** A session where a value is given bare, nothing before it naming a door or a code. */
const session = (after: string) =>
  [
    ['user', 'Pablo from the night shift texted me something for the depot.'],
    ['assistant', 'What did he send you?'],
    ['user', '8 3 0 6'],
    ['user', after],
  ] as const;

describe('a code given bare and confirmed in the turn after reaches no surface', () => {
  const opened = useObservingEngine('verity-secrets-confirmed-');

  it('masks it in search and in the daily log, keeping the rest of the session', async () => {
    const { engine, dir } = opened();
    await observeTurns(engine, 'depot', session("worked, I'm in. The forklift charger is broken."));
    const hits = (await engine.search('8 3 0 6 depot forklift charger', { limit: 20 })).hits;
    const shown = [...hits.map((h) => `${h.text} ${h.snippet}`), ...dailyLog(dir)].join('\n');
    expect(shown).not.toMatch(/8 3 0 6|8306/);
    expect(hits.map((h) => h.text).join('\n')).toContain('The forklift charger is broken.');
  });

  it('shows the same value when the turn after confirms nothing', async () => {
    const { engine } = opened();
    await observeTurns(engine, 'depot', session('thanks, see you at the canteen.'));
    const hits = (await engine.search('8 3 0 6 depot canteen', { limit: 20 })).hits;
    expect(hits.map((h) => h.text)).toContain('8 3 0 6');
  });
});
