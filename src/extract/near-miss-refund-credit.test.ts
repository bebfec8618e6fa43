import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// A bank feed line that credits a refund from a merchant ("credit: BRAMBLE BOOKS refund 23.50",
// "CR ACME OUTDOORS RFND 120.00", "Gutschrift: ZALANDO SE Erstattung 59,95 EUR"): the money came
// back, so the merchant's refund is `refunded`, at that amount. Read by the line's parts: a
// credit (the direction), a refund word, the merchant and the amount. Written before the reading,
// per the near-miss protocol of ADR 2026-11-27-held-out-anatomy: each near-miss keeps the bank
// line and changes one part (a debit, a reversal, a pending or requested refund, a fee, a credit
// that is no refund, a person paying the user back), and must commit no `refunded` and no item
// made of the line's own words. Every line was written for this test (in no benchmark file).

/** The financial readings of one bank feed line strong enough to commit. */
function committed(text: string): string[] {
  return readMessage(text, { source: 'bank' })
    .filter((o) => o.field.startsWith('financial.') && o.evidence !== 'weak')
    .filter((o) => o.intent === 'assertive' || o.intent === 'planning')
    .map(asReading);
}

describe('near-misses of a refund credited on a bank line', () => {
  it('commits nothing for a debit, a reversal, a fee or a dispute at the merchant', () => {
    for (const text of [
      'Card ...3308 - debit: NORTHWIND AIR 389.00',
      'REFUND REVERSAL NORTHWIND AIR -389.00',
      'Card debit: NORTHWIND AIR refund admin fee 25.00',
      'Dispute opened: NORTHWIND AIR 389.00',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });

  it('commits no refunded status for a refund that is pending or only requested', () => {
    for (const text of [
      'Pending credit: NORTHWIND AIR refund 389.00',
      'Refund request received: NORTHWIND AIR 389.00',
    ]) {
      expect(
        committed(text).filter((r) => r.includes('=refunded')),
        text,
      ).toEqual([]);
    }
  });

  it('commits nothing for a credit that is no refund, or a person paying the user back', () => {
    for (const text of [
      'CREDIT INTEREST 0.42',
      'Cashback credit: TOPCASH 5.00',
      'CREDIT ACME PAYROLL 2,450.00',
      'Transfer from J SMITH 389.00 ref refund',
      'Gutschrift: Gehalt ACME GMBH 2.450,00 EUR',
    ]) {
      expect(committed(text), text).toEqual([]);
    }
  });
});

describe('a refund credited on a bank line', () => {
  it("reads the merchant's refund as refunded, at the amount, in several layouts", () => {
    const cases: [string, string, string][] = [
      ['Card ...5512 - credit: BRAMBLE BOOKS refund 23.50', 'bramble_refund', '23.50'],
      ['CR ACME OUTDOORS RFND 120.00', 'acme_refund', '120'],
      ['Gutschrift: ZALANDO SE Erstattung 59,95 EUR', 'zalando_refund', '59.95'],
      ['27/05 REFUND FROM KETTLE & CO 45.90 CR', 'kettle_refund', '45.90'],
      ['Incoming credit | Tern Rail | refund | 64.20 GBP', 'tern_refund', '64.20'],
    ];
    for (const [text, item, amount] of cases) {
      expect(committed(text), text).toEqual([
        `financial.${item}.status=refunded (strong)`,
        `financial.${item}.amount=${amount} (strong)`,
      ]);
    }
  });

  it('lands on the refund already on record for the merchant', () => {
    const known = [
      {
        entityId: 'user:primary',
        field: 'financial.bramble_books_refund.status',
        value: 'pending',
      },
    ];
    const read = readMessage('Card ...5512 - credit: BRAMBLE BOOKS refund 23.50', {
      source: 'bank',
      known,
    }).map(asReading);
    expect(read).toContain('financial.bramble_books_refund.status=refunded (strong)');
  });
});
