import { describe, expect, it } from 'vitest';
import { lookupPlace, placeNameAt } from './places.js';

const nameIn = (text: string, phrase: string) => placeNameAt(text, text.indexOf(phrase), phrase);

describe('placeNameAt', () => {
  it('grows a name to the longest span the gazetteer knows, in any script', () => {
    expect(nameIn('off to Hội An next week', 'Hội')).toBe('Hội An');
    expect(nameIn('stopping in Hoi An, then Hue', 'Hoi')).toBe('Hoi An');
  });

  it('keeps an elided particle and the word it joins', () => {
    expect(nameIn("a week on the Côte d'Azur in June", 'Côte')).toBe("Côte d'Azur");
    expect(nameIn("Paris d'abord, then Lyon", 'Paris')).toBe('Paris');
  });

  it('leaves out words after the name that do not make a longer place', () => {
    expect(nameIn('Lisbon An hour late', 'Lisbon')).toBe('Lisbon');
    expect(nameIn('Porto de nouveau', 'Porto')).toBe('Porto');
    expect(nameIn('Berlin, An and me', 'Berlin')).toBe('Berlin');
  });
});

describe('lookupPlace', () => {
  it('folds letters that have no accent to strip', () => {
    expect(lookupPlace('Đà Nẵng')?.name).toBe('Da Nang');
    expect(lookupPlace('Tromsø')).not.toBeNull();
  });
});
