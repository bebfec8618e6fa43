import { describe, expect, it } from 'vitest';
import { firmReadings } from './__fixtures__/phenomenon-cases.js';
import { readsAsPasted } from './pasted.js';

// Phenomenon: a long passage pasted into chat is quoted material, not the writer's statement.
// Every passage here was written for this test (none comes from a benchmark).

const filler = (n: number, sentence: string) => Array.from({ length: n }, () => sentence).join(' ');

/** A pasted news story in the third person (about 190 words). */
const story = [
  'Summarise this for me:',
  filler(
    6,
    'The council met on Tuesday to discuss the new tram line, and residents raised concerns about noise, parking and the cost of the works.',
  ),
  'In the end the Larsens paid the gas bill of $84.20 and the family flew to Madrid on Friday.',
  'Cancelled the Netflix subscription. Landed in Oslo at noon.',
].join(' ');

/** A pasted price list (about 170 words, no person at all). */
const priceList = [
  filler(
    10,
    'Standard plan: monthly cost USD 40.00 per seat, billed annually, with support included and onboarding sessions for new teams.',
  ),
  'Premium plan subscription: USD 95.00 per seat.',
].join(' ');

/** A composed cover letter: first person throughout, but over 400 words. */
const letter = filler(
  30,
  'I have led data teams for five years and I was well paid for it, and I am proud of it.',
);

/** A long but ordinary chat turn about the writer's own life (about 170 words). */
const ownChat = [
  filler(
    7,
    "I've been so busy with my garden lately, I planted tomatoes and my neighbour gave me some basil.",
  ),
  "Anyway, I'm flying to Madrid on June 12 and I need packing tips.",
].join(' ');

describe('readsAsPasted', () => {
  it('is true for long passages with few first-person words, and for very long ones', () => {
    expect(readsAsPasted(story)).toBe(true);
    expect(readsAsPasted(priceList)).toBe(true);
    expect(readsAsPasted(letter)).toBe(true);
  });

  it("is false for short turns and for long turns in the writer's own voice", () => {
    expect(readsAsPasted('The Larsens paid the gas bill.')).toBe(false);
    expect(readsAsPasted(ownChat)).toBe(false);
    expect(readsAsPasted(filler(20, 'Paid the water bill.'))).toBe(false);
  });
});

describe('what a pasted passage says is not committed', () => {
  for (const [name, text] of [
    ['a news story', story],
    ['a price list', priceList],
    ['a cover letter', letter],
    ['a story pasted with a request', `Can you rewrite this? ${story}`],
    ['a story then a thank-you', `${story} Thanks!`],
  ] as const) {
    it(`reads nothing firm from ${name}`, () => {
      expect(firmReadings(text)).toEqual([]);
    });
  }

  it("still reads the writer's own long chat", () => {
    expect(firmReadings(ownChat)).toContain('travel.destination=Madrid');
  });
});
