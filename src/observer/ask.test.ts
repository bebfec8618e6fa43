import { describe, expect, it } from 'vitest';
import { type AskDocument, answerExtractively } from './ask.js';

function doc(id: string, text: string, extra: Partial<AskDocument> = {}): AskDocument {
  return { kind: 'observation', id, text, at: null, source: 'session:s1', weight: 1.2, ...extra };
}

describe('answerExtractively', () => {
  it('matches a question word to its inflected form ("add" finds "added")', () => {
    const answer = answerExtractively('what index did we add for search?', [
      doc('a', 'I added a trigram GIN index on the title column'),
      doc('b', 'The billing export runs nightly'),
    ]);
    expect(answer.citations.map((c) => c.id)).toEqual(['a']);
  });

  it('brings the fix of a cited problem along, even when it shares no word with the question', () => {
    const answer = answerExtractively('why was the search page slow?', [
      doc('p', 'The search page is slow, about 2 seconds a query', { resolved_by: 'f' }),
      doc('f', 'A trigram GIN index on the title column brought it to 40 ms'),
    ]);
    expect(answer.citations.map((c) => c.id)).toEqual(['p', 'f']);
  });

  it('answers from a passage hybrid search retrieved by meaning, not from an unrelated one', () => {
    const answer = answerExtractively('which database do we run?', [
      doc('m', 'Postgres 16 holds all tenant data', {
        kind: 'message',
        retrieved: { rank: 0, vector: 0.71 },
      }),
      doc('n', 'Lunch is at noon', { kind: 'message', retrieved: { rank: 1, vector: 0.12 } }),
    ]);
    expect(answer.citations.map((c) => c.id)).toEqual(['m']);
  });
});
