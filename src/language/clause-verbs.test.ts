import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';

// The lite model takes some present-tense verbs for nouns after a noun phrase, and an -ing verb
// after "been" for a noun; analyseClause reads them back as verbs by the clause's structure.
describe('analyseClause on verbs the tagger reads as nouns', () => {
  it.each([
    ['The kiln controller talks to the greenhouse fan over serial', 'talk', 'controller'],
    ['The label printer jams on glossy stock', 'jam', 'printer'],
    ['Our weekly cron job posts a digest to Mattermost', 'post', 'job'],
    ['The fridge hums all night', 'hum', 'fridge'],
    // The model reads this one right already; it must stay so.
    ['It talks to the inventory service', 'talk', 'It'],
  ])('finds the verb after a singular subject: %s', (text, predicate, subject) => {
    const clause = analyseClause(text);
    expect(clause.predicate).toBe(predicate);
    expect(clause.subject.text).toBe(subject);
    expect(clause.tense).toBe('present');
    expect(clause.aspect).toBe('simple');
  });

  it('reads an -ing word after "been" as the progressive verb', () => {
    const clause = analyseClause('The tram app has been printing stale departure times');
    expect(clause.predicate).toBe('print');
    expect(clause.aspect).toBe('progressive');
    expect(clause.subject.text).toBe('app');
  });

  it.each([
    ['The garage door has been opening by itself', 'open'],
    ['The moisture sensor has been reading high', 'read'],
  ])('reads a reworded "been …ing" the same way: %s', (text, predicate) => {
    const clause = analyseClause(text);
    expect(clause.aspect).toBe('progressive');
    expect(clause.predicate).toBe(predicate);
  });

  it('leaves a plural noun that a later verb follows as part of the subject', () => {
    const clause = analyseClause('The kiln logs are on the shared drive');
    expect(clause.predicate).toBe('be');
    expect(clause.subject.text).toBe('logs');
    expect(clause.tokens.find((t) => t.text === 'logs')?.pos).toBe('NOUN');
  });

  it('does not read a verb into a word the model has no verb reading for', () => {
    const clause = analyseClause('The evening news on channel four');
    expect(clause.predicate).toBeNull();
  });

  it('leaves an -ing noun that is not after "been" to the model', () => {
    const clause = analyseClause('Her painting hangs in the hallway');
    expect(clause.tokens.find((t) => t.text === 'painting')?.pos).toBe('NOUN');
  });
});
