import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';
import { assistantsOwnWords } from './assistant-voice.js';

// Phenomenon: the assistant's own words are not the user's state. Every sentence here was
// written for this test (none comes from a benchmark).

/** The travel readings of one message written with `role`, as `field=value`. */
function travel(text: string, role: 'user' | 'assistant'): string[] {
  return readMessage(text, { role })
    .filter((o) => o.field.startsWith('travel.'))
    .map((o) => `${o.field}=${o.value}`);
}

describe('assistantsOwnWords', () => {
  it.each([
    ['assistant', 'speaker'],
    ['assistant', 'we'],
    ['assistant', 'thing'],
  ] as const)(
    "is the assistant's first person, 'we' or no person in an assistant's turn: %s, %s",
    (role, person) => {
      expect(assistantsOwnWords(role, person)).toBe(true);
    },
  );

  it.each([
    ['user', 'speaker'],
    ['user', 'thing'],
    ['assistant', 'person'],
  ] as const)("is never the user's own turn, nor a named person: %s, %s", (role, person) => {
    expect(assistantsOwnWords(role, person)).toBe(false);
  });
});

describe("travel read from an assistant's turn", () => {
  const sentences = [
    "I'm back in Oslo with three more museum ideas for you!",
    'Day 3: fly to Queenstown, then take the gondola up.',
    "We're heading to Kyoto next in this itinerary.",
    'Honey, I am home: a cosy playlist for rainy evenings.',
    'Just landed in Lisbon? Start with a tram ride up the hill.',
  ];
  for (const sentence of sentences) {
    it(`reads nothing for the user: ${sentence}`, () => {
      expect(travel(sentence, 'assistant')).toEqual([]);
    });
  }
  it("the user's own words are still read", () => {
    expect(travel("We're heading to Kyoto next week.", 'user')).toContain(
      'travel.destination=Kyoto',
    );
    expect(travel('Just landed in Lisbon!', 'user')).toContain('travel.location=Lisbon');
  });
});
