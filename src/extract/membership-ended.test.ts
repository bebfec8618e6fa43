import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A membership said to have ended, in the user's words or the biller's, and a refund the biller
// says is still being processed (tuning-ge and tuning-gd mechanisms; every sentence here was
// written for this test, in no benchmark file). Before rules 2.22.25: "I'm no longer a Zumba
// Loft member" read nothing, "Cancelled Zumba Loft at reception" read nothing (a place after
// the object was taken for someone dropped off somewhere), a biller's "your membership
// cancellation is confirmed" read nothing, and "your refund of 40.00 is being processed" read
// as refunded once the sender was known.

const onRecord: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'financial.zumba_loft.status', value: 'active' },
];

function read(text: string, source = 'chat', known: readonly KnownSlot[] = onRecord): string[] {
  return readMessage(text, { source, known })
    .filter((o) => o.field.startsWith('financial.'))
    .map(asReading)
    .sort();
}

describe('a membership that ended', () => {
  it('reads the user saying they are no longer a member, or cancelled it somewhere', () => {
    for (const text of [
      "I'm no longer a Zumba Loft member, too pricey",
      "we're not Zumba Loft members anymore",
      'Cancelled Zumba Loft at reception this morning',
    ]) {
      expect(read(text), text).toEqual(['financial.zumba_loft.status=cancelled (strong)']);
    }
  });

  it('reads no membership of a committee, a team or someone else', () => {
    for (const text of [
      "I'm no longer a member of the committee",
      "I'm no longer a team member there",
      "She's no longer a Zumba Loft member",
      "I'm not a Zumba Loft member",
      'dropped Kemi at the gym on my way',
    ]) {
      expect(read(text), text).toEqual([]);
    }
  });

  it('reads a biller confirming the cancellation, by the sender that opens it', () => {
    expect(read('Zumba Loft: your membership cancellation is confirmed.', 'email')).toEqual([
      'financial.zumba_loft.status=cancelled (strong)',
    ]);
    expect(read('Subject: your membership cancellation is confirmed', 'email')).toEqual([]);
  });

  it('reads a refund still being processed as pending, never refunded', () => {
    const out = read('Brightwear: your refund of 40.00 is being processed.', 'email', []);
    expect(out.some((r) => r.includes('=pending'))).toBe(true);
    expect(out.some((r) => r.includes('=refunded'))).toBe(false);
    expect(read('Brightwear: your refund of 40.00 has been issued.', 'email', [])).toContain(
      'financial.brightwear_refund.status=refunded (strong)',
    );
  });
});
