import { describe, expect, it } from 'vitest';
import { committingReadings } from './__fixtures__/read-chat.js';

// A language asked for a definite plural beside one piece of writing asked for now ("translate
// the answer … but keep the headings in English") is about that piece's parts, asked once; a bare,
// possessed or lone definite plural ("summaries in English", "my reports in German", "send me the
// newsletters in German") is how the speaker wants such things in general. Found by distractor set h's tuning
// half (a one-off formatting instruction read as a standing language preference); every sentence
// here was written for this test.

const languageOf = (text: string) =>
  committingReadings(text).filter((r) => r.includes('profile.preference.language'));

describe('a language asked for the parts of one answer', () => {
  it.each([
    'Put the answer in Italian but leave the table headers in English.',
    'keep those labels in German for this one',
    'Shorten this email and put the closing lines in Japanese.',
  ])('is no standing preference: %s', (text) => {
    expect(languageOf(text)).toEqual([]);
  });

  it.each([
    ['Summaries in Dutch please.', 'dutch'],
    ['Write my reports in Swedish, please.', 'swedish'],
    ['Keep the summaries in Polish from now on.', 'polish'],
    ['Send me the weekly digests in Czech.', 'czech'],
  ])('a general or standing request still is: %s', (text, language) => {
    expect(languageOf(text)).toEqual([
      `user:primary profile.preference.language=${language} (strong)`,
    ]);
  });
});
