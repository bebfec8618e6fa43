import { describe, expect, it } from 'vitest';
import { expectMatches } from './__fixtures__/expect-matches.js';
import { analyseClause } from './clause.js';
import { VERB_ADJUNCT } from './lexicon.js';
import { predicateClass } from './verb-class.js';

// Sentences written for these tests; none is in a benchmark file.
describe('VERB_ADJUNCT: what may follow a verb used without an object', () => {
  it('accepts times, manner, a price, a term, a comment or nothing', () => {
    expectMatches(
      VERB_ADJUNCT.pattern,
      [
        '',
        '.',
        ' today',
        ' this morning 👍',
        ' yday lol',
        ' again, phew',
        ' automatically on the 3rd',
        ' at 42.50 a month',
        ' for 12 months at 35/month',
        ' for another year',
        ' until March',
        ' on May 3.',
        ' on 3 May',
        ' for another 12 months.',
        ' without any fuss',
      ],
      [
        ' the show for a third season',
        ' it yesterday',
        ' her contract',
        ' for a third season',
        ' before my photos fill it up',
        ' and then went up',
      ],
    );
  });
});

describe('the credit verb class', () => {
  it('reads money arriving, by its verbs and its phrasal verbs as texted', () => {
    const read = (text: string) => predicateClass(analyseClause(text), text)?.verbClass ?? null;
    expect(read('the deposit came through at last')).toBe('credit');
    expect(read('my wages went thru')).toBe('credit');
    expect(read('the transfer has cleared')).toBe('credit');
    expect(read('the bonus finally showed up')).toBe('credit');
    expect(read('the parcel came yesterday')).toBeNull();
    expect(read('the kids went to the park')).toBeNull();
  });
});

describe('the renew verb class', () => {
  it('reads the subject of an intransitive or passive renewal, with negation', () => {
    const read = (text: string) => {
      const r = predicateClass(analyseClause(text), text);
      return r === null ? null : [r.verbClass, r.subjectPhrase, r.negated];
    };
    expect(read('the boat licence renewed today')).toEqual(['renew', 'boat licence', false]);
    expect(read('our broadband plan got renewed')).toEqual(['renew', 'our broadband plan', false]);
    expect(read('the permit has not been renewed')).toEqual(['renew', 'permit', true]);
    expect(read('the permit expired')).toBeNull();
  });
});
