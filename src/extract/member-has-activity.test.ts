import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// In a family's thread, "<member> has <activity> at <time> on <weekday>s" is that activity's
// schedule entry, at its next occurrence (issue #10, recall). Sentences written for this test.
const FAMILY = 'family:okafor';
const AT = '2026-05-04T09:00:00Z';

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, at: AT })
    .filter((o) => o.field.startsWith('family.schedule.'))
    .map(asEntityReading);
}

describe("a member's activity said with 'has'", () => {
  it('reads the activity at its next weekday and hour', () => {
    expect(read('Chidi has swim at 4 on Wednesdays now, coach changed it')).toEqual([
      `${FAMILY} family.schedule.swim=2026-05-06 16:00 (strong)`,
    ]);
    expect(read('Chidi has piano every Thursday at 5')).toEqual([
      `${FAMILY} family.schedule.piano=2026-05-07 17:00 (strong)`,
    ]);
  });

  it('reads no entry from an illness, a thing with no time, a question or a past routine', () => {
    for (const text of [
      'Chidi has a cold',
      'Chidi has homework at the weekend',
      'Chidi had swim at 4 on Wednesdays last year',
    ]) {
      expect(read(text), text).toEqual([]);
    }
    expect(
      readMessage('Chidi has swim at 4 on Wednesdays, right?', { entityId: FAMILY, at: AT }).every(
        (o) => o.evidence === 'weak',
      ),
    ).toBe(true);
  });
});
