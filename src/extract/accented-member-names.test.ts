// Issue #13: the family rules read a name with Unicode letters, as the member match does, so a
// member whose name has an accent, a letter outside Latin-1 or a hyphen is the registry's member,
// and a member has one field key however their name is written (rv-misc findings 4 to 7). The
// expected keys are written out, never built with the code's own slug. Sentences and names of
// our own.
import { describe, expect, it } from 'vitest';
import { stateBySlot } from './__fixtures__/read-chat.js';
import { extractWithRules } from './rule-extractor.js';
import type { KnownSlot } from './types.js';
import { EMPTY_REGISTRY } from './types.js';

const FAMILY = 'family:brightwater';
const MEMBERS = {
  [FAMILY]: ['Zoë Brightwater', 'Łucja', 'José-Luis', 'Ngozi', 'Renée', 'Søren', 'Дмитрий'],
};

function extract(text: string, known: readonly KnownSlot[] = []) {
  return extractWithRules({
    text,
    at: '2026-06-01T12:00:00Z',
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known,
    registry: { ...EMPTY_REGISTRY, members: MEMBERS },
  });
}

function stateOf(text: string, known: readonly KnownSlot[] = []): ReadonlyMap<string, string> {
  const state = stateBySlot(extract(text, known).observations);
  return new Map([...state].map(([slot, o]) => [slot, String(o.value)]));
}

describe('family rules and members named with letters beyond A to Z', () => {
  it.each([
    ['Zoë has a fever, she is staying home today.', 'zoe', 'sick'],
    ['Łucja is sick today.', 'lucja', 'sick'],
    ['Lucja is better now.', 'lucja', 'well'],
    ['Søren is at school now.', 'soren', 'at_school'],
    ['Soren is home sick.', 'soren', 'sick'],
    ['José-Luis is at school now.', 'jose_luis', 'at_school'],
    ['Ngozi is at daycare now.', 'ngozi', 'at_daycare'],
    ['I dropped Renée at school this morning.', 'renee', 'at_school'],
    ["Renée's fever is gone.", 'renee', 'well'],
    ['Дмитрий is sick today.', 'dmitrii', 'sick'],
  ])('files "%s" under the family, as family.%s.status', (text, slug, value) => {
    const state = stateOf(text);
    const strays = [...state.keys()].filter((k) => k.includes(' family.') && !k.startsWith(FAMILY));
    expect(strays).toEqual([]);
    expect(state.get(`${FAMILY} family.${slug}.status`), [...state].join('; ')).toBe(value);
  });

  it('files a name in Greek letters outside the family under its own entity, never an empty key', () => {
    const fields = extract('Γιώργος is at camp this week.').observations.map(
      (o) => `${o.entityId} ${o.field}`,
    );
    expect(fields).toEqual(['user:giorgos family.giorgos.status']);
  });

  it('reads nothing of a name no slug can spell, and sends nothing to the dead letters', () => {
    const result = extract('Արամ is sick today.');
    expect(result.observations.filter((o) => o.field.startsWith('family.'))).toEqual([]);
    expect(JSON.stringify(result)).not.toContain('family..');
  });

  it.each([
    ['Zoë better, back at school today.', 'zoe'],
    ['Łucja better, back at school today.', 'lucja'],
  ])('reads "%s" for the member whose status is on record', (text, slug) => {
    const known = [{ entityId: FAMILY, field: `family.${slug}.status`, value: 'sick' }];
    expect(stateOf(text, known).get(`${FAMILY} family.${slug}.status`)).toBe('at_school');
  });
});
