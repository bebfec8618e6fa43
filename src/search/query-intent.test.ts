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
      recall: false,
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

  it('reads questions about what the assistant said earlier', () => {
    expect(queryIntent('You told me a good ratio for diluting vinegar, what was it?').recall).toBe(
      true,
    );
    expect(queryIntent('Remind me which hotel you suggested in Porto.').recall).toBe(true);
    expect(queryIntent('Going back to our earlier chat about bikes: which model?').recall).toBe(
      true,
    );
    // Near misses: a request to the assistant now, a reminder to set, what the person said.
    expect(queryIntent('Can you tell me a good ratio for diluting vinegar?').recall).toBe(false);
    expect(queryIntent('Remind me to call the dentist tomorrow.').recall).toBe(false);
    expect(queryIntent('What did I tell my sister about the trip?').recall).toBe(false);
    expect(queryIntent('Which hotel did you stay at in Porto?').recall).toBe(false);
  });
});
