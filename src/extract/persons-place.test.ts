import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// User-trial finding (issue #10): "We're at grandma's now" says where the speaker is, at a
// person's home: a location, but no trip and no destination. Sentences written for this test (in
// no benchmark file).

const readings = (text: string, entityId = 'user:primary') =>
  readMessage(text, { entityId }).map(asReading);

describe("presence at a person's home", () => {
  it.each([
    ["We're at nana's now", "travel.location=nana's (strong)"],
    ["I'm at my brother's, finally", "travel.location=my brother's (strong)"],
    ["We're at the Adeyemis' now", "travel.location=the Adeyemis' (strong)"],
  ])('reads "%s" as a location only', (sentence, reading) => {
    expect(readings(sentence)).toEqual([reading]);
  });

  it.each([
    ["I'm at my cousin's wedding", 'an event at the place, not the home'],
    ["We're at Dalton's", 'a single name may be a shop or a restaurant'],
    ["They're at nana's", 'other people'],
    ["We'll be at nana's on Saturday", 'a plan for another day'],
    ["If we're at nana's by six we can eat together", 'a condition'],
  ])('reads nothing from "%s" (%s)', (sentence) => {
    expect(readings(sentence)).toEqual([]);
  });

  it('still reads a trip presence in a city', () => {
    expect(readings("We're in Valencia now")).toContain('travel.location=Valencia (strong)');
  });
});
