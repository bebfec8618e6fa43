import { describe, it } from 'vitest';
import {
  asReading,
  expectNothingRead,
  expectReadings,
  onRecord,
  readChat,
  readerIn,
} from './__fixtures__/read-chat.js';

// 2026-10-05 is a Monday.
const AT = '2026-10-05T08:00:00Z';

const ON_RECORD = onRecord({
  'family.schedule.fencing': '2026-10-07 17:00',
  'family.schedule.archery_lessons': '2026-10-07 16:00',
  'family.schedule.orchestra_rehearsal': '2026-10-08 18:30',
});

const read = readerIn('user:primary', { at: AT, known: ON_RECORD });

describe('a move of a known schedule entry, read by its shape', () => {
  it('reads a move to a weekday for an event word no list holds', () => {
    expectReadings(read, [
      [
        'Fencing moved to Thursdays, same time.',
        ['family.schedule.fencing=2026-10-08 17:00 (strong)'],
      ],
      // The entry's kind ("lessons", "rehearsal") may be left out.
      [
        'Archery got switched to Fridays, same time',
        ['family.schedule.archery_lessons=2026-10-09 16:00 (strong)'],
      ],
      [
        'Orchestra moved to Friday at 19:00',
        ['family.schedule.orchestra_rehearsal=2026-10-09 19:00 (strong)'],
      ],
    ]);
  });

  it('keeps the day on record when only the hour moves', () => {
    expectReadings(read, [
      ['Fencing was moved to 18:15', ['family.schedule.fencing=2026-10-07 18:15 (strong)']],
    ]);
  });

  it('does not put the new day or hour in force before the change starts', () => {
    expectReadings(read, [
      // From next week: the first Thursday on or after Monday the 12th.
      [
        'Fencing moved to Thursdays from next week',
        ['family.schedule.fencing=2026-10-15 (strong)'],
      ],
      // Starting the 14th (a Wednesday): the Thursday after it, not this week's.
      [
        'Fencing is moving to Thursdays starting the 14th',
        ['family.schedule.fencing=2026-10-15 (strong)'],
      ],
      // A new hour from next week: next week's session, not this Wednesday's.
      [
        'Fencing got moved to 18:15 from next week',
        ['family.schedule.fencing=2026-10-14 18:15 (strong)'],
      ],
    ]);
  });

  it('reads nothing committable for a wished, proposed, denied or asked move', () => {
    expectNothingRead(read, [
      'Coach wants to move fencing to Fridays',
      "Let's move fencing to Fridays",
      'Fencing should move to Fridays',
      "Fencing hasn't moved to Fridays",
      'Did fencing move to Fridays?',
      'Maybe fencing moved to Fridays',
    ]);
  });

  it('needs the subject to name the entry itself, not to share a word with it', () => {
    const onRecordEntries = (text: string) =>
      readChat(text, AT, ON_RECORD)
        .filter((o) => ON_RECORD.some((k) => k.field === o.field) || o.evidence !== 'weak')
        .map(asReading);
    expectNothingRead(onRecordEntries, [
      'The fencing club dinner moved to Thursday',
      'My meeting moved to Thursdays, same time',
      'The orchestra tour moved to Friday',
      'The archery lessons fundraiser got moved to Friday',
    ]);
  });
});
