import { describe, expect, it } from 'vitest';
import { queryIntent } from './query-intent.js';

describe('queryIntent', () => {
  it('reads current-value and gathering questions from cue words', () => {
    expect(queryIntent('What is my current phone plan?')).toEqual({
      latest: true,
      aggregate: false,
    });
    expect(queryIntent('How many concerts did I go to?')).toEqual({
      latest: false,
      aggregate: true,
    });
    expect(queryIntent('Where did I park the car?')).toEqual({ latest: false, aggregate: false });
  });
});
