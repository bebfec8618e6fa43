import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// A planned trip home to a named place ("I'm heading home to Leeds for Christmas on Dec 20") is a
// trip there, read as "heading to Leeds" is (issue #10, recall). Sentences written for this test.
const AT = '2026-05-04T09:00:00Z';

function read(text: string): string[] {
  return readMessage(text, { at: AT }).map(asReading);
}

describe('a planned trip home to a named place', () => {
  it('reads the plan, the place and the day', () => {
    const plan = [
      'travel.status=planned (strong)',
      'travel.destination=Cork (strong)',
      'travel.departure_date=2026-12-20 (strong)',
    ];
    expect(read("I'm heading home to Cork for Christmas on Dec 20")).toEqual(plan);
    expect(read('flying home to Cork on December 20th')).toEqual(plan);
  });

  it('reads nothing from home to no place, a trip told as past, or going home to do something', () => {
    for (const text of [
      "I'm going home to sleep",
      'going home to my parents on Friday',
      'I went home to Cork for Christmas',
    ]) {
      expect(
        read(text).filter((r) => !r.endsWith('(weak)')),
        text,
      ).toEqual([]);
    }
  });
});
