import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// A bill's amount and its due date said in one sentence: the "due" phrase after the amount, with
// no subject of its own, dates that bill (issue #10).
function read(text: string): string[] {
  return readMessage(text, { at: '2026-11-02T09:00:00Z' }).map((o) => `${o.field}=${o.value}`);
}

describe('a due phrase after a bill amount', () => {
  it('gives the bill its due date as well as its amount', () => {
    expect(read('Phone bill came in at 31.40, due the 9th.')).toEqual([
      'financial.phone_bill.amount=31.40',
      'financial.phone_bill.due_date=2026-11-09',
    ]);
    expect(read('The electricity bill came in at 120.50 and it is due on the 14th.')).toEqual([
      'financial.electricity_bill.amount=120.50',
      'financial.electricity_bill.due_date=2026-11-14',
    ]);
  });

  it('gives no due date when "due" has a subject of its own or there is no "due"', () => {
    expect(read('Phone bill came in at 31.40, the plumber is due on the 9th.')).toEqual([
      'financial.phone_bill.amount=31.40',
    ]);
    expect(read('Phone bill came in at 31.40 on the 2nd.')).toEqual([
      'financial.phone_bill.amount=31.40',
    ]);
  });
});
