import { describe, expect, it } from 'vitest';
import { captureNow, useObservingEngine } from './__fixtures__/observed-session.js';
import { entryId } from './__fixtures__/transcript.js';
import type { Engine } from './types.js';

// A forgotten line too short, or too secret, for a digest of its text is matched in a later
// capture of the session by its session, role and time, bound to the form of its text. Another
// line of the same role and second, in a transcript edited since, is a different line: it is kept.

const line = (role: string, content: string, at: string): string =>
  JSON.stringify({ role, content, created_at: `2026-04-07T09:${at}Z` });

const OPENING = line('user', 'Our CI pipeline takes forty minutes on every pull request.', '00:00');
const PLAN = line(
  'assistant',
  "I'll split the test job into four parallel shards and cache node_modules between runs.",
  '01:00',
);
const ACCEPTED = line('user', 'ok do it', '01:20');
const PASSWORD = line('user', 'The deploy password is hunter2-Blue!', '02:00');

const SESSION = [OPENING, PLAN, ACCEPTED, PASSWORD].join('\n');
/** The ids of the accepting reply and of the password line. */
const [ACCEPTED_ID, PASSWORD_ID] = [entryId(SESSION, 3), entryId(SESSION, 4)];

const t = useObservingEngine('verity-forget-same-moment-');

const forgetLine = (engine: Engine, id: string) =>
  engine.forget({ kind: 'message', threadId: 'session:s4', messageId: id });

const recapture = (engine: Engine, lines: readonly string[]) =>
  captureNow(engine, lines.join('\n'), 's4', 'compaction');

const messageHits = async (engine: Engine, query: string): Promise<string[]> =>
  (await engine.search(query, { mode: 'text' })).hits
    .filter((h) => h.kind === 'message')
    .map((h) => h.text);

const ledgerText = async (engine: Engine): Promise<string> =>
  JSON.stringify((await engine.readLedger(0, 1000)).map((e) => e.payload));

describe('a forgotten short line and another line of the same second (engine)', () => {
  it.each([
    ['a new long line', 'We always deploy from the release branch only.', 'release branch'],
    ['a new short line', 'ok thanks', 'thanks'],
  ])('keeps %s at the time of the forgotten one', async (_, text, query) => {
    const { engine } = t();
    await captureNow(engine, SESSION, 's4');
    await forgetLine(engine, ACCEPTED_ID);
    await recapture(engine, [
      OPENING,
      PLAN,
      ACCEPTED,
      PASSWORD,
      line('user', text, '01:20'),
      line('user', 'ship it', '01:21'),
    ]);
    expect(await messageHits(engine, query)).toContain(text);
    expect(await messageHits(engine, 'ok do it')).not.toContain('ok do it');
  });

  it('still blanks the forgotten line itself wherever an edited transcript moves it', async () => {
    const { engine } = t();
    await captureNow(engine, SESSION, 's4');
    await forgetLine(engine, ACCEPTED_ID);
    await forgetLine(engine, PASSWORD_ID);
    const above = line('user', 'It got worse after the monorepo merge.', '00:30');
    await recapture(engine, [OPENING, above, PLAN, ACCEPTED, PASSWORD]);
    const ledger = await ledgerText(engine);
    expect(ledger).toContain('monorepo merge');
    expect(ledger).not.toContain('hunter2');
    expect(ledger).not.toContain('ok do it');
  });
});

describe("forgetting a captured line twice (the observer's forget step)", () => {
  it('says the second time that the line is already forgotten', async () => {
    const { engine } = t();
    await captureNow(engine, SESSION, 's4');
    await forgetLine(engine, ACCEPTED_ID);
    await expect(engine.observer.forgetMessage('s4', ACCEPTED_ID, 'again')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining(`session:s4/${ACCEPTED_ID} is already forgotten`),
    });
    // A line the session never held is left to the ledger's own forget (null), as before.
    expect(await engine.observer.forgetMessage('s4', 'line-9', 'never held')).toBeNull();
  });

  it('says so through `verity forget` too, though the line has no message row any more', async () => {
    const { engine } = t();
    await captureNow(engine, SESSION, 's4');
    await forgetLine(engine, ACCEPTED_ID);
    await expect(forgetLine(engine, ACCEPTED_ID)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining(`session:s4/${ACCEPTED_ID} is already forgotten`),
    });
    await expect(forgetLine(engine, 'line-9')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
