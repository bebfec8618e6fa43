import { describe, expect, it } from 'vitest';
import { asReading, expectNothingRead, onRecord, readMessage } from './__fixtures__/read-chat.js';

// A bank line crediting a merchant's refund says the refund is done (issue #10, precision: a
// pending refund stayed pending after the bank showed the money back). Lines written for this
// test, in no benchmark file.
const AT = '2026-06-10T07:00:00Z';
const PENDING = onRecord({ 'financial.skyline_refund.status': 'pending' });

function read(text: string): string[] {
  return readMessage(text, { source: 'bank', at: AT, known: PENDING }).map(asReading).sort();
}

describe('a credited refund on a bank line', () => {
  it('reads the refund on record done, with its amount', () => {
    const done = [
      'financial.skyline_refund.amount=212.40 (strong)',
      'financial.skyline_refund.status=refunded (strong)',
    ];
    expect(read('Card ...1142 - credit: SKYLINE RAIL refund 212.40.')).toEqual(done);
    expect(read('CREDIT SKYLINE REFUND 212.40 GBP')).toEqual(done);
  });

  it('names a new refund by its merchant when none is on record', () => {
    expect(read('Credited: Boltshop refund 35.00 EUR')).toEqual([
      'financial.boltshop_refund.amount=35 (strong)',
      'financial.boltshop_refund.status=refunded (strong)',
    ]);
  });

  it('reads nothing from a pending credit or a card word in place of a merchant', () => {
    expectNothingRead(read, [
      'Card ...1142 - credit: SKYLINE RAIL refund pending 212.40',
      'credit card refund 12.00',
    ]);
  });
});
