import { describe, expect, it } from 'vitest';
import { asEntityReading, onRecord, readMessage } from './__fixtures__/read-chat.js';

// A family member "back home" is that member at home, and a pronoun with its auxiliary ("he is
// back home") names that member, never the speaker's trip (issue #10, precision). Sentences
// written for this test, in no benchmark file.
const FAMILY = 'family:oduya';
const known = onRecord({ 'family.tobi.status': 'at_camp' }, FAMILY);

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, known })
    .filter((o) => o.evidence !== 'weak')
    .map(asEntityReading);
}

const TOBI_HOME = [`${FAMILY} family.tobi.status=at_home (strong)`];

describe('a family member back home', () => {
  it('reads the member at home, named or as a pronoun after the name', () => {
    expect(read("Tobi's back home")).toEqual(TOBI_HOME);
    expect(read("collected Tobi from camp, he's back home, filthy and happy")).toEqual(TOBI_HOME);
    expect(read('picked Tobi up at the station, he is back home now')).toEqual(TOBI_HOME);
  });

  it('reads no return of the speaker from a pronoun with its auxiliary', () => {
    for (const text of [
      'picked Tobi up at the station, he is back home now',
      'dropped Tobi at the airport, he is flying to Oslo',
    ]) {
      expect(
        read(text).filter((r) => r.includes('travel.')),
        text,
      ).toEqual([]);
    }
  });

  it('reads nothing from a return still ahead or denied', () => {
    for (const text of ["Tobi's not back home yet", 'is Tobi back home?']) {
      expect(
        read(text).filter((r) => r.includes('family.')),
        text,
      ).toEqual([]);
    }
  });
});
