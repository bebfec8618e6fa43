import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import {
  committingReadings,
  expectNoCommits,
  expectNothingRead,
} from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';
import type { KnownSlot } from './types.js';

// A recurring payment as the subject of "renew" ("the gym membership renewed", "the car
// insurance has been renewed"): the payment runs on, so its status is active (issue #10,
// financial family). Written before the reading, per the near-miss protocol of ADR
// 2026-11-27-held-out-anatomy: each near-miss keeps the construction (something renewed) with
// another kind of subject or object, or another mood, tense or owner, and must commit nothing.
// Every sentence was written for this test (in no benchmark file).

const financial = readingsUnder('financial.');

describe('a recurring payment that renewed', () => {
  it('reads a known item by its bare name strongly, and an unknown brand only tentatively', () => {
    const known: KnownSlot[] = [
      { entityId: 'user:primary', field: 'financial.audible.status', value: 'active' },
    ];
    expect(financial('audible renewed this morning', known)).toContain(
      'financial.audible.status=active (strong)',
    );
    expect(financial('crunchyroll renewed this morning')).toEqual([
      'financial.crunchyroll.status=active (weak)',
    ]);
  });
});

describe('near-misses of the renewal reading', () => {
  it('commits nothing for a renewal told as a story from long ago', () => {
    expectNoCommits([
      'the gym membership renewed back in 2019 and I never went',
      'my netflix subscription renewed two years ago',
    ]);
    // A known cancelled item is not revived by an old story.
    expectNothingRead(
      (text) =>
        financial(text, [
          { entityId: 'user:primary', field: 'financial.netflix.status', value: 'cancelled' },
        ]).filter((r) => r.includes('=active')),
      ['the netflix subscription renewed last year, before I cancelled it'],
    );
  });
});

describeSentences(committingReadings, {
  'a recurring payment that renewed': {
    'reads an item named with a recurring-payment noun as active, in several registers': {
      read: financial,
      reads: [
        ['my gym membership renewed today', 'financial.gym_membership.status=active (strong)'],
        [
          'spotify subscription auto-renewed this morning',
          'financial.spotify.status=active (strong)',
        ],
        [
          'Heads up: the car insurance has been renewed.',
          'financial.car_insurance.status=active (strong)',
        ],
        ['teh icloud plan renewed yday', 'financial.icloud.status=active (strong)'],
        ['Netflix subscription got renewed 👍', 'financial.netflix.status=active (strong)'],
        ['yoga membership renewed agian', 'financial.yoga_membership.status=active (strong)'],
      ],
    },
  },
  'near-misses of the renewal reading': {
    'commits nothing when what renewed is not a payment': {
      nothing: [
        'my passport got renewed',
        'the visa renewed without any fuss',
        'the show got renewed for a third season',
        'my library books renewed automatically',
        'the lease renewed on the same terms',
        'I feel completely renewed after the retreat',
        'the contract has been renewed',
      ],
    },
    'commits nothing when the subject renews something else, or is someone else': {
      nothing: [
        'netflix renewed the baking show for another season',
        'the membership renewed my faith in gyms',
        'HBO renewed it yesterday',
        "my sister's gym membership renewed",
        'she renewed her spotify subscription',
        "Ravi's netflix subscription got renewed",
      ],
    },
    'commits nothing for a question, a hypothetical, a future, a negation or a wish': {
      nothing: [
        'did the gym membership renew?',
        'has my spotify subscription renewed yet',
        'if the netflix subscription renews I will cancel it',
        'the gym membership will renew on the 5th',
        "the yoga membership didn't renew",
        'the car insurance has not been renewed',
        'hopefully the icloud plan renews before my photos fill it up',
      ],
    },
  },
});
