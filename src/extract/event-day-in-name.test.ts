import { describe, expect, it } from 'vitest';
import { asReading, committingReadings, readMessage } from './__fixtures__/read-chat.js';

// The day of a family event said inside its name ("Soccer game tomorrow is at 10am") is when the
// event is, not what it is called: the slot is the event's and the day goes to the value. A day
// in the name had made a slot per day ("soccer_game_tomorrow", "swim_practice_this_saturday")
// holding a bare time, so a later "soccer game is at 11" could never correct it. Every sentence
// was written for this test.

const FAMILY = 'family:osei';
// Friday 13 March 2026, evening, in the family's own thread.
const AT = '2026-03-13T18:00:00Z';

const read = (text: string): string[] =>
  readMessage(text, { at: AT, entityId: FAMILY }).map((o) => asReading(o));

const committing = (text: string): string[] =>
  committingReadings(text, { at: AT, entityId: FAMILY });

describe('a day said in the name of a family event', () => {
  it('goes to the value, and the slot is the event', () => {
    for (const [text, slot, value] of <[string, string, string][]>[
      ['Soccer game tomorrow is at 10am.', 'soccer_game', '2026-03-14 10:00'],
      ['Swim practice this Saturday is at 9.', 'swim_practice', '2026-03-14 09:00'],
      ['The piano lesson next Monday is at 4:30pm', 'piano_lesson', '2026-03-16 16:30'],
      ["tmrw's recital is at 6pm", 'recital', '2026-03-14 18:00'],
      ['Dentist appointment on March 18 is at 3pm.', 'dentist_appointment', '2026-03-18 15:00'],
    ]) {
      const readings = read(text);
      expect(
        readings.some((r) => r.includes(`family.schedule.${slot}=${value}`)),
        `${text}: ${readings}`,
      ).toBe(true);
      expect(readings.join(' '), text).not.toMatch(/tomorrow|tmrw|saturday|monday|march/);
    }
  });

  it('keeps a lone weekday, an ordinal or a number that is part of the name', () => {
    // "Sunday school" is the activity itself; "the 10th birthday party" is whose birthday.
    for (const [text, reading] of <[string, string][]>[
      ['Sunday school is at 10am.', 'family.schedule.sunday_school=2026-03-15 10:00'],
      ['The 10th birthday party is at 3pm.', 'family.schedule.10th_birthday_party=15:00'],
      ['The 1st communion rehearsal is at 5pm.', 'family.schedule.1st_communion_rehearsal=17:00'],
      ['The under-10s match is at 10am.', 'family.schedule.under_10s_match=10:00'],
    ]) {
      expect(read(text).join(' '), text).toContain(reading);
    }
  });

  it('keeps the day of an event said in its name when it is moved to another time', () => {
    for (const [text, reading] of <[string, string][]>[
      ['The dentist tomorrow was moved to 3pm.', 'family.schedule.dentist=2026-03-14 15:00'],
      ['Soccer tomorrow changed to 9am.', 'family.schedule.soccer=2026-03-14 09:00'],
    ]) {
      expect(read(text).join(' '), text).toContain(reading);
    }
  });

  it('reads no time for an event whose day is said but whose time belongs to something else', () => {
    for (const text of [
      'Soccer game tomorrow, the bus leaves at 8am from school?',
      'Is the soccer game tomorrow at 10am?',
      'If the soccer game tomorrow is at 10am we will be late.',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
  });
});
