import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';

// A return day said with no trip read in the clause belongs to the clause's subject: "Ines will
// be back on Friday" is Ines's return (second-hand, weak), never the speaker's (issue #10,
// precision). Sentences written for this test, in no benchmark file.
const AT = '2026-05-04T09:00:00Z';

function read(text: string): string[] {
  return readMessage(text, { at: AT })
    .filter((o) => o.field === 'travel.return_date')
    .map(asEntityReading);
}

describe('a return day with no plan read', () => {
  it("is the speaker's when the speaker says it", () => {
    const mine = ['user:primary travel.return_date=2026-05-08 (strong)'];
    expect(read("I'll be back home on Friday")).toEqual(mine);
    expect(read('back on Friday')).toEqual(mine);
    expect(read('flying back on Friday')).toEqual(mine);
  });

  it("is never the speaker's when someone else is back", () => {
    for (const text of [
      'Ines will be back home on Friday',
      'Ines is back on Friday',
      "he'll be back on Friday",
      'the kids are back on Friday',
    ]) {
      expect(
        read(text).filter((r) => r.startsWith('user:primary')),
        text,
      ).toEqual([]);
    }
  });
});
