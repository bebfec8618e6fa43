import { describe, expect, it } from 'vitest';
import { expectReadings, readerOnRecord } from './__fixtures__/read-chat.js';

// A change of a recurring event after a label that ends in a colon ("Agreed with the coach:
// swim is at 7 from now on"): the label was read as part of the event's name, so the change went
// to a new slot ("agreed_with_the_coach_swim", not the swim on record) and the old time stayed. A colon, like a comma
// after reported speech, ends the introduction. Messages are dated Monday 4 May 2026.
const HOUSEHOLD = 'family:lindqvist';

describe('a schedule change after a label', () => {
  const read = readerOnRecord(HOUSEHOLD, { 'family.schedule.swim_lessons': '2026-05-06 17:00' });

  it('names the event by the words after the colon', () => {
    expectReadings(read, [
      // "swim" is the slot on record, "swim_lessons".
      [
        'Agreed with the coach: swim is at 19:00 from now on.',
        ['family.schedule.swim_lessons=19:00 (strong)'],
      ],
      [
        'Update after parents evening: football is on Thursdays at 4 now',
        ['family.schedule.football=2026-05-07 16:00 (strong)'],
      ],
    ]);
  });

  it('reads no change from a labelled question', () => {
    expect(read('Question for the coach: is swim at 19:00 from now on?')).not.toContain(
      'family.schedule.swim_lessons=19:00 (strong)',
    );
  });
});
