import { describe, it } from 'vitest';
import { expectMatches } from './__fixtures__/expect-matches.js';
import { analyseClause } from './clause.js';
import { LIKING_VERB } from './lexicon.js';

// Sentences written for this test; none is in a benchmark file.
describe('LIKING_VERB: verbs of liking, by lemma', () => {
  it('matches the lemma of every form of a verb of liking, and no other verb', () => {
    const lemma = (text: string) => analyseClause(text).predicate ?? '';
    expectMatches(
      (text: string) => LIKING_VERB.pattern.test(lemma(text)),
      [
        'I like quiet carriages',
        'she loves long walks',
        'we preferred the early train',
        'I adore sourdough',
      ],
      ['I need a quiet carriage', 'I booked the early train', 'I want sourdough'],
    );
  });
});
