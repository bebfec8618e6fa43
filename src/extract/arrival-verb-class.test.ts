import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// A present-tense arrival said at last is read whichever verb of the arrival class says it
// ("arrive", "land", "touch down", "get in", "make it"), not "arrive" alone (issue #10, recall).
// Sentences written for this test, in no benchmark file.
function read(text: string): string[] {
  return readMessage(text).map((o) => `${o.field}=${o.value} (${o.evidence})`);
}

const IN_CUSCO = [
  'travel.status=in_progress (strong)',
  'travel.location=Cusco (strong)',
  'travel.destination=Cusco (strong)',
];

describe('a present arrival by any verb of the arrival class', () => {
  it('reads the speaker in the place', () => {
    for (const text of [
      'finally we land in Cusco',
      'we finally touch down in Cusco',
      'finally I get in to Cusco',
      'we just make it to Cusco',
      'finally we arrive Cusco',
    ]) {
      expect(read(text), text).toEqual(IN_CUSCO);
    }
  });

  it('reads nothing from an arrival ahead, on a condition, habitual or not at a place', () => {
    for (const text of [
      'finally we land in Cusco tomorrow',
      'finally we land in Cusco on the 3rd',
      'if we finally land in Cusco',
      'we usually land in Cusco at night',
      'we just reach out to the Cusco office',
      'finally I get in the car',
    ]) {
      expect(read(text), text).toEqual([]);
    }
  });
});
