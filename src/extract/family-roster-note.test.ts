import { describe, expect, it } from 'vitest';
import { onRecord, readMessage } from './__fixtures__/read-chat.js';

// A family's roster in a note ("Name - activity, Weekdays HH:MM") and a move of one day's session
// ("today's … moved to 18:00") of an entry the roster put on record.
const FAMILY = 'family:dube-larsen';

function readNote(text: string): string[] {
  return readMessage(text, { source: 'note', entityId: FAMILY, at: '2026-09-02T08:00:00Z' }).map(
    (o) => `${o.field}=${o.value}`,
  );
}

function readChat(text: string): string[] {
  return readMessage(text, {
    entityId: FAMILY,
    at: '2026-09-16T09:00:00Z',
    known: onRecord({ 'family.schedule.swimming_lesson': '2026-09-08 17:15' }, FAMILY),
  }).map((o) => `${o.field}=${o.value}`);
}

describe('a roster line in a family note', () => {
  it('reads each entry at its next weekday and hour', () => {
    expect(
      readNote(
        'Nomvuyo - swimming lesson, Tuesdays 17:15\nSindre – chess club, every Friday at 16:00, library',
      ),
    ).toEqual([
      'family.schedule.swimming_lesson=2026-09-08 17:15',
      'family.schedule.chess_club=2026-09-04 16:00',
    ]);
  });

  it('reads nothing from a line that cancels, or names no activity', () => {
    expect(readNote('Nomvuyo - no swimming lesson, Tuesdays 17:15')).toEqual([]);
    expect(readNote('Nomvuyo - groceries, Tuesdays 17:15')).toEqual([]);
    expect(readNote('Budget - rent, Tuesdays 17:15')).toEqual([]);
  });
});

describe("a move of one day's session of an entry on record", () => {
  it('is a move of that day, whatever day the entry holds', () => {
    expect(readChat("today's swimming lesson moved to 18:00")).toEqual([
      'family.schedule.swimming_lesson=2026-09-16 18:00',
    ]);
    expect(readChat("tomorrow's swimming lesson got moved to 18:00")).toEqual([
      'family.schedule.swimming_lesson=2026-09-17 18:00',
    ]);
  });

  it('without a day said, an hour for an entry not in the coming week reads nothing', () => {
    expect(readChat('swimming lesson moved to 18:00')).toEqual([]);
  });
});
