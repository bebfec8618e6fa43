import { describe, expect, it } from 'vitest';
import { committingReadings, readMessage } from './__fixtures__/read-chat.js';

// Two travel readings found by the lead's own checks in session 26 (every sentence written for
// this test, in no benchmark file):
// - a holiday a trip is planned around ("flying home for Christmas") was read as the destination,
//   at full strength, because the gazetteer holds a town of that name;
// - a booking heading ("Flights booked: Oslo on 3 December") filed the trip under a person named
//   after the heading's noun (`user:flights`).

const AT = '2026-11-21T09:00:00Z';
const committing = (text: string) => committingReadings(text, { at: AT });
/** Every entity any reading (committing or not) of `text` is filed under. */
const entitiesOf = (text: string) => [
  ...new Set(readMessage(text, { at: AT }).map((o) => o.entityId)),
];

describe('a holiday after a travel verb is when, not where', () => {
  it.each([
    'Flying home for Christmas on the 20th.',
    "I'm heading home for Diwali next week.",
    'flying out for Thanksgiving, back Monday',
  ])('reads no holiday as a destination: %s', (text) => {
    expect(committing(text).filter((r) => r.includes('travel.destination'))).toEqual([]);
  });

  it('keeps the place a holiday trip goes to, and a place whose name begins with a holiday', () => {
    expect(committing('Flying to Madrid for Christmas.')).toContain(
      'user:primary travel.destination=Madrid (strong)',
    );
    expect(committing('We fly to Christmas Island next week.')).toContain(
      'user:primary travel.destination=Christmas Island (strong)',
    );
    expect(committing("We're off to Easter Island in March.")).toContain(
      'user:primary travel.destination=Easter Island (strong)',
    );
  });
});

describe('a booking heading names what was booked, not who booked it', () => {
  it.each([
    ['Flights booked: Oslo on 3 December, back the 8th.', 'Oslo'],
    ['Hotel booked: Lyon from the 10th.', 'Lyon'],
    ['Train and hotel booked: Bruges from 4 December.', 'Bruges'],
  ])('files the trip under the speaker: %s', (text, place) => {
    expect(entitiesOf(text)).toEqual(['user:primary']);
    expect(committing(text)).toContain(`user:primary travel.destination=${place} (strong)`);
  });

  it("still files a named person's booking under that person", () => {
    expect(entitiesOf('Priya booked Oslo for the 3rd.')).toEqual(['user:priya']);
  });
});
