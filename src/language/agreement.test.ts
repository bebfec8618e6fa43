// Every entry of the agreement table with its own sentence (written for these tests; in no
// benchmark file), and the cases where two entries meet.
import { describe, expect, it } from 'vitest';
import { AGREEMENT_ENTRIES, isQualifying, opensWithRefusal, readAgreement } from './agreement.js';

const READS = {
  accept: 'accept',
  hedge: 'hedge',
  refusal: 'refusal',
  irony: 'none',
  qualifier: 'qualified',
} as const;

describe('readAgreement, entry by entry', () => {
  it.each(AGREEMENT_ENTRIES.map((e) => [e.words, e.reading, e] as const))(
    'reads "%s" (%s) in its own sentence',
    (words, reading, entry) => {
      // The sentence holds the entry's words, where the entry reads them.
      const at = reading === 'qualifier' ? '\\b' : '^';
      expect(entry.example).toMatch(new RegExp(`${at}(?:${words})`, 'iu'));
      const read = readAgreement(entry.example);
      expect(read.agreement).toBe(READS[reading]);
      if (reading === 'accept') expect(read.assent).toBe(entry.assent);
    },
  );

  it('gives every accepting entry an assent and no other entry one', () => {
    for (const e of AGREEMENT_ENTRIES) expect(e.assent !== undefined).toBe(e.reading === 'accept');
  });
});

describe('readAgreement where entries meet', () => {
  it.each([
    ['a hedge over a nod', 'Good question, the tall vase.', 'hedge'],
    ['irony over a yes', 'Sure, right, the bus is always on time.', 'none'],
    ['"no problem" alone: no refusal, no yes', 'No problem at all.', 'none'],
    ['"let\'s go" before a name picks, it does not agree', 'lets go ferry', 'none'],
    ['a yes asked back', 'Yes, the blue one?', 'qualified'],
    ['a hyphenated word that opens with a refusal', 'Non-blocking writes are fine.', 'none'],
    ['"pass" before a word asks, it does not refuse', 'Pass the keys to Ana.', 'none'],
    ['a hyphenated word that opens with a nod', 'Ok-ish, the colour is dull.', 'none'],
    ['a dash after the opener', 'Yes - the north door.', 'accept'],
    ['no opener at all', 'The hall is booked until six.', 'none'],
    ['an empty reply', '', 'none'],
  ])('reads %s', (_, reply, agreement) => {
    expect(readAgreement(reply).agreement).toBe(agreement);
  });

  it('takes the yes back for a qualifier in the sentences that follow', () => {
    expect(readAgreement('Sounds good.', 'But only after the audit.').agreement).toBe('qualified');
    expect(readAgreement('Sounds good.', 'The van is outside.').agreement).toBe('accept');
  });

  it('gives what follows the accepting opener', () => {
    expect(readAgreement('yes always').rest).toBe(' always');
    expect(readAgreement('No problem, go ahead and lock it.')).toMatchObject({
      agreement: 'accept',
      assent: 'go',
      rest: ' and lock it.',
    });
  });

  it('reads a refusal opener and a qualifier apart', () => {
    expect(opensWithRefusal('Not now, the shop is full.')).toBe(true);
    expect(opensWithRefusal('Now, the shop is full.')).toBe(false);
    expect(isQualifying('the shop, unless it rains')).toBe(true);
    expect(isQualifying('the shop on the corner')).toBe(false);
  });
});
