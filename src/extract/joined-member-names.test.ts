import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

// Two members or more named together before a place ("Nia and Theo both at school today",
// "dropped Nia and Theo at camp"): each is there (issue #10, recall). Sentences written for this
// test, in no benchmark file.
const FAMILY = 'family:asante';

function read(text: string): string[] {
  return readMessage(text, { entityId: FAMILY, at: '2027-03-01T08:00:00Z' }).map(
    (o) => `${o.entityId} ${o.field}=${o.value}${o.evidence === 'weak' ? ' (weak)' : ''}`,
  );
}

describe('members named together before a place', () => {
  it('each have the place as their status', () => {
    expect(read('Nia and Theo both at school this morning, phew.')).toEqual([
      'family:asante family.nia.status=at_school',
      'family:asante family.theo.status=at_school',
    ]);
    expect(read('Ama, Kofi and Esi are at camp until Friday')).toEqual([
      'family:asante family.ama.status=at_camp',
      'family:asante family.kofi.status=at_camp',
      'family:asante family.esi.status=at_camp',
    ]);
    expect(read('Walked Nia and Theo to school in the rain')).toEqual([
      'family:asante family.nia.status=at_school',
      'family:asante family.theo.status=at_school',
    ]);
  });

  it('leaves out a friend named with them, and a subject with more than names', () => {
    expect(read('Nia and her friend Adwoa are at school')).toEqual([
      'user:adwoa family.adwoa.status=at_school (weak)',
    ]);
    expect(read('Nia and the neighbours are at home')).toEqual([]);
  });
});
