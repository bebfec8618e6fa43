import { describe, expect, it } from 'vitest';
import { expectReadings, onRecord, readerOnRecord, readMessage } from './__fixtures__/read-chat.js';

// A recurring event moved to another weekday or another hour ("moves from Mondays to Tuesdays,
// same time", "coach moved judo to 6 from next week"): the plural weekday was no date for the
// date reader and a bare hour no time, so the move read nothing, or only the time, or the date of
// "next week" (when the change starts) as the new date. Messages are dated Monday 4 May 2026.
const HOUSEHOLD = 'family:adeyemi';

describe('a move to a weekday or an hour', () => {
  const read = readerOnRecord(HOUSEHOLD, { 'family.schedule.judo': '2026-05-04 17:00' });

  it('takes the next such weekday, with the time said after it', () => {
    expectReadings(read, [
      ['Judo got moved to Thursdays at 5:30', ['family.schedule.judo=2026-05-07 17:30 (strong)']],
    ]);
  });

  it('keeps the time on record when the words say it stays', () => {
    expectReadings(read, [
      [
        "Tobi's judo moves from Mondays to Tuesdays, same time.",
        ['family.schedule.judo=2026-05-05 17:00 (strong)'],
      ],
      [
        'Judo moved to Tuesdays, same time as before',
        ['family.schedule.judo=2026-05-05 17:00 (strong)'],
      ],
    ]);
  });

  it('starts from next week when the change does', () => {
    expectReadings(read, [
      [
        "From next week Tobi's judo moves from Mondays to Tuesdays, still 17:00.",
        ['family.schedule.judo=2026-05-12 17:00 (strong)'],
      ],
    ]);
  });

  it('reads a bare hour as the new time, not the day the change starts', () => {
    expectReadings(read, [
      ['Coach moved judo to 6 from next week', ['family.schedule.judo=18:00 (strong)']],
    ]);
  });

  it('still reads a date target as a date', () => {
    expectReadings(read, [
      ['Judo moved to 6 December', ['family.schedule.judo=2026-12-06 (strong)']],
    ]);
  });

  it('commits nothing from a proposal or a condition', () => {
    expect(read('could we move judo to Saturdays at 10?')).not.toContain(
      'family.schedule.judo=2026-05-09 10:00 (strong)',
    );
    expect(read('If coach moves judo to 6 we are stuck')).toEqual([]);
    expect(read('maybe we should move judo to Fridays')).not.toContain(
      'family.schedule.judo=2026-05-08 17:00 (strong)',
    );
  });
});

describe('a move someone wants or proposes has not happened', () => {
  const known = onRecord({ 'family.schedule.judo': '2026-05-04 17:00' }, HOUSEHOLD);
  const intents = (text: string) =>
    readMessage(text, { entityId: HOUSEHOLD, known } as never)
      .filter((o) => o.field === 'family.schedule.judo')
      .map((o) => o.intent);

  it.each([
    'Sensei wants to move judo to Fridays',
    "Let's move judo to Thursdays",
    'The club would like to shift judo to Wednesdays, same time',
    'could we move judo to Saturdays at 10?',
    'Tomás suggested we push judo to 6',
  ])('"%s" is read as a supposition, never state', (text) => {
    const read = intents(text);
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((i) => i === 'assertive' || i === 'planning')).toEqual([]);
  });

  it.each(['Sensei moved judo to Fridays', 'Judo moved to Fridays because the club wanted it'])(
    '"%s" is a move that happened',
    (text) => {
      expect(intents(text)).toEqual(['planning']);
    },
  );
});
