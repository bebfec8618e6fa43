import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// A member who began a place today is there now (issue #10, recall). Sentences written for this
// test, in no benchmark file.
const FAMILY = 'family:boateng';

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, at: '2026-09-07T12:00:00Z' }).map(
    (o) => `${o.field}=${o.value}`,
  );
}

describe('a member who started a place today', () => {
  it('is there', () => {
    expect(read('Kojo started big school today!')).toEqual(['family.kojo.status=at_school']);
    expect(read('Adjoa has started day camp this morning, no tears')).toEqual([
      'family.adjoa.status=at_camp',
    ]);
  });

  it('is not there when it starts another day, long ago, or the sentence goes on', () => {
    expect(read('Kojo starts camp next week')).toEqual([]);
    expect(read('Kojo started school in 2020')).toEqual([]);
    expect(read('Kojo started school today but came home sick at noon')).toEqual([]);
  });
});
