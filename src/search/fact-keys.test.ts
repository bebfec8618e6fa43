import { describe, expect, it } from 'vitest';
import { factKeyTerms, mentionedDays, messageFactKeys } from './fact-keys.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('mentionedDays', () => {
  it('resolves relative and explicit dates against the time the text was written', () => {
    expect(mentionedDays('I went to the support group yesterday.', '2023-05-08T13:56:00Z')).toEqual(
      [day('2023-05-07')],
    );
    expect(
      mentionedDays('The recital is on June 3rd, and rehearsal was today.', '2023-05-20T10:00:00Z'),
    ).toEqual([day('2023-05-20'), day('2023-06-03')]);
  });

  it('finds nothing in a text that names no day', () => {
    expect(mentionedDays('I love hiking with my dog.', '2023-05-08T13:56:00Z')).toEqual([]);
    expect(mentionedDays('yesterday', 'not a date')).toEqual([]);
  });
});

describe('messageFactKeys', () => {
  it('keys the days and months a message means, read against when it was written', () => {
    const keys = messageFactKeys('We met yesterday.', '2023-05-03T10:00:00Z').split(' ');
    expect(keys).toContain('d20230502');
    expect(keys).toContain('m202305');
    expect(keys).not.toContain('d20230503');
  });

  it('keys capitalised names, and what kind of place a known one is', () => {
    const keys = messageFactKeys('Then I flew to Lisbon with Maria Costa.', '2023-05-03T10:00:00Z');
    expect(keys.split(' ')).toEqual(expect.arrayContaining(['lisbon', 'city', 'maria', 'costa']));
    // Sentence openers and the pronoun are not names.
    expect(keys.split(' ')).not.toContain('then');
    expect(keys.split(' ')).not.toContain('i');
  });

  it('is empty for a text without dates or names, and deterministic', () => {
    expect(messageFactKeys('just a quiet evening at home', '2023-05-03T10:00:00Z')).toBe('');
    const text = 'On June 3rd we drove to Porto.';
    expect(messageFactKeys(text, '2023-05-20T10:00:00Z')).toBe(
      messageFactKeys(text, '2023-05-20T10:00:00Z'),
    );
  });
});

describe('factKeyTerms', () => {
  it('adds month keys for a named month and day keys for a short period', () => {
    const may = { start: day('2023-05-01'), end: day('2023-06-01') };
    expect(factKeyTerms(['trip'], may)).toEqual(['trip', 'm202305']);
    const week = { start: day('2023-05-01'), end: day('2023-05-03') };
    expect(factKeyTerms(['trip'], week)).toEqual(['trip', 'd20230501', 'd20230502', 'm202305']);
  });

  it('keeps only the terms without a period, or for a period too long to key', () => {
    expect(factKeyTerms(['trip'], null)).toEqual(['trip']);
    const year = { start: day('2023-01-01'), end: day('2024-01-01') };
    expect(factKeyTerms(['trip'], year)).toEqual(['trip']);
  });
});
