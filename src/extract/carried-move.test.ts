import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// An event called off or moved, said in the contracted or subjectless forms of chat (issue #10):
// "<event>'s cancelled" is a cancellation like "<event> is cancelled", and a move with no subject
// ("Rescheduled to Sunday at 11") is the event an earlier clause of the same message named.
// Sentences written for this test, in no benchmark file.
const FAMILY = 'family:mensah';
const AT = '2026-03-02T18:00:00Z'; // a Monday
const known = [
  { entityId: FAMILY, field: 'family.schedule.spring_concert', value: '2026-03-06 18:00' },
];

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, at: AT, known }).map(
    (o) => `${o.field}=${o.value}${o.evidence === 'weak' ? ' (weak)' : ''}`,
  );
}

describe("an event's contracted cancellation", () => {
  it('cancels the entry on record', () => {
    expect(read("Concert's cancelled, half the choir is sick")).toEqual([
      'family.schedule.spring_concert=cancelled',
    ]);
    expect(read('The spring concert’s called off.')).toEqual([
      'family.schedule.spring_concert=cancelled',
    ]);
  });

  it('is no cancellation of a person, or when only asked', () => {
    expect(read("Kwame's off today")).toEqual([]);
    expect(read("The concert's cancelled?")).toEqual([
      'family.schedule.spring_concert=cancelled (weak)',
    ]);
  });
});

describe('a move with no subject', () => {
  it('moves the event named earlier in the message', () => {
    expect(read('Phew, concert is back on. Rescheduled to Saturday at 17:00.')).toEqual([
      'family.schedule.spring_concert=2026-03-07 17:00',
    ]);
    expect(read('The spring concert is back on, moved to Sunday at 4pm.')).toEqual([
      'family.schedule.spring_concert=2026-03-08 16:00',
    ]);
  });

  it('reads nothing without an event named before, a day after the verb, or for travel', () => {
    expect(read('Rescheduled to Saturday at 17:00.')).toEqual([]);
    expect(read('The concert is back on. Moved to the big hall.')).toEqual([]);
    expect(read('The concert is back on! Our flight got moved to Sunday.')).toEqual([]);
  });
});
