import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A payment said tersely: the paid object a compound noun ("paid off the credit card", whose first
// noun alone keyed the slot financial.credit before rules 2.24.1) and the sum after a bare object
// and a comma ("Paid rent, 1200", "paid rent, £950": the amount was dropped, a currency without
// cents not counting as money). Near-misses: a length after the comma is no sum, and a day after
// the object is no part of its name. Every sentence was written for this test (in no benchmark
// file).

const money = readingsUnder('financial.');

describeSentences(committingReadings, {
  'a terse payment': {
    'reads the whole object and the sum': {
      read: money,
      reads: [
        ['Paid off the credit card', 'financial.credit_card_bill.status=paid (strong)'],
        ['finally paid off the car loan!', 'financial.car_loan.status=paid (strong)'],
        [
          'Paid rent, 1200',
          'financial.rent.status=paid (strong)',
          'financial.rent.amount=1200 (strong)',
        ],
        [
          'paid rent 950 this morning',
          'financial.rent.status=paid (strong)',
          'financial.rent.amount=950 (strong)',
        ],
        [
          'Paid the mortgage, £1450',
          'financial.mortgage.status=paid (strong)',
          'financial.mortgage.amount=1450 (strong)',
        ],
      ],
    },
  },
  'near-misses of a terse payment': {
    'reads no day as part of the name, and no length as a sum': {
      read: money,
      reads: [
        ['paid the plumber yesterday', 'financial.plumber.status=paid (strong)'],
        ['Paid off the student loan today', 'financial.student_loan.status=paid (strong)'],
      ],
    },
    'reads no amount from a length after the comma': {
      read: (text: string) => money(text).filter((r) => r.includes('.amount=')),
      nothing: ['paid rent, 3 days late', 'Paid the nanny, 2 weeks early'],
    },
  },
});
