import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// An itinerary line labelled as the way back ("Return: OPO → LIS, Tue 9 Jun 2026"): its date is
// the return date and the place after its arrow is home, not where the trip goes. It was read as
// the departure date with home as the destination. Near-misses first (session-13 protocol): the
// same "<return label>: … <date>" for parcels, policies, taxes and code commits nothing.
// Every sentence was written for this test (in no benchmark file).

const AT = '2026-04-02T09:00:00Z';

/** Readings that would commit or ask, on any slot. */
function committing(text: string, source = 'email'): string[] {
  return committingReadings(text, { at: AT, source });
}

describe('a line labelled as the return leg: positives', () => {
  it('reads the return date, no departure from it and no destination at home', () => {
    for (const [text, source] of [
      [
        'Booking confirmed\nTraveller: DOE/JAN MR\nOutbound: LIS → OPO, Fri 5 Jun 2026, dep 08:10\nReturn: OPO → LIS, Tue 9 Jun 2026, dep 18:00',
        'email',
      ],
      ['Inbound: OPO → LIS, 9 Jun 2026', 'email'],
      ['Return flight: Porto → Lisbon, Tue 9 Jun 2026, 18:00', 'email'],
      ['return: OPO->LIS tue 9 jun', 'chat'],
      ['Flight back: Porto -> Lisbon on 9 June', 'chat'],
    ] as const) {
      const got = committing(text, source);
      expect(got, text).toContain('user:primary travel.return_date=2026-06-09 (strong)');
      expect(
        got.filter((r) => /departure_date=2026-06-09|destination=(?:LIS|Lisbon)/.test(r)),
        text,
      ).toEqual([]);
    }
  });
});

describeSentences(committing, {
  'a line labelled as the return leg: near-misses': {
    'commits nothing when the label is no leg of a trip': {
      nothing: [
        'Return: 2 items, refund due Tue 9 Jun 2026',
        'Returns: drop-off at the post office by Fri 5 Jun 2026',
        'Return policy: 30 days from 5 Jun 2026',
        'Tax return: due 9 Jun 2026',
        'Return value: a promise, deprecated since 9 Jun 2026',
        'Inbound: 3 pallets, ETA Tue 9 Jun 2026',
        'Return label: printed, courier collects Tue 9 Jun 2026',
      ],
    },
    'commits nothing in chat for a question, a hedge or someone else': {
      read: (text) => committing(text, 'chat'),
      nothing: [
        'return trip? maybe Tue 9 Jun, no idea yet',
        "Mia's return: Tue 9 Jun, she lands at 6",
        'return flight: not booked, maybe the 9th?',
      ],
    },
  },
});
