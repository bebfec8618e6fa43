import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SECRETS } from '../language/__fixtures__/secret-sentences.js';
import {
  captureNow,
  dailyLog,
  observeTurns,
  proposedAndLogged,
  reviewFile,
  useObservingEngine,
} from './__fixtures__/observed-session.js';
import { transcript } from './__fixtures__/transcript.js';
import type { Engine } from './types.js';

/** Captures `lines` as one user message each of session `sessionId`, observed at once; reflects. */
const observeSession = (engine: Engine, sessionId: string, lines: readonly string[]) =>
  observeTurns(
    engine,
    sessionId,
    lines.map((content) => ['user', content] as const),
  );

const SAID = [
  'The gym locker PIN is 6203, keep it handy.',
  'We use MariaDB 11 for the invoicing service.',
  'Rotate PINs every 90 days.',
  'The wifi password for the studio is Lantern77!',
];

describe('engine.observer keeps secrets out of memory', () => {
  const opened = useObservingEngine('verity-observer-secrets-');
  let dir: string;
  let engine: Engine;

  beforeEach(async () => {
    ({ dir, engine } = opened());
    await observeSession(engine, 'studio', SAID);
  });

  it('proposes the facts of a session but never a secret of it', async () => {
    const texts = (await engine.observer.listProposals('all')).map((p) => p.text);
    expect(texts.some((t) => t.includes('MariaDB 11'))).toBe(true);
    expect(texts.some((t) => t.includes('Rotate PINs every 90 days'))).toBe(true);
    expect(texts.join('\n')).not.toMatch(/6203|Lantern77/);
    expect(reviewFile(dir)).not.toMatch(/6203|Lantern77/);
  });

  it('writes no secret into the daily log', async () => {
    const logs = dailyLog(dir);
    expect(logs.join('\n')).toContain('MariaDB 11');
    expect(logs.join('\n')).not.toMatch(/6203|Lantern77/);
  });

  it('refuses to approve a proposal a reviewer edited a secret into, naming its kind only', async () => {
    const [proposal] = await engine.observer.listProposals('pending');
    if (proposal === undefined) throw new Error('expected a pending proposal');
    const edit = engine.observer.resolveProposal(proposal.proposal_id, 'edit', {
      text: 'The invoicing admin password is Quill-4417',
    });
    await expect(edit).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('holds a secret (password)'),
    });
    await expect(edit).rejects.toMatchObject({ message: expect.not.stringContaining('Quill') });
    expect(await engine.observer.listMemory(true)).toEqual([]);
  });

  it('refuses to approve a line of REVIEW.md a reviewer edited a secret into and ticked', async () => {
    const review = join(dir, 'workspace', 'REVIEW.md');
    const before = readFileSync(review, 'utf8');
    const edited = before.replace(
      /- \[ \] (`p-[0-9-]+`) We use MariaDB 11 for the invoicing service[^\n]*/,
      '- [x] $1 We use MariaDB 11 for the invoicing service, root password: Quill-4417',
    );
    expect(edited).not.toBe(before);
    writeFileSync(review, edited);
    await expect(engine.observer.syncReview()).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('never writes secrets into MEMORY.md'),
    });
    expect(await engine.observer.listMemory(true)).toEqual([]);
  });

  it('masks the value in what search and ask show of the raw transcript', async () => {
    const hits = (await engine.search('gym locker PIN', { mode: 'text' })).hits;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(`${hit.text} ${hit.snippet}`).not.toContain('6203');
    }
    expect(hits.map((h) => h.text)).toContain('The gym locker PIN is [secret], keep it handy.');
    const answer = await engine.observer.ask('What is the gym locker PIN?');
    expect(JSON.stringify(answer)).not.toContain('6203');
  });
});

describe('engine.observer on every secret wording of the detector fixture', () => {
  const opened = useObservingEngine('verity-observer-secrets-all-');

  it('proposes none of their values and writes none into the daily log', async () => {
    const { dir, engine } = opened();
    // Not JSON lines: a private key block spans lines. One message per fixture sentence.
    const lines = SECRETS.map(([text]) => text.replace(/\n/g, ' '));
    await observeSession(engine, 'all-secrets', lines);
    const shown = await proposedAndLogged(engine, dir);
    for (const [, value] of SECRETS) expect(shown).not.toContain(value);
  });
});

describe('engine.observer masks a message before it is split', () => {
  const opened = useObservingEngine('verity-observer-secrets-split-');

  it.each([
    ['PIN no. 2917 for the replacement debit card arrived by post', '2917'],
    ['Passport no. K7730412, renewed at the consulate in May', 'K7730412'],
    ['Acct. no. 66031874 at the credit union for the car loan', '66031874'],
  ])('keeps the value of "%s" out of proposals and the daily log', async (text, value) => {
    const { dir, engine } = opened();
    await observeSession(engine, 'split', [text, 'We use MariaDB 11 for the invoicing service.']);
    expect(dailyLog(dir).join('\n')).toContain('MariaDB 11');
    const shown = await proposedAndLogged(engine, dir);
    expect(shown).not.toContain(value);
  });
});

describe('engine.observer masks a reply with the question it answers', () => {
  const opened = useObservingEngine('verity-observer-secrets-reply-');

  it.each([
    [
      [
        ['assistant', 'Which PIN should the reminder use for the garage?'],
        ['user', '5 0 8 3'],
      ],
      '5 0 8 3',
    ],
    [
      [
        ['assistant', 'What is the new router password?'],
        ['user', "it's Copper-Kite-61"],
      ],
      'Copper-Kite-61',
    ],
    [
      [
        ['user', 'I reset the storage unit code yesterday.'],
        ['assistant', 'What is it now?'],
        ['user', '7 7 0 4'],
      ],
      '7 7 0 4',
    ],
  ] as const)('keeps the answer out of proposals and the daily log (%#)', async (turns, value) => {
    const { dir, engine } = opened();
    await observeTurns(engine, 'reply', [
      ...turns,
      ['user', 'We use MariaDB 11 for the invoicing service.'],
    ]);
    expect(dailyLog(dir).join('\n')).toContain('MariaDB 11');
    const shown = await proposedAndLogged(engine, dir);
    expect(shown).not.toContain(value);
    expect(shown).not.toContain(value.replace(/ /g, ''));
  });
});

describe('engine.observer masks a reply whose question ended an earlier capture', () => {
  const opened = useObservingEngine('verity-observer-secrets-later-');

  it('reads the compaction capture before the shutdown capture that answers it', async () => {
    const { dir, engine } = opened();
    const asked = transcript([
      ['user', 'We use MariaDB 11 for the invoicing service.'],
      ['assistant', 'What is the code for the garden shed?'],
    ]);
    const answered = transcript(
      [
        ['user', '7146'],
        ['user', 'The invoices go out on the first Monday.'],
      ],
      3,
    );
    await captureNow(engine, asked, 'shed', 'compaction');
    await captureNow(engine, answered, 'shed', 'shutdown');
    await engine.observer.reflect();
    const log = dailyLog(dir).join('\n');
    expect(log).toContain('first Monday');
    const shown = [...(await engine.observer.listProposals('all')).map((p) => p.text), log];
    expect(shown.join('\n')).not.toContain('7146');
  });
});
