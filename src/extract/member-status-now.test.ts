import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// A member's status is their state now (issue #10, precision): an illness told as past and over
// is no sickness; a friend or a teacher named in the family's thread is no member; a place
// conceded over an illness ("went to school anyway") is where the member is now.
const FAMILY = 'family:okoro';

function read(text: string, registry = { members: {}, we: {}, aliases: {} }): string[] {
  return readMessage(text, { entityId: FAMILY, registry, at: '2026-11-10T09:00:00Z' }).map(
    (o) => `${o.entityId} ${o.field}=${o.value}${o.evidence === 'weak' ? ' (weak)' : ''}`,
  );
}

describe('an illness told as past', () => {
  it('with a recovery after it leaves the member well', () => {
    expect(read('Zara was sick last week, all better now')).toEqual([
      'family:okoro family.zara.status=well',
    ]);
    expect(read('Efe had a nasty cough two days ago, fine now.')).toEqual([
      'family:okoro family.efe.status=well',
    ]);
    expect(read('Efe was poorly over the weekend. Much better now!')).toEqual([
      'family:okoro family.efe.status=well',
    ]);
  });

  it('dated before today reads nothing on its own', () => {
    expect(read('Efe had the flu last week')).toEqual([]);
    expect(read('Zara was ill yesterday.')).toEqual([]);
  });

  it('is still sickness when it lasts until now or the recovery is only hoped for', () => {
    expect(read('Zara was sick yesterday and is still in bed')).toEqual([
      'family:okoro family.zara.status=sick',
    ]);
    expect(read('Efe has a fever, all better by Friday hopefully')).toEqual([
      'family:okoro family.efe.status=sick',
    ]);
    expect(read('Efe got sick yesterday')).toEqual(['family:okoro family.efe.status=sick']);
    // A bare recovery with nobody named before it belongs to no one.
    expect(read('All better now')).toEqual([]);
  });
});

describe('someone named by a relation outside the household', () => {
  it('is no member of the thread family', () => {
    expect(read("Zara's friend Maya has the flu")).toEqual([
      'user:maya family.maya.status=sick (weak)',
    ]);
    expect(read('Her classmate Ines is off school with a fever')).toEqual([
      'user:ines family.ines.status=sick (weak)',
    ]);
    expect(read('My neighbour, Kemi, came down with covid')).toEqual([
      'user:kemi family.kemi.status=sick (weak)',
    ]);
  });

  it('stays a member when kin, or listed in the family', () => {
    expect(read("Zara's brother Tobi has the flu")).toEqual([
      'family:okoro family.tobi.status=sick',
    ]);
    const listed = { members: { [FAMILY]: ['Maya', 'Zara'] }, we: {}, aliases: {} };
    expect(read("Zara's friend Maya has the flu", listed)).toEqual([
      'family:okoro family.maya.status=sick',
    ]);
  });
});

// Decision: a child with a cold who went to school anyway is at school. The status slot holds
// one value, and where the child is now is what the concession says; the cold was not enough to
// keep them home.
describe('a place conceded over an illness', () => {
  it('is where the member is now', () => {
    expect(read('Tobi has a cold but went to school anyway')).toEqual([
      'family:okoro family.tobi.status=at_school',
    ]);
    expect(read('Ada has a slight temperature, still went to school')).toEqual([
      'family:okoro family.ada.status=at_school',
    ]);
    expect(read('Ada has a cough. Went to camp anyway.')).toEqual([
      'family:okoro family.ada.status=at_camp',
    ]);
  });

  it('is not read without a concession, or where the place is no status', () => {
    expect(read('Tobi has a cold but we kept him home')).toEqual([
      'family:okoro family.tobi.status=sick',
    ]);
    expect(read('Tobi has a fever, went to the doctor anyway')).toEqual([
      'family:okoro family.tobi.status=sick',
    ]);
  });
});
