import { describe, expect, it } from 'vitest';
import { commitmentFromAction, detectCommitments } from './detect-commitments.js';

const AT = '2026-01-28T09:00:00.000Z';

describe('detectCommitments', () => {
  it.each<[string, string, string | null, 'strong' | 'weak']>([
    ["I'll send the deck by Friday.", 'Send the deck', '2026-01-30T23:59:00.000Z', 'strong'],
    ['I will call the bank tomorrow at 3pm', 'Call the bank', '2026-01-29T15:00:00.000Z', 'strong'],
    [
      "Maybe I'll look at the invoice by March 3",
      'Look at the invoice',
      '2026-03-03T23:59:00.000Z',
      'weak',
    ],
    ["I'll update the pricing page", 'Update the pricing page', null, 'weak'],
    // The hedge is a doubt, not part of what to do: the same title as the action item's reading.
    [
      "I'll try to finish the report by Friday.",
      'Finish the report',
      '2026-01-30T23:59:00.000Z',
      'weak',
    ],
    [
      'If the client agrees, I will draft the contract on Monday',
      'Draft the contract',
      '2026-02-02T23:59:00.000Z',
      'weak',
    ],
    // The deadline leaves with its preposition, and a change of plan's "instead" with it.
    [
      "Change of plan: I'll release Hestia 2 on March 9 instead.",
      'Release Hestia 2',
      '2026-03-09T23:59:00.000Z',
      'strong',
    ],
    // A date something moves to is what there is to do.
    [
      "I'll push the Vega demo to February 4 instead.",
      'Push the Vega demo to February 4',
      '2026-02-04T23:59:00.000Z',
      'strong',
    ],
  ])('reads %j', (text, title, due, strength) => {
    const [found] = detectCommitments(text, 'user', AT);
    expect(found).toMatchObject({ title, due, strength, owner: 'user' });
  });

  // "next <weekday>": the nearer day is the deadline; next week's is kept when it differs.
  it.each<[string, string, string, string | null]>([
    // Said on Monday 2026-02-02: in two days, or in nine.
    ['2026-02-02T09:00:00Z', 'next Wednesday', '2026-02-04', '2026-02-11'],
    ['2026-02-02T09:00:00Z', 'next Friday', '2026-02-06', '2026-02-13'],
    // Said on Thursday 2026-01-29, the Wednesday to come is already next week's: one reading.
    ['2026-01-29T09:00:00Z', 'next Wednesday', '2026-02-04', null],
    // No "next": one reading.
    ['2026-02-02T09:00:00Z', 'Wednesday', '2026-02-04', null],
  ])('said at %s, %j is due %s, or else %s', (at, words, due, other) => {
    const [found] = detectCommitments(`I'll send Priya the floor plan by ${words}.`, 'user', at);
    expect(found?.due).toBe(`${due}T23:59:00.000Z`);
    expect(found?.dueAlternative).toBe(other === null ? null : `${other}T23:59:00.000Z`);
  });

  it.each([
    'Will you send the deck by Friday?',
    "I won't send the deck by Friday.",
    'The deck went out on Friday.',
    'The weather is nice today.',
  ])('finds no commitment in %j', (text) => {
    expect(detectCommitments(text, 'user', AT)).toEqual([]);
  });

  it('names the owner of an assistant commitment and of "we"', () => {
    expect(detectCommitments("I'll book the hotel by Friday", 'assistant', AT)[0]?.owner).toBe(
      'assistant',
    );
    expect(detectCommitments("We'll ship the beta by Feb 10", 'user', AT)[0]?.owner).toBe('we');
  });
});

describe('commitmentFromAction', () => {
  it('is strong with an owner and a future date, weak without one', () => {
    expect(commitmentFromAction('Ana to send the contract by Friday', AT)).toMatchObject({
      title: 'Send the contract',
      owner: 'Ana',
      strength: 'strong',
    });
    expect(commitmentFromAction('send the contract', AT)).toMatchObject({
      strength: 'weak',
      doubts: ['no owner', 'no deadline'],
    });
  });
});

describe('detectCommitments and decisions', () => {
  it.each([
    "We'll go with Postgres for analytics.",
    "I'll use the blue template.",
    "We'll see by Friday.",
  ])('does not read the decision %j as a task', (text) => {
    expect(detectCommitments(text, 'user', AT)).toEqual([]);
  });
});
