import { describe, expect, it } from 'vitest';
import { parseTimeHint } from './time-hint.js';

const NOW = Date.parse('2023-10-22T09:55:00Z');

function span(query: string): [string, string] | null {
  const window = parseTimeHint(query, NOW);
  return window === null
    ? null
    : [
        new Date(window.start).toISOString().slice(0, 10),
        new Date(window.end).toISOString().slice(0, 10),
      ];
}

describe('parseTimeHint', () => {
  it.each([
    ['What happened on 2023-05-07?', ['2023-05-07', '2023-05-08']],
    ['What did she paint on October 13, 2023?', ['2023-10-13', '2023-10-14']],
    ['Who came to dinner on 3 May 2023?', ['2023-05-03', '2023-05-04']],
    ['What did they buy on the 1st of February, 2023?', ['2023-02-01', '2023-02-02']],
    ['What workout class started in December 2023?', ['2023-12-01', '2024-01-01']],
    ['When did Melanie go camping in June?', ['2023-06-01', '2023-07-01']],
    ['Any plans for November?', ['2022-11-01', '2022-12-01']],
    ['What did we decide on Sept 4?', ['2023-09-04', '2023-09-05']],
    ['How many times did she go to the beach in 2023?', ['2023-01-01', '2024-01-01']],
    ['What did I say yesterday?', ['2023-10-21', '2023-10-22']],
    ['What did we agree last month?', ['2023-09-01', '2023-10-01']],
    ['Anything about the trip last week?', ['2023-10-09', '2023-10-23']],
    ['What did we do last year?', ['2022-01-01', '2023-01-01']],
    ['Who was at the March rally?', ['2023-03-01', '2023-04-01']],
    ['February 30, 2023 is no day, so the month counts', ['2023-02-01', '2023-03-01']],
  ])('reads %j as %j', (query, expected) => {
    expect(span(query)).toEqual(expected);
  });

  it.each([
    'What may I bring to the party?',
    'Did the band march through town?',
    'Where is the support group?',
    'Call me at 2023 Main Street',
  ])('finds no period in %j', (query) => {
    expect(span(query)).toBeNull();
  });
});
