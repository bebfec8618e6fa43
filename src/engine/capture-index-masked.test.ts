import { describe, expect, it } from 'vitest';
import { captureNow, useObservingEngine } from './__fixtures__/observed-session.js';
import { transcript } from './__fixtures__/transcript.js';

// A captured message is searchable for its words, never for a secret it holds: the full-text
// index holds the text as every surface shows it, so a guessed value cannot be tested against it.

const SESSION = transcript([
  ['user', 'Can you set up the front door smart lock for the guests arriving Friday?'],
  ['assistant', 'Sure. What code should I program into the lock?'],
  ['user', 'door code is 4471'],
  ['user', 'The guest wifi password is Tr0ub4dor&3 and the network is called Lakeview.'],
]);

const t = useObservingEngine('verity-capture-index-masked-');

const hits = async (query: string): Promise<string[]> =>
  (await t().engine.search(query, { mode: 'text' })).hits.map((h) => h.text);

describe('the search index of a captured session (engine)', () => {
  it('finds no message by the value of a secret it holds', async () => {
    await captureNow(t().engine, SESSION, 's2');
    expect(await hits('4471')).toEqual([]);
    expect(await hits('Tr0ub4dor')).toEqual([]);
  });

  it('still finds it, masked, by the rest of its words, in search, ask and context', async () => {
    const { engine } = t();
    await captureNow(engine, SESSION, 's2');
    expect(await hits('door code')).toContain('door code is [secret]');
    expect(await hits('wifi Lakeview')).toContain(
      'The guest wifi password is [secret] and the network is called Lakeview.',
    );
    const asked = JSON.stringify(await engine.observer.ask('guest wifi network'));
    expect(asked).toContain('Lakeview');
    expect(asked).not.toContain('Tr0ub4dor');
    const context = JSON.stringify(
      await engine.buildContext({ thread: 'session:s2', query: 'door code' }),
    );
    expect(context).toContain('door code is [secret]');
    expect(context).not.toContain('4471');
  });
});
