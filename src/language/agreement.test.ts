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
    ['a hyphenated word that opens with a hedge', 'Later-model kettles switch off alone.', 'none'],
    ['a hedge opener before a dash', 'Later - after the market closes.', 'hedge'],
    ['a hyphenated word that opens with irony', 'Nice try-out, the chairs fit.', 'accept'],
    ['irony before an emoji', 'Yeah right🙄 the lift works.', 'none'],
    ['an empty reply', '', 'none'],
  ])('reads %s', (_, reply, agreement) => {
    expect(readAgreement(reply).agreement).toBe(agreement);
  });

  it('takes the yes back for a qualifier in the sentences that follow', () => {
    expect(readAgreement('Sounds good.', 'But only after the audit.').agreement).toBe('qualified');
    expect(readAgreement('Sounds good.', 'The van is outside.').agreement).toBe('accept');
  });

  it.each([
    'Sure, maybe after the move.',
    'Yes, perhaps in autumn.',
    'Ok, probably next month.',
    'Fine, not yet though.',
    'Sure, later this week.',
    'Yes, hmmm, the size.',
    "Ok, we'll see in June.",
    "Good, I'm not sure about the tone.",
    'Yes, dunno about the frame.',
  ])('reads a hedge after a yes as a qualifier: "%s"', (reply) => {
    expect(readAgreement(reply).agreement).toBe('qualified');
  });

  it.each([
    'Ok, we will see the move through.',
    'Fine, the laterals go left.',
    'Yes, the perhapsy one.',
  ])('keeps a yes whole where a hedge only looks in: "%s"', (reply) => {
    expect(readAgreement(reply).agreement).toBe('accept');
  });

  it('lists a hedge once, as a hedge, not again as a qualifier', () => {
    const hedges = AGREEMENT_ENTRIES.filter((e) => e.reading === 'hedge').map((e) => e.words);
    const twice = AGREEMENT_ENTRIES.filter(
      (e) =>
        e.reading === 'qualifier' &&
        hedges.some((h) => h === e.words || new RegExp(`^(?:${h})$`, 'iu').test(e.words)),
    );
    expect(twice.map((e) => e.words)).toEqual([]);
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
