import { describe, expect, it } from 'vitest';
import {
  findReplacementVerb,
  findSupersessionTrigger,
  hasSupersessionSignal,
  SUPERSESSION_TRIGGERS,
} from './has-supersession-signal.js';

describe('supersession triggers', () => {
  it('are exactly the five of seed 001', () => {
    expect(SUPERSESSION_TRIGGERS).toEqual([
      'instead',
      'replaced',
      'switched',
      'changed to',
      'no longer',
    ]);
  });

  const cases: readonly [string, string | null][] = [
    ['Use Memcached instead of Redis', 'instead'],
    ['Redis was REPLACED by Memcached', 'replaced'],
    ['We switched to Memcached', 'switched'],
    ['The region changed to eu-west-1', 'changed to'],
    ['We no longer use Redis', 'no longer'],
    ['We  no\nlonger use Redis', 'no longer'],
    ['Use Redis, instead.', 'instead'],
    ['Actually, use Memcached', null],
    ['Correction: the meeting is at 3', null],
    ['We switch to Memcached', null],
    ['We changed the plan', null],
    ['Insteadof is not a word', null],
    ['The replacement part arrived', null],
    ['Use Redis for caching', null],
  ];
  it.each(cases)('finds the trigger in %j: %j', (text, trigger) => {
    expect(findSupersessionTrigger(text)).toBe(trigger);
    expect(hasSupersessionSignal(text)).toBe(trigger !== null);
  });

  it('reports the trigger that comes first in the text', () => {
    expect(findSupersessionTrigger('We switched to X instead of Y')).toBe('switched');
  });
});

describe('findReplacementVerb', () => {
  const cases: readonly [string, string | null][] = [
    ['Use Memcached', 'use'],
    ['We are using Memcached now', 'use'],
    ['We chose Memcached', 'choose'],
    ['Choosing Memcached', 'choose'],
    ['We switched to Memcached', 'switch'],
    ["Let's go with Memcached", 'go with'],
    ['We went with Memcached', 'go with'],
    ['We adopted Memcached', 'adopt'],
    ['Memcached instead of Redis', null],
    ['The user is happy', null],
    ['Go to the store', null],
  ];
  it.each(cases)('finds the verb in %j: %j', (text, verb) => {
    expect(findReplacementVerb(text)).toBe(verb);
  });
});
