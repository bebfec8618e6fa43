// Item readings a reviewer found wrong (findings 10, 18, 19): the reviewer's sentences and
// sentences of our own, in no benchmark file, for what must not be read and what still must.
import { describe, expect, it } from 'vitest';
import { classifySentence } from './rule-item-extractor.js';

/** Finding 10: sentences that take no choice back (no "Use Y instead of X"). */
const NOT_A_REVERSAL = [
  "we're not sure yet, let's just go with the cabin",
  "No milk left, I'll get oat milk",
  "drop the kids at school, we'll take the bus",
  // Ours.
  "we're not ready yet, let's go with the later slot",
  "no time left, we'll take a taxi",
  "forget it, we'll use the old laptop",
  "drop the boxes at the depot, we'll take the van",
];

type Expected = {
  readonly typeTag: string;
  readonly text?: string;
  readonly confidence?: string;
} | null;

const decision = (text: string, confidence: string): Expected => ({
  typeTag: 'decision',
  text,
  confidence,
});
const action = (text: string): Expected => ({ typeTag: 'action', text, confidence: 'high' });
const RISK: Expected = { typeTag: 'risk' };

/** Finding, sentence, what it reads (null: nothing), and what the thread said before it. */
const READS: readonly (readonly [string, string, Expected, string?])[] = [
  // 10: the hedge stays with the decision; real reversals still read.
  ['10', "we're not sure yet, let's just go with the cabin", decision('Use cabin', 'low')],
  [
    '10',
    "not sure, but let's not do the hotel; we'll take the cabin",
    decision('Use cabin instead of hotel', 'low'),
  ],
  ['10', "let's not use Slack, we'll use Matrix", decision('Use Matrix instead of Slack', 'high')],
  ['10', "scrap the ferry, we'll take the train", decision('Use train instead of ferry', 'high')],
  [
    '10',
    'no taxi — bus it is',
    decision('Use bus instead of taxi', 'high'),
    'shall we get a taxi to the station',
  ],
  [
    '10',
    "we won't go with the blue sofa, let's pick the green one",
    decision('Use green one instead of blue sofa', 'high'),
  ],
  // 18: a vulnerability in a person is no risk; one in software is.
  ['18', "There's a vulnerability in how I trust people", null],
  ['18', 'I felt a vulnerability in my voice when I spoke', null],
  ['18', 'there is real vulnerability in letting people see you cry', null],
  ['18', "There's a known vulnerability in the payments API we use", RISK],
  ['18', 'Found a vulnerability in openssl 3.0.7 on the build box', RISK],
  // 19: a suggestion taken up with a noun and a day or a deadline of its own is a task.
  ['19', "I'll check out those flats on Saturday", action('Check out those flats on Saturday')],
  ['19', "I'll look into those invoices by Friday", action('Look into those invoices by Friday')],
  [
    '19',
    "I'll check out those flats at 6pm tomorrow",
    action('Check out those flats at 6pm tomorrow'),
  ],
  ['19', "I'll check out those bikes next week", action('Check out those bikes next week')],
  ['19', "I'll look into those, maybe today", null],
  ['19', "I'll check out those next week", null],
  ['19', "I'll check out those cafes sometime", null],
];

describe('item readings a reviewer found wrong', () => {
  it.each(NOT_A_REVERSAL)('finding 10, takes nothing back: %s', (sentence) => {
    expect(classifySentence(sentence, 'user')?.text ?? '').not.toMatch(/instead of/);
  });

  it.each(READS.map(([f, s, e, earlier]) => [f, s, { expected: e, earlier }] as const))(
    'finding %s: %s',
    (_finding, sentence, { expected, earlier }) => {
      const read = classifySentence(sentence, 'user', earlier);
      if (expected === null) expect(read).toBeNull();
      else expect(read).toMatchObject(expected);
    },
  );
});
