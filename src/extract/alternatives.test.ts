import { describe, expect, it } from 'vitest';
import { phenomenonCases } from './__fixtures__/phenomenon-cases.js';
import { onRecord, readChat } from './__fixtures__/read-chat.js';
import { amongAlternatives } from './alternatives.js';

// Phenomenon: one of several alternatives is not the choice. Every sentence here was written
// for this test (none comes from a benchmark).

/** The destinations read from a message, whatever their evidence. */
function destinations(text: string): string[] {
  return readChat(text)
    .filter((o) => o.field === 'travel.destination')
    .map((o) => String(o.value));
}

const JOINED_BY_OR = 'finds a place joined to another by "or", before or after it';
const ALONE = 'leaves places joined by "and", and a place on its own, alone';

describe('amongAlternatives', () => {
  it.each([
    [JOINED_BY_OR, 'a week in Kyiv or Lviv', 'Kyiv', true],
    [JOINED_BY_OR, 'a week in Kyiv or Lviv', 'Lviv', true],
    [JOINED_BY_OR, 'either Seville or Granada', 'Seville', true],
    [JOINED_BY_OR, 'Bali, Lombok, or the Gilis', 'Lombok', true],
    [ALONE, 'Rome and Florence in May', 'Rome', false],
    [ALONE, 'flying to Quito, or so I hope', 'Quito', false],
    [ALONE, 'a trip to Oslo', 'Oslo', false],
    [ALONE, 'a trip to Oslo', 'Bergen', false],
  ] as const)('%s: %s (%s)', (_behaviour, text, place, among) => {
    expect(amongAlternatives(text, place)).toBe(among);
  });
});

describe('a trip to one of several places has no destination yet', () => {
  phenomenonCases(
    destinations,
    [
      "I'm planning a trip to Kyiv or Lviv in August.",
      'booking a long weekend in Seville or Granada next month!!',
      "We're flying to Hanoi or Da Nang in March, haven't decided.",
      'Planning a getaway to either Porto or Lisbon for our anniversary.',
      'next month i travel to Nairobi or Mombasa for work, depends on the client',
    ],
    [
      ["I'm planning a trip to Lviv in August.", 'Lviv'],
      ["We're flying to Hanoi on March 3.", 'Hanoi'],
      ['Planning a getaway to Porto for our anniversary.', 'Porto'],
    ],
  );
});

describe('an undecided trip does not date the trip on record', () => {
  const paris = onRecord({
    'travel.destination': 'Paris',
    'travel.status': 'planned',
    'travel.departure_date': '2026-06-03',
  });
  it.each([
    'For the autumn we are flying to Krakow or Gdansk on October 2.',
    'In winter I fly to Oslo or Bergen on 12 January.',
  ])('keeps every reading of %s weak', (text) => {
    const firm = readChat(text, '2026-05-04T09:00:00Z', paris).filter(
      (o) => o.field.startsWith('travel.') && o.evidence !== 'weak',
    );
    expect(firm).toEqual([]);
  });
});
