import { describe, it } from 'vitest';
import { expectEachRead, expectNothingRead } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// An itinerary's leg home, labelled "Return:" or "Inbound:", dates the return; the place its
// arrow points to is where the trip started, not a destination (a false committed departure in
// the session-13 guard set). Every text was written for this test (in no benchmark file).
const travel = readingsUnder('travel.', { source: 'email', at: '2026-03-02T09:00:00Z' });

describe('the return leg of an itinerary', () => {
  it('dates the return from the return leg and the departure from the outbound leg', () => {
    const itinerary =
      'Your trip is confirmed.\nOutbound: Porto -> Riga, Fri 10 April 2026, dep 06:10\nReturn: Riga -> Porto, Tue 14 April 2026, dep 21:40';
    expectEachRead(travel, [
      [itinerary, 'travel.departure_date=2026-04-10 (strong)'],
      [itinerary, 'travel.return_date=2026-04-14 (strong)'],
      [itinerary, 'travel.destination=Riga (strong)'],
    ]);
    expectEachRead(travel, [
      [
        'Inbound flight: Riga -> Porto, Tue 14 April 2026',
        'travel.return_date=2026-04-14 (strong)',
      ],
    ]);
  });

  it('reads no departure or destination from the leg home', () => {
    expectNothingRead(
      (text) => travel(text).filter((r) => /departure_date|destination=Porto/.test(r)),
      [
        'Return: Riga -> Porto, Tue 14 April 2026, dep 21:40',
        'New return: Riga -> Porto, Wed 15 April 2026',
      ],
    );
  });
});
