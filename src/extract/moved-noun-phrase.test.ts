import { describe, expect, it } from 'vitest';
import { asEntityReading, onRecord, readMessage } from './__fixtures__/read-chat.js';

// In a family's thread, a short noun phrase moved to a day and an hour is a schedule entry, read
// by the sentence's shape rather than a list of event words ("Parents evening got moved to next
// Tuesday at 6"). A new entry is asked (moderate); one on record is moved (issue #10, recall).
// Sentences written for this test, in no benchmark file.
const FAMILY = 'family:novak';
const AT = '2026-05-04T09:00:00Z';

function read(text: string, fields: Readonly<Record<string, string>> = {}): string[] {
  return readMessage(text, { entityId: FAMILY, at: AT, known: onRecord(fields, FAMILY) }).map(
    asEntityReading,
  );
}

describe('an event named outside the event words, moved to a day and an hour', () => {
  it('reads a new entry to confirm, or moves the one on record', () => {
    expect(read('Sports day is rescheduled to Friday 12th at 10:00')).toEqual([
      `${FAMILY} family.schedule.sports_day=2026-06-12 10:00 (moderate)`,
    ]);
    expect(read('the nativity play got pushed to Thursday 7th at 17:30')).toEqual([
      `${FAMILY} family.schedule.nativity_play=2026-05-07 17:30 (moderate)`,
    ]);
    expect(
      read('Sports day got moved to Friday 12th at 10:00', {
        'family.schedule.sports_day': '2026-06-05 10:00',
      }),
    ).toEqual([`${FAMILY} family.schedule.sports_day=2026-06-12 10:00 (strong)`]);
  });

  it('reads nothing with no hour, of a person or a pronoun, denied, or outside a family thread', () => {
    for (const text of [
      'Sports day got moved to Friday 12th',
      'it got moved to Friday 12th at 10:00',
      'Milan got moved to Friday 12th at 10:00',
      'Grandma got moved to the ward on Friday at 10:00',
      "Sports day hasn't been moved to Friday 12th at 10:00",
      'the fridge delivery got moved to Friday 12th at 10:00',
    ]) {
      expect(read(text), text).toEqual([]);
    }
    expect(
      readMessage('Sports day is rescheduled to Friday 12th at 10:00', { at: AT }).map(
        asEntityReading,
      ),
    ).toEqual([]);
  });
});
