import { describe, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { asReading, expectEachRead, readMessage, wouldCommit } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// The renewal reading in a provider's email ("Your Fitzone gym membership has been renewed"):
// in a message addressed to the user, "your" is the user's own. Written before the reading, per
// the near-miss protocol of ADR 2026-11-27-held-out-anatomy: the same construction in a reminder
// of a renewal to come, an offer to renew, a refusal, someone else's renewal, or a document that
// is no payment, must commit nothing. Every text was written for this test (in no benchmark file).

const email = readingsUnder('financial.', { source: 'email' });
const committing = (text: string) =>
  readMessage(text, { source: 'email' }).filter(wouldCommit).map(asReading);

describe('a renewal in a provider email', () => {
  it('reads the renewed payment as active', () => {
    const cases: [string, string][] = [
      [
        'Subject: Your membership has been renewed\n\nHi Sam, your Fitzone gym membership has been renewed for another 12 months. Thank you for staying with us.',
        'financial.gym_membership.status=active (strong)',
      ],
      [
        'Subject: Receipt\n\nYour Crunchyroll Premium subscription renewed on May 3. Amount charged: 7.99 EUR.',
        'financial.crunchyroll.status=active (strong)',
      ],
      [
        'Subject: Policy renewal\n\nDear customer, your home insurance has been renewed. Kind regards, Ostrava Mutual',
        'financial.home_insurance.status=active (strong)',
      ],
    ];
    expectEachRead(email, cases);
  });
});

describeSentences(committing, {
  'near-misses of the renewal reading in email': {
    'commits nothing for a renewal to come, an offer, a refusal or a question': {
      nothing: [
        'Subject: Reminder\n\nYour Norton 360 subscription will renew on 12 May for 89.99.',
        'Subject: Last chance\n\nRenew your Fitzone gym membership today and save 20%.',
        'Subject: Payment problem\n\nYour Crunchyroll subscription has not been renewed because your card was declined.',
        'Subject: Quick question\n\nHas your gym membership renewed yet? Let us know how we did.',
        'Subject: Your renewal\n\nIf your subscription renews, the new price of 9.99 applies.',
      ],
    },
    'commits nothing for a renewal of something that is no payment, or of someone else': {
      nothing: [
        'Subject: Library\n\nYour loan has been renewed until 20 May.',
        'Subject: Passport office\n\nYour passport has been renewed and will be posted to you.',
        'Subject: Team news\n\nOur partnership with Fitzone has been renewed for 2027.',
        "Subject: Fwd: renewal\n\nJo's gym membership has been renewed, can you tell her?",
      ],
    },
  },
});
