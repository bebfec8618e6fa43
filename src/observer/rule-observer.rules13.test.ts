// rules@13: past-tense musing ("I was thinking …", "we were thinking …") and temptation are
// options weighed, not decisions. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { isA, isNo, isTheKind, observedIn } from './__fixtures__/sentences.js';

describe('rules@13: options weighed, not taken', () => {
  it.each([
    'I was thinking a budget of 2,000 EUR for the garden, so roughly 170 a month',
    'We were thinking the marquee at Hollins Farm, afternoon',
    "I'm tempted by the 14-inch model, the battery is better",
    'we were thinking of moving the standup to 09:45',
  ])('"%s" is a hedge', isA('hedge'));

  // Positive neighbours: the same words in what is decided or stated.
  it.each([
    ['The thinking time per round is 90 seconds.', 'fact'],
    ['We decided on the marquee at Hollins Farm for 14 June.', 'decision'],
    ['Our budget for the garden is 2,000 EUR a year.', 'fact'],
  ])('"%s" stays %s', isTheKind);
});

describe('rules@13: a reading taken now', () => {
  it.each(['Humidity 64% now', 'Now 2,4 GB', 'Queue 812 now', 'Rendering 7 clips now'])(
    '"%s" is context',
    isA('context'),
  );

  // Positive neighbours: "now" beside a verb, a schedule or a change keeps the state.
  it.each([
    'The pool size is now 48',
    'Rent now 1,250 from April',
    'Choir practice at 19:15 now',
    'Logs now go to /var/log/kiln',
    'Sunday 08:30 now',
  ])('"%s" is a state', isA('state'));
});

/**
 * The rules drawn from the user turning down the assistant's offer: drafted from both messages
 * ("Declined …", or the reply's own words when its reason stands alone, rules@23).
 */
const declined = (offer: string, reply: string) =>
  observedIn(
    [
      ['assistant', offer],
      ['user', reply],
    ],
    { from: '2026-03-04T10:00:00.000Z' },
  )
    .filter((o) => o.priority === 'red' && o.source_message_ids.length === 2)
    .map((o) => o.text);

describe('rules@13: a reply that turns down an offer without ruling anything out', () => {
  it.each([
    ['Should I set a reminder for Friday?', "no need, I've set an alarm already"],
    ['Want me to order a padlock for the shed?', "no the shed has its own lock, it's fine"],
    ['Should I email the landlord about the leak?', 'no not the landlord, just the agency'],
  ])('"%s" → "%s" is no standing rule', (offer, reply) => {
    expect(declined(offer, reply)).toEqual([]);
  });

  // Positive neighbours: the same opening with a lasting reason or a thing ruled out.
  it.each([
    ['Would you like comments under each post?', 'No comments on the blog. Ever.'],
    ['Should I book Saturday slots too?', 'no, never on weekends, we need the rest'],
    ['Should I send the receipts by email?', 'no receipts by email, the auditor needs paper'],
  ])('"%s" → "%s" is a standing rule', (offer, reply) => {
    expect(declined(offer, reply)).toHaveLength(1);
  });
});

describe('rules@13: more ways to report a problem', () => {
  it.each([
    'The nightly export keeps timing out on the reports host',
    'Label printer keeps OOMing on batch 3',
    'Orders piling up in the picking queue since lunch, ~400 waiting',
    'The booking form gives 503 on the Lisbon site',
    'The cabin was double-booked for 9 August',
    'Overbooking on room 12 again, two families on the same nights',
    'Patients are complaining that the reminder SMS arrives at 02:00',
  ])('"%s" is a problem', isA('problem'));

  // Positive neighbours: the same words in a rule or a fact that lasts.
  it.each([
    ['Overbooking is never allowed, max 12 guests per night', 'rule'],
    ['Double-booked rooms always go to the manager, Ines Duarte', 'rule'],
    ['Customers complaining about delivery get a 10% voucher, always', 'rule'],
    ['Lena keeps the books for the rowing club in ledger.ods', 'fact'],
  ])('"%s" stays %s', isTheKind);
});

describe('rules@13: terms set by someone named by a pronoun', () => {
  it.each([
    'He wants a 30% deposit before he cuts the stone',
    'She expects the invoice in EUR with the VAT number shown',
    "He asks for 2 weeks' notice before any booking",
    'She insists on 11pt Garamond for the whole manuscript',
  ])('"%s" is a rule', isA('rule'));

  it.each(['She wants to leave at 5 today', 'He wants the van back tomorrow at 9'])(
    '"%s" is no rule',
    isNo('rule'),
  );
});

describe('rules@13: a short "X is Y" naming what something is', () => {
  it.each([
    'Registrar is gandi.',
    'Our payroll is sage',
    'Landlord is mr Okonkwo',
    'Staging db is pg-stage-2',
    'Our invoices are in xero.',
  ])('"%s" is a fact', isA('fact'));

  it.each([
    'Empty is fine.',
    'The title is perfect.',
    'Faster is better.',
    'The second one is tomorrow',
    'Mugs are crazy for me',
    'Overlaps are the whole problem.',
    'It is a swamp',
    'Kiln is a nightmare',
  ])('"%s" is no fact', isNo('fact'));
});

describe("rules@13: someone else's advice to the speaker", () => {
  it.each([
    'My neighbour says I should switch to Octopus for the heat pump tariff',
    'Tomasz reckons we could open at 08:30 on Saturdays',
    'Her tutor suggested I should submit chapter 3 by June',
  ])('"%s" is a hedge', isA('hedge'));

  // Positive neighbours: an obligation passed on, or advice taken.
  it.each([
    ["The landlord says we must give 3 months' notice", 'rule'],
    ['Priya suggested we should use Postgres 16 and we decided to go with it', 'rule'],
  ])('"%s" stays %s', isTheKind);
});
