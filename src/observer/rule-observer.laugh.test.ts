// rules@11: a laugh closes its own clause, not the whole sentence ("Our treasurer is Ines Duarte,
// she hates spreadsheets lol" keeps who the treasurer is); non-ASCII names are names. Sentences
// of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { chatsFrom } from './__fixtures__/sentences.js';
import { hasSpecifics } from './text-rules.js';

/** The 🔴 observations' texts of one user message, rules alone (no scorer). */
const { red: redOf, keepsNothing } = chatsFrom({ from: '2026-05-06T09:00:00.000Z', scorer: null });

describe('rules@11: a sentence closed by a laugh', () => {
  it.each([
    ['Our treasurer is Ines Duarte, she hates spreadsheets lol', 'Our treasurer is Ines Duarte'],
    ['the van holds 14 crates max, learned that the hard way haha', 'The van holds 14 crates max'],
    [
      'I always order 30 programmes, somebody spills coffee on one lol',
      'I always order 30 programmes',
    ],
  ])('keeps the durable clause of "%s"', (sentence, clause) => {
    expect(redOf(sentence)).toContain(clause);
  });

  it.each([
    'swap seats with me lol',
    'we should just move to Mars, lol',
    'maybe we run the 10k on Sunday, or never lol',
    'my cat walked over the keyboard at 03:00 lol',
    'is the shop still on Rua Augusta, lol',
    // Every marker of the one laughter list closes a joke, not only the common ones.
    'we are relocating the office to the Moon in 2030 hahaha',
    'always answer support tickets in haiku lmfao',
    'never merge on Thursdays 😂',
    'the printer is haunted, keep it in quarantine jk',
  ])('keeps nothing of "%s"', keepsNothing);
});

describe('rules@11: names written with letters outside ASCII', () => {
  it.each([
    'the editor is Zoë Ní Bhriain',
    'send it to Łukasz Żak first',
    'we meet at Café Müller',
  ])('"%s" names something exact', (sentence) => {
    expect(hasSpecifics(sentence)).toBe(true);
  });

  it.each(['Ça va, merci', 'see you at the café', 'the Ölfass is empty'])(
    '"%s" names nothing exact',
    (sentence) => {
      expect(hasSpecifics(sentence)).toBe(false);
    },
  );
});
