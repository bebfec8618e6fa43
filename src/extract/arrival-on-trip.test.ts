import { describe, expect, it } from 'vitest';
import { expectNothingRead, expectSameReadings, onRecord } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';
import type { KnownSlot } from './types.js';

// A first-person arrival without a place while a trip with a committed destination is planned
// or under way (ADR 2026-11-27-held-out-anatomy): the speaker is at the trip's destination.
// Every sentence was written for this test (in no benchmark file), in several registers.

const trip = (dated: boolean, status = 'planned'): KnownSlot[] =>
  onRecord({
    'travel.destination': 'Nairobi',
    'travel.status': status,
    ...(dated ? { 'travel.departure_date': '2026-09-03', 'travel.return_date': '2026-09-10' } : {}),
  });
const travel = (text: string, known: readonly KnownSlot[], at = '2026-09-04T06:30:00Z') =>
  readingsUnder('travel.', { at })(text, known);

describe('an arrival without a place during a trip on record', () => {
  it('puts the speaker at the destination, strongly within the dated trip', () => {
    expectSameReadings(
      (text) => travel(text, trip(true)),
      [
        'Landed!',
        'just landed safely, queue at passport control is huge',
        'ok arrived, phone on 3%',
      ],
      ['travel.status=in_progress (strong)', 'travel.location=Nairobi (strong)'],
    );
  });

  it('asks (moderate) with no departure on record, the day before it, or at an airport code', () => {
    const asked = ['travel.status=in_progress (moderate)', 'travel.location=Nairobi (moderate)'];
    expect(travel('Landed!', trip(false))).toEqual(asked);
    expect(travel('Landed!', trip(true), '2026-09-02T22:00:00Z')).toEqual(asked);
    // A code cannot be checked against the destination: it may be a stop on the way.
    expect(travel('touched down at NBO, grabbing a taxi now', trip(true))).toEqual(asked);
  });

  it('reads nothing for other arrivals, questions, negations, the future, the way home or a date outside the trip', () => {
    // ("landed, home sweet home" is a return home, read by the return rule: no Nairobi.)
    expectNothingRead(
      (text) => travel(text, trip(true)).filter((r) => /Nairobi|in_progress/.test(r)),
      [
        'landed a new client today',
        'my brother landed an hour ago',
        'did you land?',
        'not landed yet, still circling',
        'landing in an hour',
        'made it to the final!!',
        'arrived late to the meeting again',
        'made it back, exhausted',
        'landed, home sweet home',
        // Idioms and stops on the way (a reviewer's finding): no arrival at the trip's place.
        'we made it 🙌',
        'I got in! the scholarship letter came today',
        'landed at JFK, 3 hours till my connection',
        'touched down, long layover before the last leg',
        'arrived at the gate, boarding soon',
      ],
    );
    // A week before the trip, or after its return: another journey.
    expect(travel('Landed!', trip(true), '2026-08-27T09:00:00Z')).toEqual([]);
    expect(travel('Landed!', trip(true), '2026-09-11T09:00:00Z')).toEqual([]);
  });

  it('reads nothing without a trip on record, or after it was completed', () => {
    expect(travel('Landed!', [])).toEqual([]);
    expect(travel('Landed!', trip(true, 'completed'))).toEqual([]);
    expect(
      travel('Landed!', [
        {
          entityId: 'user:primary',
          field: 'travel.destination',
          value: 'Nairobi',
          committed: false,
        },
        { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
      ]),
    ).toEqual([]);
  });
});
