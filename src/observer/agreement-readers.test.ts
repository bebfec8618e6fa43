// The rule observer and uptake read agreement from one table (src/language/agreement.ts): the
// replies on which their own lists used to disagree, decided for the hedge, and read alike by
// both (sentences written for these tests).
import { describe, expect, it } from 'vitest';
import { durableIn, type Turn } from './__fixtures__/sentences.js';
import { readUptake } from './uptake.js';

const from = '2026-06-02T09:00:00.000Z';
const plan: Turn = ['assistant', "I'll keep the backups for 30 days from now on."];
const fact: Turn = ['assistant', 'The staging database listens on port 5433.'];
const kept = (said: Turn, reply: string) =>
  durableIn([said, ['user', reply]], { from, scorer: null });

describe('one reader of agreement, for the rule observer and uptake', () => {
  it.each([
    ['a hedge that opens with a nod', 'Good question.'],
    ['a condition after a yes', 'Sure, if the firewall allows it.'],
    ['a deferral after a nod', 'Fine, maybe after the audit.'],
    ['a yes said in irony', 'Yeah, right.'],
  ])('makes nothing durable of %s (%j), and uptake takes nothing up', (_, reply) => {
    expect(kept(plan, reply)).toEqual([]);
    expect(kept(fact, reply)).toEqual([]);
    expect(readUptake(reply).kind).toBe('none');
  });

  it.each([
    ['yup', 'Yup.', fact, 'The staging database listens on port 5433'],
    ['lgtm', 'lgtm', plan, 'Keep the backups for 30 days from now on'],
    ['excellent', 'Excellent.', plan, 'Keep the backups for 30 days from now on'],
  ] as const)('confirms with "%s", which uptake already read as a yes', (_, reply, said, text) => {
    expect(kept(said, reply)).toContain(text);
    expect(readUptake(reply).kind).toBe('accept');
  });

  it('reads "never" after a yes as taking it back, in uptake as in the rule observer', () => {
    expect(readUptake('Sure, never on Fridays.').kind).toBe('none');
    expect(kept(plan, 'Sure, never on Fridays.')).not.toContain(
      'Keep the backups for 30 days from now on',
    );
  });
});
