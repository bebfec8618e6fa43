import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// "Finally" run into its clause says the event happened at last ("finally we arrive at X"), as
// "at last" does; set off by a comma it is a discourse marker and is dropped (issue #10).
function read(text: string): string[] {
  return readMessage(text).map((o) => `${o.field}=${o.value}`);
}

describe('"finally" before the subject of a present arrival', () => {
  it('reads the arrival as it reads "we finally arrive"', () => {
    expect(read('finally I arrive in Lima')).toEqual([
      'travel.status=in_progress',
      'travel.location=Lima',
      'travel.destination=Lima',
    ]);
    expect(read('finally we arrive Lisbon')).toEqual(read('we finally arrive Lisbon'));
    expect(read('finally we arrive Lisbon')).toContain('travel.location=Lisbon');
  });

  it('reads nothing from an arrival still ahead or on a condition', () => {
    expect(read('finally we arrive in Lima tomorrow')).toEqual([]);
    expect(read('finally we arrive in Lima on the 3rd')).toEqual([]);
    expect(read('finally we arrive in Lima if the strike ends')).toEqual([]);
  });
});
