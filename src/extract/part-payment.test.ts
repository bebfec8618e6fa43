import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A payment of a part of a bill ("paid half the rent", "paid 50 towards the phone bill") leaves
// the bill unpaid in part: before rules 2.22.23 each sentence of the first group committed the
// bill as paid, and "the first installment of the tuition" a bill named "first". Every sentence
// was written for this test (in no benchmark file); the second group keeps the verb and the
// bill and must still read a payment in full.

const money = readingsUnder('financial.');

describeSentences(committingReadings, {
  'a part of a bill paid': {
    'commits no paid status and no amount': {
      read: money,
      nothing: [
        'Paid part of the gas bill',
        'i paid half of the rent this morning',
        'Paid a deposit on the rent',
        'Paid the first installment of the tuition',
        'paid 50 towards the phone bill',
        'Paid the minimum on my credit card bill',
        'paid about 30% of the invoice so far',
      ],
    },
  },
  'near-misses of a part payment': {
    'still reads a bill paid in full, with its amount': {
      read: money,
      reads: [
        ['Paid the rent', 'financial.rent.status=paid (strong)'],
        ['paid the water bill in full', 'financial.water_bill.status=paid (strong)'],
        [
          'Paid 84.20 for the gas bill',
          'financial.gas_bill.status=paid (strong)',
          'financial.gas_bill.amount=84.20 (strong)',
        ],
      ],
    },
  },
});
