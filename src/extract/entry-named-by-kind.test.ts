import { describe, expect, it } from 'vitest';
import { asEntityReading, onRecord, readMessage } from './__fixtures__/read-chat.js';

// Issue #10, precision. An entry said only by its kind ("Yusuf's appointment") is the entry on
// record whose name the clause says elsewhere ("the dentist called"); a time right after an
// ordinal date ("Friday 12th at 10:00") is that day's; a fever that "broke" is over. Sentences
// written for this test, in no benchmark file.
const FAMILY = 'family:haddad';
const AT = '2026-06-08T09:00:00Z';

function read(text: string, fields: Readonly<Record<string, string>>): string[] {
  return readMessage(text, { entityId: FAMILY, at: AT, known: onRecord(fields, FAMILY) })
    .filter((o) => o.field.startsWith('family.'))
    .map(asEntityReading);
}

const DENTIST = { 'family.schedule.dentist': '2026-06-11 15:30' };

describe('an entry said by its kind, named elsewhere in the clause', () => {
  it('moves the entry the clause names, to the day and the hour said', () => {
    const moved = [`${FAMILY} family.schedule.dentist=2026-06-12 10:00 (strong)`];
    expect(read("dentist rang, Sami's appointment moved to Friday 12th at 10:00", DENTIST)).toEqual(
      moved,
    );
    expect(
      read(
        "had a call from the dentist: Sami's appointment is now Friday the 12th, 10:00",
        DENTIST,
      ),
    ).toEqual(moved);
  });

  it('keeps an entry said only by its kind apart when the clause names no entry on record', () => {
    expect(
      read("the optician rang, Sami's appointment moved to Friday 12th at 10:00", DENTIST),
    ).toEqual([`${FAMILY} family.schedule.appointment=2026-06-12 10:00 (strong)`]);
  });
});

describe('a fever that broke', () => {
  const SICK = { 'family.sami.status': 'sick' };

  it('reads the member well, and a later pronoun as that member', () => {
    expect(read("Sami's fever broke overnight", SICK)).toEqual([
      `${FAMILY} family.sami.status=well (strong)`,
    ]);
    expect(read("Sami's temperature has gone down. He's back at school today", SICK)).toEqual([
      `${FAMILY} family.sami.status=at_school (strong)`,
    ]);
  });

  it('reads nothing from a fever that came back or has not broken', () => {
    expect(read("Sami's fever broke again last night, back up to 39", SICK)).toEqual([]);
    expect(read("Sami's fever hasn't broken yet", SICK)).toEqual([]);
  });
});
