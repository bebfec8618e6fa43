import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// Statements made with a copula and no verb of their own. Every sentence was written for this
// test (in no benchmark file).

describeSentences(committingReadings, {
  // A preference said with a preference noun ("mornings are my preference for meetings", "my
  // default is oat milk"): a standing preference, its topic the noun after the preference word's
  // "for".
  'a copular preference': {
    'is a standing preference, on the topic its "for" names': {
      reads: [
        [
          'honestly mornings are my preference for long meetings',
          'user:primary profile.preference.meeting_time=morning (strong)',
        ],
        [
          'my preference for client calls is afternoons',
          'user:primary profile.preference.call_time=afternoon (strong)',
        ],
        [
          'afternoons my default for dentist visits',
          'user:primary profile.preference.visit_time=afternoon (strong)',
        ],
        [
          'my preference for flights is evenings now',
          'user:primary profile.preference.flight_time=evening (strong)',
        ],
        [
          'Mornings my preference for meetings pls, before 11',
          'user:primary profile.preference.meeting_time=morning (strong)',
        ],
        ['my default is oat milk', 'user:primary profile.preference.milk=oat milk (strong)'],
      ],
    },
    "reads nothing from a former, a questioned or someone else's preference": {
      nothing: [
        'my preference for meetings was mornings',
        'is morning my preference for meetings?',
        'his preference for meetings is mornings',
        "Ana's preference for calls is evenings",
        'Ana says mornings are her preference for meetings',
        'evenings r my go-to for calls',
      ],
    },
  },

  // A bill put in a payment state by a copula alone, the copula written "'s" ("water bill's
  // paid"), which the tagger reads as a possessive.
  'a bill in a payment state, without a verb': {
    'reads the bill and its state': {
      reads: [
        ["water bill's paid", 'user:primary financial.water_bill.status=paid (strong)'],
        [
          "internet bill's overdue again ugh",
          'user:primary financial.internet_bill.status=unpaid (strong)',
        ],
        ["ok so the gas bill's paid now", 'user:primary financial.gas_bill.status=paid (strong)'],
        [
          "phone bill's outstanding still",
          'user:primary financial.phone_bill.status=unpaid (strong)',
        ],
        ["tv licence fee's paid finally", 'user:primary financial.tv_licence.status=paid (strong)'],
      ],
    },
    "reads nothing from someone else's bill, a question or a name": {
      nothing: [
        "her phone bill's paid",
        "my sister's rent is paid",
        "water bill's paid?",
        "Sam's paid",
        "the restaurant's bill's paid by the company",
      ],
    },
  },
});
