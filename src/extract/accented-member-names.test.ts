// Issue #13: the family rules read a name with Unicode letters, as the member match does, so a
// member whose name has an accent, a letter outside Latin-1 or a hyphen is the registry's member.
// Sentences and names of our own.
import { describe, expect, it } from 'vitest';
import { extractWithRules } from './rule-extractor.js';
import { slugify } from './text.js';
import { EMPTY_REGISTRY } from './types.js';

const FAMILY = 'family:brightwater';
const MEMBERS = { [FAMILY]: ['Zoë Brightwater', 'Łucja', 'José-Luis', 'Ngozi', 'Renée'] };

function stateOf(text: string): ReadonlyMap<string, string> {
  const result = extractWithRules({
    text,
    at: '2026-06-01T12:00:00Z',
    source: 'chat',
    role: 'user',
    entityId: 'user:primary',
    known: [],
    registry: { ...EMPTY_REGISTRY, members: MEMBERS },
  });
  return new Map(
    result.observations
      .filter((o) => o.intent === 'assertive' || o.intent === 'planning')
      .map((o) => [`${o.entityId} ${o.field}`, String(o.value)]),
  );
}

describe('family rules and members named with letters beyond A to Z', () => {
  it.each([
    ['Zoë has a fever, she is staying home today.', 'Zoë', 'sick'],
    ['Łucja is sick today.', 'Łucja', 'sick'],
    ['José-Luis is at school now.', 'José-Luis', 'at_school'],
    ['Ngozi is at daycare now.', 'Ngozi', 'at_daycare'],
    ['I dropped Renée at school this morning.', 'Renée', 'at_school'],
    ["Renée's fever is gone.", 'Renée', 'well'],
  ])('files "%s" under the family', (text, name, value) => {
    const state = stateOf(text);
    const key = `${FAMILY} family.${slugify(name)}.status`;
    const strays = [...state.keys()].filter((k) => k.includes(' family.') && !k.startsWith(FAMILY));
    expect(strays).toEqual([]);
    expect(state.get(key), [...state].join('; ')).toBe(value);
  });
});
