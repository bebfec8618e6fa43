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

  it('keeps a name that only contains a day word as part of a longer noun', () => {
    // "Sunday school" is the activity itself; "Good Friday service" is a named service.
    const sunday = read('Sunday school is at 10am.').join(' ');
    expect(sunday).not.toContain('family.schedule.school=');
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
