import { describe, expect, it } from 'vitest';
import { onRecord, readMessage } from './__fixtures__/read-chat.js';

// A `Key: value` line of a note is one of the writer's tastes only when the note or the key says
// so, or the key's kind is on record; a person's name as key is about that person; a status as
// value is how far along something is (issue #10, precision in notes).
function readNote(
  text: string,
  options: { entityId?: string; known?: Record<string, string> } = {},
) {
  const entityId = options.entityId ?? 'user:primary';
  return readMessage(text, {
    source: 'note',
    entityId,
    at: '2026-10-07T08:00:00Z',
    known: options.known === undefined ? [] : onRecord(options.known, entityId),
  }).map((o) => `${o.field}=${o.value}`);
}

describe('a list note whose heading names something else', () => {
  it('reads no taste from its items', () => {
    expect(readNote('# Shopping\nBread: sourdough\nCheese: cheddar')).toEqual([]);
    expect(readNote('Hardware store\nPaint: matt white')).toEqual([]);
  });

  it('still reads a key that says it is a taste, or a kind on record', () => {
    expect(readNote('# Shopping\nFavourite cheese: cheddar')).toEqual([
      'profile.preference.favourite_cheese=cheddar',
    ]);
    expect(
      readNote('# Shopping\nBread: rye', { known: { 'profile.preference.bread': 'sourdough' } }),
    ).toEqual(['profile.preference.bread=rye']);
  });

  it('reads a heading that says the lines are tastes, or a bare card with no heading', () => {
    expect(readNote('# Things I like\nBread: sourdough')).toEqual([
      'profile.preference.bread=sourdough',
    ]);
    expect(readNote('My weekday routine\nGym: evenings')).toEqual([
      'profile.preference.gym_time=evening',
    ]);
    expect(readNote('Bread: sourdough\nTea: rooibos')).toEqual([
      'profile.preference.bread=sourdough',
      'profile.preference.tea=rooibos',
    ]);
  });
});

describe('a status as the value', () => {
  it('is no taste, with or without a heading', () => {
    expect(readNote('Garden tasks\nHedge: in progress\nShed roof: done')).toEqual([]);
    expect(readNote('Passport renewal: blocked\nTea: rooibos')).toEqual([
      'profile.preference.tea=rooibos',
    ]);
  });
});

describe("a person's name as the key", () => {
  it('is that person’s schedule when the value is one', () => {
    expect(
      readNote('Ilinca: violin lesson, Thursdays 16:45\nTeodor: judo every Monday 18:00', {
        entityId: 'family:albu',
      }),
    ).toEqual([
      'family.schedule.violin_lesson=2026-10-08 16:45',
      'family.schedule.judo=2026-10-12 18:00',
    ]);
  });

  it('is nothing when the value is no schedule, and never a taste', () => {
    expect(readNote('Ilinca: loves mango sorbet', { entityId: 'family:albu' })).toEqual([]);
    expect(readNote('Teodor: dark roast')).toEqual([]);
  });
});
