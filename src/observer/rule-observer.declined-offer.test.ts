// rules@23: an offer turned down for good with a reason in the user's own words is kept as the
// user said it, without the offer quoted beside it (the option ruled out is what a reviewer
// would strike); a refusal that leans on the offer ("we tried that", "never.") keeps it quoted.
// Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { observedIn } from './__fixtures__/sentences.js';

/** The durable (🔴) observations of an offer and the user's reply to it. */
const rulesOfTheReply = (offer: string, reply: string) =>
  observedIn(
    [
      ['assistant', offer],
      ['user', reply],
    ],
    { from: '2026-05-11T09:00:00.000Z' },
  ).filter((o) => o.priority === 'red');

describe('rules@23: an offer turned down with a reason of its own', () => {
  it.each([
    [
      'Should I set up Dropbox sync for the choir scores?',
      'No, scores never leave the Nextcloud at cloud.tenorclef.example, members only.',
      'Dropbox',
      'cloud.tenorclef.example',
    ],
    [
      'Want me to add a Stripe checkout to the booking page?',
      'nope. never take card payments on the site, the hall committee invoices by bank transfer only',
      'Stripe',
      'card payments',
    ],
    [
      'Would you like me to schedule the newsletter through Mailchimp?',
      'No, the parish newsletter must go out via Buttondown from the vicar account.',
      'Mailchimp',
      'Buttondown',
    ],
  ])('"%s" → "%s" keeps the reason without the offer', (offer, reply, ruledOut, kept) => {
    const rules = rulesOfTheReply(offer, reply);
    expect(rules.some((o) => o.text.includes(kept))).toBe(true);
    expect(rules.every((o) => !o.text.includes(ruledOut))).toBe(true);
  });

  // Negative neighbours: a refusal that points back at the offer is written with it.
  it.each([
    [
      'Should I enable autosave on the shared budget sheet?',
      "We tried that, it overwrote Bea's edits twice. Don't.",
      'autosave',
    ],
    [
      'Shall I email the parents a reminder every Friday?',
      'Never. They get one on Monday.',
      'Friday',
    ],
    [
      'Could I move the kiln firing to the night tariff?',
      'no, that breaks the insurance terms for the Wexford studio',
      'night tariff',
    ],
  ])('"%s" → "%s" is written beside the offer', (offer, reply, quoted) => {
    const rules = rulesOfTheReply(offer, reply);
    expect(rules.some((o) => o.text.startsWith('Declined') && o.text.includes(quoted))).toBe(true);
  });
});
