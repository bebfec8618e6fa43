import { describe, expect, it } from 'vitest';
import { queryIntent } from './query-intent.js';

describe('queryIntent', () => {
  it('reads current-value and gathering questions from cue words', () => {
    expect(queryIntent('What is my current phone plan?')).toMatchObject({
      latest: true,
      aggregate: false,
    });
    expect(queryIntent('How many concerts did I go to?')).toMatchObject({
      latest: false,
      aggregate: true,
    });
    expect(queryIntent('Where did I park the car?')).toEqual({
      latest: false,
      aggregate: false,
      temporal: false,
      preference: false,
    });
  });

  it('reads time questions: when, how long, which first', () => {
    expect(queryIntent('When did the plumber come round?').temporal).toBe(true);
    expect(queryIntent('How many weeks passed between the two trips?').temporal).toBe(true);
    expect(queryIntent('Which did I finish first, the novel or the course?').temporal).toBe(true);
    expect(queryIntent('How many concerts did I go to?').temporal).toBe(false);
    expect(queryIntent('What colour is the sofa?').temporal).toBe(false);
  });

  it('reads requests for advice or suggestions', () => {
    expect(queryIntent('Can you recommend a podcast for my commute?').preference).toBe(true);
    expect(queryIntent('Any tips for keeping basil alive?').preference).toBe(true);
    expect(queryIntent('What should I cook tonight?').preference).toBe(true);
    expect(queryIntent('Where did I park the car?').preference).toBe(false);
  });
});
