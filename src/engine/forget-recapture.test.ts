import { describe, expect, it } from 'vitest';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { entryId, unnumberedTranscript } from './__fixtures__/transcript.js';
import type { Engine } from './index.js';

// A forgotten line must stay forgotten when the session is captured again from a transcript
// edited elsewhere (its first line's text, and so that line's derived id, changed), whether the line
// is long enough for a digest of its text or too short, or holds a secret, to keep one.

const LINES: readonly [string, string][] = [
  ['user', 'Planning the spring clean-out of the allotment shed with Ines.'],
  ['assistant', 'Happy to help plan it. When can Ines come?'],
  ['user', 'Thursday at 4 works.'],
  ['user', 'The shed padlock code is 2917, keep it between us.'],
  ['user', 'My neighbour Rosalind lends us her trailer for the tip run.'],
  ['user', 'We decided to compost the old pallets instead of burning them.'],
];

/** The lines as a Verity transcript without message ids (Verity derives them), one a minute. */
const transcript = (lines: readonly (readonly [string, string])[]): string =>
  unnumberedTranscript('2026-06-10T08:', lines);

/** The same session with its first line edited. */
const EDITED = transcript([
  ['user', 'Planning the spring clean-out of the allotment shed with Ines and Tomasz.'],
  ...LINES.slice(1),
]);

const ledgerText = async (engine: Engine): Promise<string> =>
  JSON.stringify(await engine.readLedger(0, 1000));

const capture = (engine: Engine, text: string, trigger: 'manual' | 'shutdown') =>
  engine.observer.capture({ text, sessionId: 'shed', trigger, observe: 'sync' });

describe('forget, then an edited re-capture of the session (engine)', () => {
  const opened = useTestEngine('verity-forget-recapture-', '2026-06-10T09:00:00Z', observerOnly());

  it.each([
    ['a short line', 3, 'Thursday at 4'],
    ['a line holding a secret', 4, '2917'],
    ['a long line', 5, 'Rosalind'],
  ])('keeps %s forgotten', async (_, line, words) => {
    const { engine } = opened();
    await capture(engine, transcript(LINES), 'manual');
    expect(await ledgerText(engine)).toContain(words);
    await engine.forget({
      kind: 'message',
      threadId: 'session:shed',
      messageId: entryId(transcript(LINES), line),
    });
    expect(await ledgerText(engine)).not.toContain(words);

    const again = await capture(engine, EDITED, 'shutdown');
    expect(again.status).toBe('captured');
    expect(await ledgerText(engine)).not.toContain(words);
    const hits = (await engine.search(words, { mode: 'text' })).hits.map((h) => h.text);
    expect(hits).not.toContainEqual(expect.stringContaining(words));
    // The lines not forgotten come back as they are now.
    expect(await ledgerText(engine)).toContain('Ines and Tomasz');
    expect(await ledgerText(engine)).toContain('compost the old pallets');
  });
});
