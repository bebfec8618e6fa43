import { describe, expect, it } from 'vitest';
import { committingReadings } from './__fixtures__/read-chat.js';

// A round trip in one message: an outbound leg A → B and, later, the leg back B → A. A user's
// trial (session 15, issue #10) found a round-trip e-ticket (LIS → BER, then BER → LIS on an
// unlabelled "RETURN" line) setting the destination to Lisbon, the return leg's arrival, and the
// departure to the day of the return. The destination of a round trip is the outbound arrival;
// the leg back must not overwrite it (nor its day the departure). Near-misses first: the leg back
// under labels the return-label reading does not know, with airport codes, in chat, in lower
// case, for trains and ferries. Every ticket and sentence was written for this test.

// Thursday 2 April 2026, two weeks before the trips.
const AT = '2026-04-02T09:00:00Z';

/** The destination and departure readings that would commit or ask (not weak). */
function tripReadings(text: string, source = 'email'): string[] {
  return committingReadings(text, { at: AT, source })
    .map((r) => r.replace(/^user:primary /, '').replace(/ \(\w+\)$/, ''))
    .filter((r) => /^travel\.(?:destination|departure_date)=/.test(r));
}

/**
 * The outbound leg is read, a destination and a departure, and every reading is of it: never the
 * leg back's place or day.
 */
function onlyOutbound(text: string, outbound: readonly string[], source = 'email'): void {
  const readings = tripReadings(text, source);
  expect(
    readings.some((r) => r.startsWith('travel.destination=')),
    text,
  ).toBe(true);
  expect(
    readings.some((r) => r.startsWith('travel.departure_date=')),
    text,
  ).toBe(true);
  for (const reading of readings) expect(outbound, text).toContain(reading);
}

/** None of the leg back's readings, for a message whose outbound leg the rules do not read either. */
function neverTheLegBack(text: string, back: readonly string[], source = 'email'): void {
  for (const reading of tripReadings(text, source)) expect(back, text).not.toContain(reading);
}

describe('a round trip in one message: near-misses', () => {
  it('never takes the leg back for the destination or the departure', () => {
    const lisbonBerlin = ['travel.destination=Berlin', 'travel.departure_date=2026-04-16'];
    onlyOutbound(
      'From: Air Example <noreply@air.example>\nSubject: Your e-ticket – ref. K7PX2Q\n\nOUTBOUND  XA 530  Lisbon (LIS) → Berlin (BER)  Thu 16 Apr 2026  07:10 → 11:35\nRETURN    XA 531  Berlin (BER) → Lisbon (LIS)  Mon 20 Apr 2026  12:25 → 14:50\n\n1 adult',
      lisbonBerlin,
    );
    onlyOutbound(
      'Subject: Booking confirmation\n\nFlight 1: LIS to BER, 16 April 2026, departs 07:10\nFlight 2: BER to LIS, 20 April 2026, departs 12:25',
      [...lisbonBerlin, 'travel.destination=BER'],
    );
    onlyOutbound(
      'Your tickets\nOutward: Paris → Milan, Sun 3 May 2026\nHomeward: Milan → Paris, Sat 9 May 2026',
      ['travel.destination=Milan', 'travel.departure_date=2026-05-03'],
    );
    // No leg of this one is read at all (a recall gap): only the leg back's absence is tested.
    neverTheLegBack(
      'Ferry booking\nLeg 1  Oslo -> Bergen  12 Jun 2026\nLeg 2  Bergen -> Oslo  15 Jun 2026',
      ['travel.destination=Oslo', 'travel.departure_date=2026-06-15'],
    );
    onlyOutbound(
      'Itinerary\nToronto (YYZ) → Rio de Janeiro (GIG)  Fri 10 Jul 2026\nRio de Janeiro (GIG) → Toronto (YYZ)  Sun 19 Jul 2026',
      ['travel.destination=Rio de Janeiro', 'travel.departure_date=2026-07-10'],
    );
    onlyOutbound(
      'Fwd: trip\n\nLisbon → Berlin  Thu 16 Apr 2026  07:10\nBerlin → Lisbon  Mon 20 Apr 2026  12:25',
      lisbonBerlin,
    );
  });

  it('never takes the last leg home of a multi-city ticket', () => {
    // Here the first leg out is read (Paris, the 12th); in other layouts a later leg out can be
    // (a known limit: a multi-city trip has no one destination in the rules).
    neverTheLegBack(
      'Your itinerary\nDublin (DUB) → Paris (CDG)  12 Apr 2026\nParis (CDG) → Nice (NCE)  15 Apr 2026\nNice (NCE) → Paris (CDG)  17 Apr 2026\nParis (CDG) → Dublin (DUB)  19 Apr 2026',
      ['travel.destination=Dublin', 'travel.departure_date=2026-04-19'],
    );
  });

  it('never takes the leg back in chat, with codes or in lower case', () => {
    // Neither leg of this one is read (a recall gap): only the leg back's absence is tested.
    neverTheLegBack(
      'flights booked: Lisbon -> Berlin on the 16th, Berlin -> Lisbon on the 20th',
      ['travel.destination=Lisbon', 'travel.departure_date=2026-04-20'],
      'chat',
    );
    onlyOutbound(
      'ok so LIS->BER thu 16 apr\nBER->LIS mon 20 apr',
      ['travel.destination=BER', 'travel.departure_date=2026-04-16'],
      'chat',
    );
    neverTheLegBack(
      'Booked it!\nPorto (OPO) -> Nice (NCE), 5 May\nNice (NCE) -> Porto (OPO), 11 May',
      ['travel.destination=Porto', 'travel.departure_date=2026-05-11'],
      'chat',
    );
  });
});

describe('a round trip in one message: positives', () => {
  it('reads the next trip after a past one the other way: no round trip (review of s15-preca)', () => {
    const madrid = ['travel.destination=Madrid', 'travel.departure_date=2026-04-14'];
    expect(
      tripReadings(
        'Your previous journey: Madrid (MAD) → Rome (FCO) 28 Mar\nYour next journey: Rome (FCO) → Madrid (MAD) 14 Apr',
      ),
    ).toEqual(madrid);
    expect(
      tripReadings(
        'Thanks for travelling again. Last time: Vienna → Zurich, 30 March.\nThis booking: Zurich → Vienna, 18 April 2026, 09:15.',
      ),
    ).toEqual(['travel.destination=Vienna', 'travel.departure_date=2026-04-18']);
  });

  it('reads the outbound leg of a one-way ticket, a labelled round trip and a chat plan', () => {
    expect(
      tripReadings('Your e-ticket\nOUTBOUND  XA 530  Lisbon (LIS) → Berlin (BER)  Thu 16 Apr 2026'),
    ).toEqual(['travel.destination=Berlin', 'travel.departure_date=2026-04-16']);
    expect(
      tripReadings(
        'Booking confirmed\nOutbound: Lisbon → Berlin, Thu 16 Apr 2026\nReturn: Berlin → Lisbon, Mon 20 Apr 2026',
      ),
    ).toEqual(['travel.destination=Berlin', 'travel.departure_date=2026-04-16']);
    expect(tripReadings('flying Lisbon -> Berlin on the 16th', 'chat')).toEqual([
      'travel.destination=Berlin',
      'travel.departure_date=2026-04-16',
    ]);
    expect(tripReadings('Train booked\nVienna → Prague, Fri 17 Apr 2026')).toEqual([
      'travel.destination=Prague',
      'travel.departure_date=2026-04-17',
    ]);
  });
});
