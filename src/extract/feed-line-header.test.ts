import { describe, expect, it } from 'vitest';
import { asReading, expectNothingRead, onRecord, readMessage } from './__fixtures__/read-chat.js';

// A bank export may open each line with the day it was booked ("Account feed 2026-05-08: DD …"):
// the transaction code after that header opens the line as it does at the start (issue #10,
// precision: a direct debit missed there left a paid bill unpaid). Lines written for this test.
const AT = '2026-05-09T06:00:00Z';
const KNOWN = onRecord({ 'financial.water_bill.status': 'unpaid' });

function read(text: string): string[] {
  return readMessage(text, { source: 'bank', at: AT, known: KNOWN }).map(asReading).sort();
}

describe('a bank feed line after a booking-day header', () => {
  it('reads the coded payment as it reads it at the line start', () => {
    const paid = [
      'financial.water_bill.amount=64.20 (strong)',
      'financial.water_bill.status=paid (strong)',
    ];
    expect(read('DD THAMES WATER -64.20')).toEqual(paid);
    expect(read('Account feed 2026-05-08: DD THAMES WATER -64.20')).toEqual(paid);
    expect(read('Statement 2026-05-07: D/D THAMES WATER 64.20')).toEqual(paid);
  });

  it('reads nothing from a pending or scheduled feed, or a header with no code after it (lower case is prose)', () => {
    expectNothingRead(read, [
      'Pending 2026-05-10: DD THAMES WATER -64.20',
      'Scheduled 2026-05-12: DD THAMES WATER -64.20',
      'Account feed 2026-05-05: no outgoing payments to THAMES WATER',
      'Account feed 2026-05-08: dd thames water 64.20',
    ]);
  });
});

describe('a settled line in Portuguese or Spanish with a labelled amount', () => {
  function readAt(text: string): string[] {
    return readMessage(text, { source: 'bank', at: AT }).map(asReading).sort();
  }

  it('reads the bill paid and its amount, not the label as the payee', () => {
    expect(readAt('Conta de água CASAN 04/2026 paga com sucesso - valor R$ 92,15')).toEqual([
      'financial.water_bill.amount=92.15 (strong)',
      'financial.water_bill.status=paid (strong)',
    ]);
    expect(readAt('Factura de luz IBERDROLA pagada con éxito - importe 61,30 EUR')).toEqual([
      'financial.electricity_bill.amount=61.30 (strong)',
      'financial.electricity_bill.status=paid (strong)',
    ]);
  });

  it('reads nothing from a bill that is only due', () => {
    expectNothingRead(readAt, ['Conta de água CASAN 04/2026 vence em 20/05 - valor R$ 92,15']);
  });
});
