import { describe, expect, it } from 'vitest';
import { memberEntities, memberGroupOf, personEntity } from './clauses.js';

// The one member match of extraction and context (rv2-ctx 5): names of our own, in no bench file.
describe('personEntity', () => {
  it('spells a person one way however the name is written, Cyrillic and Greek in Latin', () => {
    expect(personEntity('Søren')).toBe('user:soren');
    expect(personEntity('Soren')).toBe('user:soren');
    expect(personEntity('José')).toBe('user:jose');
    expect(personEntity('Agnieszka Łęcka')).toBe('user:agnieszka_lecka');
    expect(personEntity('Дмитрий')).toBe('user:dmitrii');
    expect(personEntity('Γιώργος')).toBe('user:giorgos');
    expect(personEntity('Արամ')).toBe('user:unknown');
  });
});

describe('memberEntities', () => {
  it.each([
    ['Søren Vik', ['user:soren_vik', 'user:s_ren_vik', 'user:soren', 'user:s_ren']],
    ['Łukasz Nowak', ['user:lukasz_nowak', 'user:ukasz_nowak', 'user:lukasz', 'user:ukasz']],
    ['José Núñez', ['user:jose_nunez', 'user:jose']],
    ['Strauß', ['user:strauss', 'user:strau']],
    ['Mira', ['user:mira']],
  ])('matches "%s" by whole and first name, folded and as personEntity spells it', (name, ids) => {
    expect([...memberEntities(name)].sort()).toEqual([...ids].sort());
  });

  it('takes an entity id as written, and nothing from an id-like or letterless entry', () => {
    expect(memberEntities('user:jess')).toEqual(['user:jess']);
    expect(memberEntities('User:Jess')).toEqual([]);
    expect(memberEntities('李明')).toEqual([]);
    expect(memberEntities('Արամ')).toEqual([]);
  });

  it("matches a member's entity as the extractor spells it now and as it did before 2.21.3", () => {
    expect(memberEntities('Søren Vik')).toEqual(
      expect.arrayContaining(['user:soren', 'user:s_ren']),
    );
    expect(memberEntities('Agnieszka Łęcka')).toEqual(
      expect.arrayContaining(['user:agnieszka_lecka', 'user:agnieszka_ecka']),
    );
    expect(memberEntities('Анна')).toEqual(['user:anna']);
  });
});

describe('memberGroupOf', () => {
  const registry = {
    members: { 'family:vik': ['Søren Vik', 'User:Ida'], 'team:ops': ['user:jess'] },
    we: { 'user:ola': 'family:vik' },
    aliases: {},
  };

  it.each([
    ['user:soren', 'family:vik'],
    ['user:s_ren_vik', 'family:vik'],
    ['user:jess', 'team:ops'],
    ['user:ida', null],
    ['user:ola', null],
  ])('reads %s as a member of %s', (entity, group) => {
    expect(memberGroupOf(entity, registry)).toBe(group);
  });
});
