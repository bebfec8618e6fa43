import { describe, expect, it } from 'vitest';
import { entryDigest, forgottenDigests, withoutAnswersOf } from './forgotten.js';

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
