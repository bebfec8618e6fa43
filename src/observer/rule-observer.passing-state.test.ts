// rules@23: the weather now or the speaker's passing condition ("it's hailing", "31 degrees in the
// studio", "I'm shattered", "I've hardly slept") is the colour of the moment, not a memory; a
// durable clause beside it is still kept, and a state that recurs or conditions a practice keeps
// its reading. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { chatsFrom } from './__fixtures__/sentences.js';
import { isLeaving, isPassingState } from './text-rules.js';

const { keeps, keepsWithout, keepsNothing } = chatsFrom({ from: '2026-03-04T10:00:00.000Z' });

describe('rules@23: the weather now', () => {
  it.each([
    "It's hailing in Tampere and the tram to the depot is late",
    'Its properly pouring, the gutters at the allotment overflow',
    '31 degrees in the studio, the glaze dries too fast',
    'Grey skies finally, the lawn at Hollybank Road gets a rest',
    'it is freezing outside, my fingers barely type on the Thinkpad',
  ])('"%s" gives nothing durable', keepsNothing);

  // Positive neighbours: weather words in a standing practice, a limit or a condition.
  it.each([
    ["It's always windy on the Kinder ridge, so we pitch the tents behind the wall", 'Kinder'],
    ["The Kiruna depot shuts whenever it's snowing hard, call Arvid on 070-555-0142", 'Arvid'],
    ['Only pour the concrete for the Ostrava slab above 5 degrees', '5 degrees'],
    ['The greenhouse heater kicks in at 4 degrees, set on the Hive app', '4 degrees'],
  ])('"%s" stays durable', keeps);
});

describe("rules@23: the speaker's passing condition", () => {
  it.each([
    "I'm shattered, two nights of pager alerts from the Gdańsk cluster",
    'Feeling utterly wrecked after the 6am flight to Oslo',
    "Sorry if I'm slow, I've hardly slept since the Bergen trip",
    "It's been a hectic week at the Linz office, excuse the typos",
    'Chapter 9 first draft is there but so sleepy now',
  ])('"%s" gives nothing durable', keepsNothing);

  it.each([
    ["I'm exhausted, but our accountant is Dana Whitfield at Kestrel & Co", 'Dana Whitfield'],
    ["I'm knackered, the van insurance is with Admiral under policy AD-4471", 'AD-4471'],
    ["It's pouring here, and the shed key is under the blue pot at 14 Elm Road", '14 Elm Road'],
  ])('"%s" keeps its durable clause', keepsWithout(/^(?:i'?m|it'?s)\b/i));

  // Positive neighbours: the same words in a lasting condition, a preference or a rule.
  it.each([
    ["I'm tired of Trello, we're moving the board to Linear", 'Linear'],
    ["When I'm tired I misread doses, so Priya double-checks the warfarin chart", 'warfarin'],
    ['I am always exhausted after night shifts, so no meetings on Tuesdays before 14:00', '14:00'],
    ["I'm allergic to penicillin, note it for the Lindenhof clinic", 'penicillin'],
  ])('"%s" stays durable', keeps);

  it('reads the state, not the sentence around it', () => {
    expect(isPassingState("honestly I'm fried, the build took all day")).toBe(true);
    expect(isPassingState('Deep-fried halloumi is on the menu at the Crown')).toBe(false);
    expect(isPassingState('Tired tyres get replaced at 3 mm')).toBe(false);
  });
});

describe('rules@23: a break taken now is the speaker turning away', () => {
  it.each(['Time for a coffee, then the Leeds slides', "ok it's time for lunch"])(
    '"%s" is leaving',
    (sentence) => {
      expect(isLeaving(sentence)).toBe(true);
    },
  );

  it.each(['Lunch time for the crew is 12:30 at the Dock Street site'])(
    '"%s" is not leaving',
    (sentence) => {
      expect(isLeaving(sentence)).toBe(false);
    },
  );
});

describe('rules@23: asking someone else first is the speaker turning away', () => {
  it.each([
    'Hang on, let me ask the trustees at the Friday meeting first',
    'ok let me check with Dariusz in payroll',
    'wait, let me run it past the head of year 9',
  ])('"%s" gives nothing durable', keepsNothing);

  it.each([
    ['Let me ask Ilona, she owns the Grafana dashboards for prod-eu', 'Grafana'],
    ['Let me know by 18:00 whether the Mercer Street hall is free', '18:00'],
  ])('"%s" keeps what it states', keeps);
});
