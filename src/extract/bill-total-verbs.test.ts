import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// A bill's amount said with a verb of totalling ("came to", "totalled", "came out at") reads as
// "came in at" does (issue #10, recall). Sentences written for this test.
function read(text: string): string[] {
  return readMessage(text).map(asReading);
}

describe('a bill amount said as what it came to', () => {
  it('reads the amount of the bill', () => {
    expect(read('Water bill came to 40.10')).toEqual([
      'financial.water_bill.amount=40.10 (strong)',
    ]);
    expect(read('the gas bill totalled 61.75')).toEqual([
      'financial.gas_bill.amount=61.75 (strong)',
    ]);
    expect(read('my phone bill came out at 23.99')).toEqual([
      'financial.phone_bill.amount=23.99 (strong)',
    ]);
  });

  it('reads no amount of a one-off spend or of a bill in the past', () => {
    for (const text of [
      'the taxi came to 40',
      'dinner came to 85.50',
      'Water bill came to 40.10 last year',
      'the bill came to 62.40 for the three of us',
      'the bill for the curry came to 48',
    ]) {
      expect(read(text), text).toEqual([]);
    }
  });
});
