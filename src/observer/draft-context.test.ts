import { describe, expect, it } from 'vitest';
import { chat, type Turn } from './__fixtures__/sentences.js';
import { draftContexts, specificsOf } from './draft-context.js';

/** The turns as a segment: ids from 1 (when they were sent does not matter here). */
const segmentOf = (turns: readonly Turn[]) => chat(turns, '2026-04-07T10:00:00.000Z');

describe("a draft's place in its segment", () => {
  it('names the specifics a text holds: numbers, paths, identifiers, inner capitals', () => {
    expect(specificsOf('Backups go to /srv/cold on nas-01 at 02:00, ask Priya.')).toEqual([
      '/srv/cold',
      '02:00',
      'nas-01',
      'priya',
    ]);
    expect(specificsOf('Sounds good to me.')).toEqual([]);
  });

  it('reads a specific said again later, an answer to a question, the end and a fix before', () => {
    const segment = segmentOf([
      ['user', 'The cache lives on 10.20.0.5.'],
      ['assistant', 'Which port should it use?'],
      ['user', 'Port 6380.'],
      ['tool', 'ok'],
      ['assistant', 'Set 10.20.0.5:6380 in the config.'],
      ['user', 'thanks'],
    ]);
    const [cache, port, thanks] = draftContexts(segment, [
      { text: 'The cache lives on 10.20.0.5', kind: 'fact', speaker: 'user', sourceIds: ['1'] },
      { text: 'Port 6380', kind: 'fix', speaker: 'user', sourceIds: ['3'] },
      { text: 'thanks', kind: 'context', speaker: 'user', sourceIds: ['6'] },
    ]);
    expect(cache).toEqual({
      echoed: true,
      answersQuestion: false,
      segmentEnd: false,
      afterFix: false,
    });
    expect(port).toMatchObject({ echoed: true, answersQuestion: true, afterFix: false });
    expect(thanks).toMatchObject({ echoed: false, segmentEnd: true, afterFix: true });
  });

  it('does not take a capitalised word that opens a sentence for a name', () => {
    expect(specificsOf('Cheers. The migration is through.')).toEqual([]);
    expect(specificsOf('Done! Next we ask Ingrid about it.')).toEqual(['ingrid']);
    expect(specificsOf('Okay\nLater we rename it.')).toEqual([]);
    expect(specificsOf('We spoke. Then Ravi signed off on it.')).toEqual(['ravi']);
  });

  it('counts a specific as said again only as a whole token', () => {
    // A number inside a longer number, a name inside a longer name: neither is said again.
    const turns: Turn[] = [
      ['user', 'The proxy listens on 8443 now.'],
      ['assistant', 'I see 84430 rows in the audit table.'],
      ['user', 'Yes, Mina owns the proxy.'],
      ['assistant', 'Asking Minato next, then.'],
    ];
    const segment = segmentOf(turns);
    const drafts = [
      { text: 'The proxy listens on 8443', kind: 'fact', speaker: 'user', sourceIds: ['1'] },
      { text: 'Yes, Mina owns the proxy', kind: 'fact', speaker: 'user', sourceIds: ['3'] },
    ] as const;
    const [port, owner] = draftContexts(segment, drafts);
    expect(port?.echoed).toBe(false);
    expect(owner?.echoed).toBe(false);
    const again = draftContexts(
      segmentOf([...turns, ['user', 'Keep 8443 open; Mina said so.']]),
      drafts,
    );
    expect(again.map((c) => c.echoed)).toEqual([true, true]);
  });
});
