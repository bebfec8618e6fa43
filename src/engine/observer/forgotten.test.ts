import { describe, expect, it } from 'vitest';
import { entryDigest, forgottenDigests, scrubDailyLog, withoutAnswersOf } from './forgotten.js';

const entry = (id: string, role: 'user' | 'assistant', text: string) => ({
  id,
  role,
  text,
  at: null,
});

describe('forgottenDigests', () => {
  const original = [
    entry('line-1', 'user', 'My aunt Marguerite restores old kayaks in Annecy.'),
    entry('line-2', 'assistant', 'What is the code for the bike shed now?'),
    entry('line-3', 'user', '6803'),
    entry('line-4', 'user', 'The office door PIN is 4471, keep it to yourself.'),
    entry('line-5', 'user', 'We decided to repaint the hallway in sage green.'),
  ];
  const blank = (ids: readonly string[]) =>
    original.map((e) => (ids.includes(e.id) ? { ...e, text: '' } : e));

  it('keeps a digest of a long blanked entry holding no secret, and of nothing kept', () => {
    const digests = forgottenDigests(original, blank(['line-1', 'line-2']));
    expect(digests).toEqual(
      [
        entryDigest(original[0] ?? entry('', 'user', '')),
        entryDigest(original[1] ?? entry('', 'user', '')),
      ].sort(),
    );
  });

  it('keeps none of a short entry or one holding a secret: trying values would find them', () => {
    expect(forgottenDigests(original, blank(['line-3', 'line-4']))).toEqual([]);
  });

  it('adds to the digests the capture already kept', () => {
    expect(forgottenDigests(original, blank(['line-5']), ['00'])).toEqual(
      ['00', entryDigest(original[4] ?? entry('', 'user', ''))].sort(),
    );
  });
});

describe('withoutAnswersOf', () => {
  it('blanks the entries gone and a bare reply only they made secret, and keeps the rest', () => {
    const entries = [
      entry('a', 'assistant', 'What is the code for the bike shed now?'),
      entry('b', 'user', '6803'),
      entry('c', 'user', 'The plumber comes on Friday.'),
    ];
    const out = withoutAnswersOf(entries, new Set([0]));
    expect(out.map((e) => e.text)).toEqual(['', '', 'The plumber comes on Friday.']);
    expect(out[2]).toBe(entries[2]);
  });
});

describe('scrubDailyLog', () => {
  const log = [
    '#### The photo backup keeps timing out',
    '*3 messages, 2 from the user (08:01–08:03): The photo backup keeps timing out. Outcome: Move the photo backup to Sunday 03:00*',
    '',
    "* 🟡 (08:02) I'll move the photo backup to Sunday 03:00.",
    '* 🔴 (08:03) Move the photo backup to Sunday 03:00',
    '* 🔴 (08:04) The garage door opener needs a new battery.',
  ].join('\n');
  const derived = {
    texts: ['Move the photo backup to Sunday 03:00'],
    bullets: new Set(['* 🔴 (08:03) Move the photo backup to Sunday 03:00']),
  };

  it('drops the bullets of derived observations and the narratives quoting them, not the kept quoting bullets', () => {
    expect(scrubDailyLog(log, [], derived).split('\n')).toEqual([
      '#### The photo backup keeps timing out',
      '*(forgotten)*',
      '',
      "* 🟡 (08:02) I'll move the photo backup to Sunday 03:00.",
      '* 🔴 (08:04) The garage door opener needs a new battery.',
    ]);
  });

  it('still takes every line quoting a forgotten message', () => {
    const out = scrubDailyLog(log, ['The garage door opener needs a new battery.'], {
      texts: [],
      bullets: new Set(),
    });
    expect(out).not.toContain('garage');
    expect(out).toContain('Move the photo backup to Sunday 03:00');
  });
});
