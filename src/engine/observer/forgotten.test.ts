import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textShape } from '../../observer/index.js';
import {
  entryDigest,
  forgottenDigests,
  forgottenIndexes,
  momentDigest,
  scrubDailyLog,
  withoutAnswersOf,
} from './forgotten.js';

const entry = (id: string, role: 'user' | 'assistant', text: string, at: string | null = null) => ({
  id,
  role,
  text,
  at,
});

const at = (minute: number) => `2026-06-10T08:${String(minute).padStart(2, '0')}:00.000Z`;

describe('forgottenDigests', () => {
  const original = [
    entry('line-1', 'user', 'My aunt Marguerite restores old kayaks in Annecy.', at(1)),
    entry('line-2', 'assistant', 'What is the code for the bike shed now?', at(2)),
    entry('line-3', 'user', '6803', at(3)),
    entry('line-4', 'user', 'The office door PIN is 4471, keep it to yourself.', at(4)),
    entry('line-5', 'user', 'We decided to repaint the hallway in sage green.', at(5)),
    entry('line-6', 'user', 'ok, Friday', null),
  ];
  const blank = (ids: readonly string[]) =>
    original.map((e) => (ids.includes(e.id) ? { ...e, text: '' } : e));
  const nth = (i: number) => original[i] ?? entry('', 'user', '');

  it('keeps a digest of the text of a long blanked entry holding no secret, and of nothing kept', () => {
    const digests = forgottenDigests('s1', original, blank(['line-1', 'line-2']));
    expect(digests).toEqual([entryDigest(nth(0)), entryDigest(nth(1))].sort());
  });

  it('keeps where a short entry or one holding a secret stood, never a digest of its text', () => {
    const digests = forgottenDigests('s1', original, blank(['line-3', 'line-4']));
    expect(digests).toEqual([momentDigest('s1', nth(2)), momentDigest('s1', nth(3))].sort());
    expect(digests).not.toContain(entryDigest(nth(2)));
    expect(digests).not.toContain(entryDigest(nth(3)));
  });

  it('keeps nothing of a short entry without a time', () => {
    expect(forgottenDigests('s1', original, blank(['line-6']))).toEqual([]);
  });

  it('adds to the digests the capture already kept', () => {
    expect(forgottenDigests('s1', original, blank(['line-5']), ['00'])).toEqual(
      ['00', entryDigest(nth(4))].sort(),
    );
  });
});

describe('momentDigest', () => {
  it('tells sessions, roles, times and shapes of text apart', () => {
    const user = entry('line-1', 'user', 'yes', at(1));
    const digests = [
      momentDigest('s1', user),
      momentDigest('s2', user),
      momentDigest('s1', { ...user, role: 'assistant' }),
      momentDigest('s1', { ...user, at: at(2) }),
      momentDigest('s1', { ...user, text: 'yes!' }),
      momentDigest('s1', { ...user, text: 'ok thanks' }),
    ];
    expect(new Set(digests).size).toBe(6);
    expect(momentDigest('s1', { ...user, at: null })).toBeNull();
  });

  it('is the same for every value of a secret of one shape: a guess cannot be tested against it', () => {
    const line = entry(
      'line-4',
      'user',
      'The office door PIN is 4471, keep it to yourself.',
      at(4),
    );
    expect(momentDigest('s1', { ...line, text: line.text.replace('4471', '9035') })).toBe(
      momentDigest('s1', line),
    );
    expect(textShape(line.text)).toBe('aaa aaaaaa aaaa aaa aa 9999, aaaa aa aa aaaaaaaa.');
  });
});

describe('forgottenIndexes', () => {
  const forgotten = entry('line-3', 'user', '6803', at(3));
  const long = entry('line-5', 'user', 'We decided to repaint the hallway in sage green.', at(5));
  const digests = new Set([momentDigest('s1', forgotten) ?? '', entryDigest(long)]);

  it('finds a short entry by its time and shape wherever it stands, and a long one by its text', () => {
    const entries = [
      entry('line-1', 'user', 'Edited opening line of the session.', at(1)),
      { ...long, id: 'line-2', at: at(9) },
      { ...forgotten, id: 'line-4' },
    ];
    expect(forgottenIndexes('s1', entries, digests, new Set())).toEqual([1, 2]);
  });

  it('leaves another line of the same role and time', () => {
    const other = [
      { ...forgotten, id: 'line-6', text: 'ok thanks' },
      { ...forgotten, id: 'line-7', text: 'We always deploy from the release branch only.' },
    ];
    expect(forgottenIndexes('s1', other, digests, new Set())).toEqual([]);
  });

  it('leaves an entry of the same time whose text an earlier capture kept', () => {
    expect(forgottenIndexes('s1', [forgotten], digests, new Set([forgotten.text]))).toEqual([]);
    expect(forgottenIndexes('s2', [forgotten], digests, new Set())).toEqual([]);
  });

  it('still reads the digests of where an entry stood that earlier forgets kept', () => {
    const place = createHash('sha256')
      .update(`moment\ns1\nuser\n${at(3)}`)
      .digest('hex');
    const now = { ...forgotten, text: 'a line edited since' };
    expect(forgottenIndexes('s1', [now], new Set([place]), new Set())).toEqual([0]);
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
