import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import { MILK_VEHICLES } from './rules/profile.js';

const AT = '2026-05-06T19:00:00Z';
const milkReadings = (text: string) =>
  readMessage(text, { at: AT })
    .filter((o) => o.field.startsWith('profile.preference.') && o.field.includes('milk'))
    .map((o) => asReading(o));

describe('MILK_VEHICLES (what a milk preference is for)', () => {
  it('maps each drink or dish, singular or plural, to its singular key', () => {
    expect(MILK_VEHICLES.get('smoothies')).toBe('smoothie');
    expect(MILK_VEHICLES.get('coffee')).toBe('coffee');
    expect(MILK_VEHICLES.get('lattes')).toBe('latte');
    for (const word of ['dog', 'kids', 'kid', 'office', 'morning', 'husband']) {
      expect(MILK_VEHICLES.has(word), word).toBe(false);
    }
  });

  it('keys a milk liked with a drink by the drink, and one liked with anything else as plain milk', () => {
    expect(milkReadings('I like almond milk in my smoothies')).toEqual([
      'profile.preference.smoothie_milk=almond milk (strong)',
    ]);
    expect(milkReadings('i like my coffee with oat milk')).toEqual([
      'profile.preference.coffee_milk=oat milk (strong)',
    ]);
    for (const text of ['I like oat milk with my dog', 'I prefer oat milk for the kids']) {
      for (const reading of milkReadings(text)) {
        expect(reading, text).not.toMatch(/dog_milk|kid_milk/);
      }
    }
  });
});
