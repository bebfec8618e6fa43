// rules@14: the review of rules@13 (issue #13). Sentences of our own, not the reviewer's and not
// from the observe sets.
import { describe, expect, it } from 'vitest';
import { chatsFrom, isA, isNo, observedIn } from './__fixtures__/sentences.js';
import { classifySentence, isLeaving } from './text-rules.js';

const FROM = { from: '2026-03-04T10:00:00.000Z' };
const observed = (text: string) => observedIn([['user', text]], FROM);
const { keeps, keepsWithout, keepsNothing } = chatsFrom(FROM);

describe('rules@14: a standing rule or a change of state is not the speaker leaving', () => {
  it.each([
    'Now I have to use yarn for all the frontends.',
    'Now I go swimming on Saturdays instead of Sundays.',
    'I must use the hardware key for the payroll login now.',
    'I need to run the backups with --skip-locked first now.',
    'I should use the new printer queue now, the old one is gone.',
    'Now I have to sign the timesheets every Friday.',
  ])('"%s" is not leaving', (sentence) => {
    expect(isLeaving(sentence)).toBe(false);
    expect(classifySentence(sentence, 'user')).not.toBe('hedge');
  });

  it.each([
    ['Now I have to use yarn for all the frontends.', 'yarn'],
    ['Now I go swimming on Saturdays instead of Sundays.', 'Saturdays'],
  ])('"%s" is kept', keeps);

  // Negative neighbours: the speaker leaving the conversation stays the moment.
  it.each([
    'Now I must walk the dog before it rains',
    'I have to go now, the kettle is on',
    'Now I need to sleep, early train',
    'ok now I should head off',
    'I must catch the 18:10 bus now',
  ])('"%s" is leaving', (sentence) => {
    expect(isLeaving(sentence)).toBe(true);
  });
});

describe('rules@14: the clause beside a leaving clause is read as any sentence', () => {
  it.each([
    ['Gotta run, my aunt Rosa keeps the spare key to the shed.', 'Rosa'],
    ['Call in 5, the loan rate is 3.9% fixed until 2031.', '3.9%'],
    ['My shift is starting, the alarm code is changed monthly.', 'alarm code'],
    ['Off to bed, my cousin Piet feeds the chickens.', 'Piet'],
  ])('"%s" keeps its clause', keepsWithout(/^(?:gotta|call in|my shift|off)/i));

  // Negative neighbours: a verbless or momentary clause beside leaving stays out.
  it.each([
    'Gotta run, first delivery at 7',
    'Off to bed, long day tomorrow',
    'Standup in 5, the coffee machine is broken again',
  ])('"%s" gives nothing durable', keepsNothing);
});

describe('the clause beside leaving or a temptation keeps the reading it has alone', () => {
  // A clause that is context alone stays context (in the daily log), not lost with the moment.
  it.each([
    ['Now I must go, and the billing service is owned by the payments team.', 'payments team'],
    ['I was tempted by the Vespa but we bought a Honda PCX.', 'Honda PCX'],
  ])('"%s" keeps its clause', (sentence, words) => {
    const kept = observed(sentence).filter(
      (o) => o.priority !== 'green' && o.text.includes(words) && !/must go|tempted/i.test(o.text),
    );
    expect(kept.length).toBeGreaterThan(0);
  });
});

describe('rules@14: "X is Y" only of a lasting role or attribute', () => {
  // What something is today. Bare subjects that could be lasting ("Payroll is sage") are left
  // unread too: precision before recall.
  it.each([
    'Breakfast is porridge.',
    'Supper is soup',
    'Tea is love.',
    'The champion is Priya.',
    'Last stop is Crewe.',
  ])('"%s" is no fact', isNo('fact'));

  it.each([
    'Our CDN is bunny.',
    'The accountant is mrs Adebayo',
    'My pension is Aviva.',
    'VPN is wireguard',
    'Registrar is porkbun.',
  ])('"%s" is a fact', isA('fact'));
});

describe('rules@14: he or she wanting an amount is a one-off ask', () => {
  it.each([
    'She wants 40 pounds for the pram.',
    'He wants a refund of 25 dollars.',
    'He wants £300 for the sofa',
  ])('"%s" is no rule', isNo('rule'));

  // Positive neighbours: terms that stand.
  it.each([
    'She wants 60 EUR per lesson, paid monthly.',
    'He wants a 30% deposit before he cuts the stone',
    'He wants every invoice as a PDF',
  ])('"%s" stays a rule', isA('rule'));
});

describe('rules@15: any outside party asking a price or one delivery is a one-off ask', () => {
  it.each([
    'He wants 250 for the dining table.',
    'Our solicitor wants 900 pounds for the conveyancing.',
    'She wants 4 printed copies of the deck by Thursday.',
    'The insurer wants 2 photos of the dent by the 14th.',
  ])('"%s" is no rule', isNo('rule'));

  // Positive neighbours: terms that stand, whoever sets them.
  it.each([
    'The landlord wants 2 months notice.',
    'Our accountant wants all receipts by the 5th of each month.',
    'They want 25 euros a week for the allotment.',
  ])('"%s" stays a rule', isA('rule'));
});

// rules@17 (review of rules@16): advice for always is still advice; a rule needs the speaker to
// make it or adopt it (rule-observer.rules17.test.ts).
describe('rules@14: advice passed on that stands', () => {
  it.each([
    'Our coach says we should always stretch for 10 minutes first.',
    'My landlady says we should never leave the heating off in January.',
  ])('"%s" is a hedge since rules@17', isA('hedge'));

  // Negative neighbours: an option put to the speaker stays a hedge.
  it.each(['My sister says I should try the 7am spin class', 'Omar reckons we could use Trello'])(
    '"%s" is a hedge',
    isA('hedge'),
  );
});

describe('rules@14: a name with a possessive or a clause in apposition', () => {
  it.each([
    "I'm Joy, Dev's sister.",
    "I'm Hazel, I look after the parish accounts.",
    "I'm Ivy, new here, I handle the rota.",
  ])('"%s" is a fact', isA('fact'));

  // Negative neighbours: a state or a remark after the comma is no apposition.
  it.each(["I'm Toast, I feel awful.", "I'm Fried, I think.", "I'm Stuffed, I hope that's ok."])(
    '"%s" is no fact',
    isNo('fact'),
  );
});

describe('rules@14: a temptation resisted keeps what was decided', () => {
  it.each([
    ['I was tempted to switch to Lidl but we decided to stay with Ocado.', 'Ocado'],
    ["Tempted to go freelance, but I've decided to stay at the council.", 'council'],
  ])('"%s" keeps its decision', keepsWithout(/tempted/i));

  it.each([
    "I was tempted to buy the 65-inch but I'm not sure",
    'Tempted by the blue one but probably the green',
  ])('"%s" gives nothing durable', keepsNothing);
});
