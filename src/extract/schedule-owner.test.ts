import { describe, expect, it } from 'vitest';
import {
  asEntityReading,
  type MessageOptions,
  onRecord,
  readMessage,
} from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Whose schedule a sentence speaks of, in a household that says "we" (issue #10). 2026-10-05 is
// a Monday. Dan and Rosa are the parents; Mia and Leo the children.
const AT = '2026-10-05T08:00:00Z';
const HOME = 'family:home';
const REGISTRY = {
  members: { [HOME]: ['Dan', 'Rosa', 'Mia', 'Leo'] },
  we: { 'user:dan': HOME, 'user:rosa': HOME },
  aliases: {},
};

/** Every reading, as `entity field=value (evidence)`, of a message in `entityId`'s thread. */
function reader(entityId: string, known: readonly KnownSlot[]): (text: string) => string[] {
  const options: MessageOptions = { at: AT, entityId, known, registry: REGISTRY };
  return (text) => readMessage(text, options).map(asEntityReading);
}

const onFamily = (readings: readonly string[]) => readings.filter((r) => r.startsWith('family:'));
const committed = (readings: readonly string[]) => readings.filter((r) => !r.endsWith('(weak)'));

describe("the speaker's own activity is not a member's family state", () => {
  const SPEAKER_OWN = [
    'My pilates is at 7 now',
    'I moved my pilates to 19:00',
    'my pilates class got switched to Thursdays',
  ];

  it('reads nothing on the family in the family thread', () => {
    const read = reader(HOME, []);
    for (const text of SPEAKER_OWN) expect(onFamily(read(text)), text).toEqual([]);
  });

  it('reads nothing on the family when the family has pilates on record', () => {
    const known = onRecord({ 'family.schedule.pilates': '2026-10-06 18:00' }, HOME);
    for (const thread of [HOME, 'user:dan']) {
      const read = reader(thread, known);
      for (const text of SPEAKER_OWN) expect(onFamily(read(text)), text).toEqual([]);
    }
  });
});

describe("a 'my' outside the main clause says nothing of whose the event is", () => {
  it('reads the family entry when the speaker names something of their own after it', () => {
    const read = reader(HOME, onRecord({ 'family.schedule.swim': '2026-10-06 17:00' }, HOME));
    expect(read('Swim moved to Thursdays, same time, so I can make my meeting')).toEqual([
      'family:home family.schedule.swim=2026-10-08 17:00 (strong)',
    ]);
  });
});

describe('a bare move of an event with no member named', () => {
  const BARE_HOUR = ['Piano moved to 18:00', 'Piano got pushed to 6pm', 'piano is moving to 18:00'];

  it('does not replace a one-off on a date', () => {
    // A recital six weeks out: a date, not a weekly slot read at its next occurrence.
    const read = reader(HOME, onRecord({ 'family.schedule.piano': '2026-11-14 15:00' }, HOME));
    for (const text of BARE_HOUR) expect(onFamily(read(text)), text).toEqual([]);
  });

  it('does not pick one member when two members have piano', () => {
    const known = onRecord(
      {
        'family.schedule.leo_piano': '2026-10-07 16:00',
        'family.schedule.mia_piano': '2026-10-08 17:00',
      },
      HOME,
    );
    const read = reader(HOME, known);
    for (const text of BARE_HOUR) expect(onFamily(read(text)), text).toEqual([]);
    expect(read("Leo's piano moved to 18:00")).toEqual([
      'family:home family.schedule.leo_piano=2026-10-07 18:00 (strong)',
    ]);
  });

  it('updates the time of the one matching slot on record', () => {
    const known = onRecord({ 'family.schedule.piano': '2026-10-07 16:00' }, HOME);
    const read = reader(HOME, known);
    for (const text of BARE_HOUR) {
      expect(read(text), text).toEqual([
        'family:home family.schedule.piano=2026-10-07 18:00 (strong)',
      ]);
    }
    // From a parent's own thread the household's slot is found only by matching: tentative.
    const fromDan = reader('user:dan', known);
    for (const text of BARE_HOUR) {
      expect(fromDan(text), text).toEqual([
        'family:home family.schedule.piano=2026-10-07 18:00 (weak)',
      ]);
    }
  });
});

describe("a member named without 'we', and 'we' without a member", () => {
  const TWO_SWIMS = onRecord(
    {
      'family.schedule.mia_swim': '2026-10-06 17:00',
      'family.schedule.leo_swim': '2026-10-07 17:00',
    },
    HOME,
  );

  it('files a named member on their family, never on the speaker', () => {
    const read = reader('user:dan', onRecord({ 'family.schedule.swim': '2026-10-06 17:00' }, HOME));
    for (const text of [
      "Mia's swim moved to Thursdays, same time",
      "Mia's swim lessons switched to Thursdays, same time",
      "Mia's swim got changed to Thursdays, same time",
    ]) {
      expect(read(text), text).toEqual([
        'family:home family.schedule.swim=2026-10-08 17:00 (strong)',
      ]);
    }
  });

  it("writes the named member's slot when two members have the event", () => {
    const read = reader(HOME, TWO_SWIMS);
    expect(read("Mia's swim moved to Thursdays, same time")).toEqual([
      'family:home family.schedule.mia_swim=2026-10-08 17:00 (strong)',
    ]);
  });

  const WE_MOVED = [
    'we moved swimming to Thursday',
    'We switched swim to Thursdays',
    "we've moved swim to Thursdays",
  ];

  it("resolves 'we' only when exactly one member's slot matches", () => {
    const one = reader(HOME, onRecord({ 'family.schedule.mia_swim': '2026-10-06 17:00' }, HOME));
    for (const text of WE_MOVED) {
      expect(committed(one(text)), text).toEqual([
        'family:home family.schedule.mia_swim=2026-10-08 (strong)',
      ]);
    }
    const two = reader(HOME, TWO_SWIMS);
    for (const text of WE_MOVED) expect(committed(onFamily(two(text))), text).toEqual([]);
  });
});

describe('the word lists of the owner rule', () => {
  it('reads an activity said as its -ing form as the same event', () => {
    const read = reader(HOME, onRecord({ 'family.schedule.skate': '2026-10-06 17:00' }, HOME));
    expect(read('Skating moved to 18:00')).toEqual([
      'family:home family.schedule.skate=2026-10-06 18:00 (strong)',
    ]);
    const dance = reader(HOME, onRecord({ 'family.schedule.dance': '2026-10-06 17:00' }, HOME));
    expect(dance('Dancing moved to 18:00')).toEqual([
      'family:home family.schedule.dance=2026-10-06 18:00 (strong)',
    ]);
  });
});

describe('the verbs that move a named event', () => {
  const read = reader(HOME, onRecord({ 'family.schedule.violin': '2026-10-06 17:00' }, HOME));

  it('reads "switched <event> to" and "changed <event> to" as a move', () => {
    expect(read('We switched violin to Wednesdays, same time')).toEqual([
      'family:home family.schedule.violin=2026-10-07 17:00 (strong)',
    ]);
    expect(read('Rosa changed violin to Fridays, same time')).toEqual([
      'family:home family.schedule.violin=2026-10-09 17:00 (strong)',
    ]);
  });
});

describe("a new entry said of a listed member carries the member's name", () => {
  it("names the entry after the member the registry lists, and nobody else's", () => {
    const read = reader(HOME, []);
    expect(read("Mia's chess club is on Thursday at 4pm")).toEqual([
      'family:home family.schedule.mia_chess_club=2026-10-08 16:00 (strong)',
    ]);
    // Near miss: a name the registry does not list is no member's entry of this family.
    expect(read("Zoe's chess club is on Thursday at 4pm")).toEqual([
      'family:home family.schedule.chess_club=2026-10-08 16:00 (strong)',
    ]);
  });

  it("never files one member's event on another member's entry", () => {
    const read = reader(
      HOME,
      onRecord({ 'family.schedule.leo_chess_club': '2026-10-08 16:00' }, HOME),
    );
    expect(read("Mia's chess club is on Friday at 4pm")).toEqual([
      'family:home family.schedule.mia_chess_club=2026-10-09 16:00 (strong)',
    ]);
    expect(read("Leo's chess club is on Friday at 4pm")).toEqual([
      'family:home family.schedule.leo_chess_club=2026-10-09 16:00 (strong)',
    ]);
  });

  it('names a calendar entry after the member its title gives', () => {
    const calendar = (known: readonly KnownSlot[]) => (text: string) =>
      readMessage(text, {
        at: AT,
        entityId: HOME,
        source: 'calendar',
        known,
        registry: REGISTRY,
      }).map(asEntityReading);
    const fresh = calendar([]);
    expect(fresh('Chess club (Mia) - Thu Oct 8, 16:00')).toEqual([
      'family:home family.schedule.mia_chess_club=2026-10-08 16:00 (strong)',
    ]);
    // An entry on record that names nobody stays the one entry: no second copy for the member.
    const legacy = calendar(onRecord({ 'family.schedule.chess_club': '2026-10-01 16:00' }, HOME));
    expect(legacy('Chess club (Mia) - Thu Oct 8, 16:00')).toEqual([
      'family:home family.schedule.chess_club=2026-10-08 16:00 (strong)',
    ]);
  });

  it('reads a member listed by full name by their first name', () => {
    const registry = { ...REGISTRY, members: { [HOME]: ['Dan Ortiz', 'Mia Ortiz', 'Leo Ortiz'] } };
    const known = onRecord(
      {
        'family.schedule.mia_swim': '2026-10-06 17:00',
        'family.schedule.leo_swim': '2026-10-08 17:00',
      },
      HOME,
    );
    const read = (text: string) =>
      readMessage(text, { at: AT, entityId: HOME, known, registry }).map(asEntityReading);
    expect(read('Swim moved to 18:00')).toEqual([]);
    expect(read("Leo's swim moved to 18:00")).toEqual([
      'family:home family.schedule.leo_swim=2026-10-08 18:00 (strong)',
    ]);
  });
});

describe("'my' entry on the household: the one carrying the speaker's name", () => {
  const known = onRecord({ 'family.schedule.dan_pilates': '2026-10-06 19:00' }, HOME);
  const MOVES = [
    'my pilates class got switched to Thursdays, same time',
    'My pilates moved to 20:00',
  ];

  it('moves the speaker’s own household entry', () => {
    const read = reader('user:dan', known);
    expect(MOVES.map(read)).toEqual([
      ['family:home family.schedule.dan_pilates=2026-10-08 19:00 (strong)'],
      ['family:home family.schedule.dan_pilates=2026-10-06 20:00 (strong)'],
    ]);
  });

  it("never moves another member's entry", () => {
    const read = reader('user:rosa', known);
    for (const text of MOVES) expect(onFamily(read(text)), text).toEqual([]);
  });
});
