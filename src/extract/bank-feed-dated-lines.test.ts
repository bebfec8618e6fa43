import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import { SUBSCRIPTION_SERVICE } from './rules/financial-lexicon.js';

// A bank feed line as most banks export it: the booking date first (after a label or not), the
// payee, and a signed amount last ("2026-01-31 SPOTIFY -10.99"). Before rules 2.22.24 such a line
// read nothing unless a payment word or a transaction code opened it; a code after the date ("…:
// DD THAMES WATER -64.20") was missed too. Every line here was written for this test (in no
// benchmark file).

function bank(text: string): string[] {
  return readMessage(text, { source: 'bank' })
    .filter((o) => o.field.startsWith('financial.'))
    .map(asReading)
    .sort();
}

describe('a dated, signed bank feed line', () => {
  it('reads a debit to a utility or rent as paid, at its amount', () => {
    expect(bank('Feed export 2026-11-02: DD SEVERN WATER -41.75')).toEqual([
      'financial.water_bill.amount=41.75 (strong)',
      'financial.water_bill.status=paid (strong)',
    ]);
    expect(bank('14/11 SO RENT FLAT 4B -950.00')).toEqual([
      'financial.rent.amount=950 (strong)',
      'financial.rent.status=paid (strong)',
    ]);
  });

  it('reads the amount of a subscription service, never that the plan is kept', () => {
    expect(bank('2026-11-03 NETFLIX.COM -15.99')).toEqual([
      'financial.netflix.amount=15.99 (strong)',
    ]);
    expect(bank('2026-10-30 DISNEY PLUS -8.99')).toEqual(['financial.disney.amount=8.99 (strong)']);
  });

  it('reads a credit marked as a refund as the merchant refund, refunded', () => {
    expect(bank('2026-11-12 ASOS REFUND +34.00')).toEqual([
      'financial.asos_refund.amount=34 (strong)',
      'financial.asos_refund.status=refunded (strong)',
    ]);
  });

  it('reads nothing from a purchase, a salary, a transfer or a line without a sign', () => {
    for (const line of [
      '2026-11-05 SAINSBURYS 0412 -23.40',
      '2026-11-25 SALARY NORTHWIND LTD +2450.00',
      '2026-11-07 TRANSFER FROM K OSEI +60.00',
      'Feed export 2026-11-06: no payments to SEVERN WATER',
    ]) {
      expect(bank(line), line).toEqual([]);
    }
  });

  it('keeps the services list to names billed only as subscriptions', () => {
    expect(SUBSCRIPTION_SERVICE.phenomenon).not.toBe('');
    for (const name of ['NETFLIX.COM', 'Audible', 'PUREGYM', 'pure gym', 'YOUTUBE PREMIUM']) {
      expect(SUBSCRIPTION_SERVICE.pattern.test(name), name).toBe(true);
    }
    for (const name of ['TESCO STORES', 'AMAZON MKTPLACE', 'APPLE STORE', 'GOOGLE *Maps']) {
      expect(SUBSCRIPTION_SERVICE.pattern.test(name), name).toBe(false);
    }
  });
});
