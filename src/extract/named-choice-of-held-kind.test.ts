import { describe, expect, it } from 'vitest';
import { expectNothingRead, readerOnRecord } from './__fixtures__/read-chat.js';

// A name whose last word is a kind the speaker already has a preference for ("… Airlines", an
// airline on record) is a new value of that preference when chosen as a standing one.
const held = readerOnRecord('user:primary', {
  'profile.preference.airline': 'Lufthansa',
  'profile.preference.hotel': 'Marriott',
});

describe('a named choice of a kind on record', () => {
  it.each([
    ['From now on I want Aurigny Airlines.', 'airline=Aurigny Airlines'],
    ['I want Hyatt Hotels for work trips from now on', 'hotel=Hyatt Hotels'],
    ['I prefer Royal Jordanian Airlines these days.', 'airline=Royal Jordanian Airlines'],
  ])('replaces the preference: %s', (text, reading) => {
    expect(held(text)).toEqual([`profile.preference.${reading} (strong)`]);
  });
});

describe('near misses', () => {
  it('reads nothing of a kind the speaker holds no preference for', () => {
    const none = readerOnRecord('user:primary', { 'profile.preference.seat': 'aisle' });
    expectNothingRead(none, ['From now on I want Aurigny Airlines.']);
  });

  it('reads nothing from a want that is no standing instruction, or someone else’s', () => {
    expectNothingRead(held, [
      'I want Aurigny Airlines.',
      'My sister wants Aurigny Airlines from now on.',
      'From now on I want aurigny airlines.',
    ]);
  });
});
