import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// A labelled field in an e-mail or a feed ("Amount: 142.60", "Total due: 61.30", "Price: $9.99")
// is an attribute of what the message is about, never an item of its own: before this reading,
// "Amount: 142.60, due April 15." in a biller's e-mail committed `financial.amount.amount` and a
// sale e-mail's "Price: $9.99" committed `financial.price.amount`. Written before the reading,
// per the near-miss protocol of ADR 2026-11-27-held-out-anatomy: each near-miss keeps the label
// format in a message about no bill of the user's (a sale, a newsletter, an estimate, a quote, a
// pending authorisation, someone else's receipt) and must commit nothing; the positives put the
// labelled amount and due date on the bill the message is about. Every text was written for this
// test (in no benchmark file).

/** The financial readings of one message from `source` strong enough to commit. */
function committed(text: string, source = 'email'): string[] {
  return readMessage(text, { source })
    .filter((o) => o.field.startsWith('financial.') && o.evidence !== 'weak')
    .filter((o) => o.intent === 'assertive' || o.intent === 'planning')
    .map(asReading);
}

describe('near-misses of a labelled field', () => {
  it('commits nothing for a label in a message about no bill of the user', () => {
    for (const text of [
      'Subject: Big summer sale!\nPrice: $9.99 (was $14.99). Upgrade to Lumen Plus today.',
      'Shelter newsletter: Total raised this month: 12,400.00. Thank you!',
      'Subject: Your estimate from Oakline Roofing\nEstimate total: 4,800.00\nValid for 30 days.',
      'Quote: 1,250.00 for the kitchen tiles, valid until June 30.',
      'Subtotal: 38.20\nShipping: 4.99\nThis is not a receipt.',
      'Subject: Fwd: receipt\nDana paid for her own ticket. Amount: $24.00',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });

  it('never takes the label for the item', () => {
    for (const text of [
      'City Power: Your March bill is ready. Amount: 142.60, due April 15.',
      'Fee: 2.50 per transfer from next month.',
      'Balance due: 75.00',
    ]) {
      const items = committed(text).map((r) => r.split('.')[1]);
      expect(items, text).not.toContain('amount');
      expect(items, text).not.toContain('fee');
      expect(items, text).not.toContain('balance');
    }
  });
});

describe('a labelled field of a bill', () => {
  it('puts the labelled amount on the bill the message is about, in several layouts', () => {
    const cases: [string, string][] = [
      ['City Power: Your March bill is ready. Amount: 142.60, due April 15.', 'power_bill'],
      ['Lakeside Gas: your bill is ready.\nAmount: 58.10\nDue: May 20', 'gas_bill'],
      ['Harbor Water: your statement is ready.\nTotal due: 61.30\nDue date: June 3', 'water_bill'],
      ['Orbit Broadband: a new bill is available. Amount due: 39.99', 'broadband_bill'],
      ['NORTHSIDE ENERGY: Your April bill is ready. Total: 88.20, due May 12.', 'energy_bill'],
    ];
    for (const [text, item] of cases) {
      const read = committed(text);
      expect(read, text).toContain(`financial.${item}.status=unpaid (strong)`);
      expect(
        read.some((r) => r.startsWith(`financial.${item}.amount=`)),
        text,
      ).toBe(true);
      expect(
        read.filter((r) => !r.startsWith(`financial.${item}.`)),
        text,
      ).toEqual([]);
    }
  });

  it('keeps the bill at its total, not at a part of it or another sum listed after it', () => {
    const read = committed(
      'Orbit Broadband: your bill is ready.\nTotal: 39.99\nVAT: 6.67\nLate fee: 15.00\nDeposit: 80.00',
    );
    expect(read.filter((r) => r.includes('.amount='))).toEqual([
      'financial.broadband_bill.amount=39.99 (strong)',
    ]);
  });

  it('puts a labelled due date on the bill', () => {
    expect(
      committed('City Power: Your March bill is ready. Amount: 142.60, due April 15.'),
    ).toContain('financial.power_bill.due_date=2026-04-15 (strong)');
  });
});
