// Commitments read from household chat (user trial of 2026-11-27), sentences of our own: "remind
// me" is the speaker's own task, a task named only by a verb and a pronoun is no task, and a bank
// line's "Payment to …" is a record of money, not a person's promise.
import { describe, expect, it } from 'vitest';
import { commitmentFromAction, detectCommitments } from './detect-commitments.js';

// A Wednesday.
const AT = '2026-01-28T09:00:00.000Z';

describe('a reminder asked for', () => {
  it.each<[string, string, string]>([
    ['Remind me to renew the car insurance on Friday.', 'Renew the car insurance', '2026-01-30'],
    ['please remind me to call the vet next Monday', 'Call the vet', '2026-02-02'],
    ['Ok, remind me to book the piano tuner by Saturday', 'Book the piano tuner', '2026-01-31'],
  ])('is owned by the speaker: %j', (text, title, day) => {
    const [found] = detectCommitments(text, 'user', AT);
    expect(found).toMatchObject({ title, owner: 'user', strength: 'strong' });
    expect(found?.due?.slice(0, 10)).toBe(day);
  });
});

describe('a task named only by a verb and a pronoun', () => {
  it.each([
    "Not yet, I'll pay it by Thursday.",
    'I will fix it tomorrow',
    "We'll sort them out on Sunday.",
    'Dana will send it by Friday.',
    "I'll book that by Friday.",
  ])('is no commitment: %j', (text) => {
    expect(detectCommitments(text, 'user', AT)).toEqual([]);
  });

  it('is no commitment when it comes from an action item either', () => {
    expect(commitmentFromAction('Pay it by Thursday', AT)).toBeNull();
    expect(commitmentFromAction('Pay the water bill by Thursday', AT)?.title).toBe(
      'Pay the water bill',
    );
  });

  it('keeps a pronoun that is the recipient, and a demonstrative before its noun', () => {
    expect(detectCommitments("I'll send them the photos by Friday.", 'user', AT)[0]?.title).toBe(
      'Send them the photos',
    );
    expect(detectCommitments("I'll pay that invoice by Friday.", 'user', AT)[0]?.title).toBe(
      'Pay that invoice',
    );
  });
});

describe('a bank line', () => {
  it.each([
    'Payment to CITY GAS CO 48.10 posted',
    'Payment to Northwind Energy 112.40 posted',
    'Transfer to savings 250.00 completed',
    'Direct debit to GREENLEAF GYM 29.99 collected',
  ])('is no commitment: %j', (text) => {
    expect(detectCommitments(text, 'user', AT)).toEqual([]);
  });

  it('leaves a named owner with a task to do', () => {
    expect(detectCommitments('Ana to send the contract by Friday', 'user', AT)[0]).toMatchObject({
      title: 'Send the contract',
      owner: 'Ana',
    });
    expect(
      detectCommitments('Sam will pay the plumber 120 by Friday', 'user', AT)[0],
    ).toMatchObject({ title: 'Pay the plumber 120', owner: 'Sam' });
  });
});
