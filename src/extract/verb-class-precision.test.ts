import { describe, expect, it } from 'vitest';
import { readerIn } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Readings a reviewer found confidently wrong in the project and family rules, mostly in team
// threads (where a name is easily taken for a project's code name). Each finding has the
// reviewer's sentences and sentences of our own that must read nothing (MUST_NOT), and sentences
// of our own that must still read the state (MUST). None of these sentences is in a benchmark file.

const AT = '2026-05-04T09:00:00Z';

type Read = (text: string) => string[];

/** What the rules read from one user chat message in `thread`, as `field=value (evidence)`. */
function readIn(thread: string, known: readonly KnownSlot[] = []): Read {
  return readerIn(thread, { at: AT, known });
}

const projectOnRecord = (slug: string, status = 'in_progress'): KnownSlot => ({
  entityId: 'team:core',
  field: `project.${slug}.status`,
  value: status,
});
const kofiSick = (thread: string): KnownSlot => ({
  entityId: thread,
  field: 'family.kofi.status',
  value: 'sick',
});

const team = readIn('team:core');
const family = readIn('family:home');
const teamWithKestrel = readIn('team:core', [projectOnRecord('kestrel', 'blocked')]);
const teamWithMonarch = readIn('team:core', [projectOnRecord('monarch_pipeline', 'blocked')]);
const teamWithHeron = readIn('team:core', [projectOnRecord('heron')]);
const familyKofiSick = readIn('family:home', [kofiSick('family:home')]);
const teamKofiSick = readIn('team:core', [kofiSick('team:core')]);
const user = readIn('user:primary');

/** Finding, the threads it is read in, the readings none may give firmly, and the sentences. */
const MUST_NOT: readonly (readonly [string, readonly Read[], RegExp, readonly string[]])[] = [
  [
    '6: people stuck on trains and sofas, roads no longer blocked',
    [team],
    /^project\./,
    [
      "we're stuck on a train outside Leeds",
      "I'm stuck on the sofa with a cold",
      "we're stuck on the A1, running late for standup",
      'the road is no longer blocked',
      "the main entrance isn't blocked anymore",
      // Ours.
      'we are stuck on the M62 behind a lorry, start without us',
      "I'm stuck on hold with the bank again",
      'the car park is no longer blocked, the van moved',
      "the lift isn't blocked anymore fyi",
    ],
  ],
  [
    '7: "due" after another noun phrase, or in a new sentence',
    [team],
    /\.deadline=/,
    [
      'Atlas is live; the library books, due 2026-05-10, are still here',
      'Atlas is live. Due Friday: my tax return',
      // Ours.
      'Heron shipped, the car service due 2026-06-03 is booked',
      'Kestrel is underway. Due 2026-06-01: the dentist bill',
      'Osprey is done; my passport, due for renewal 2026-09-01, is in the drawer',
    ],
  ],
  [
    '8: someone taken over somewhere, no project on record',
    [team],
    /\.owner=/,
    [
      'Sam took Bella over after lunch',
      // Ours.
      'Jo took Rufus over this morning, he was barking all night',
      'Marta is taking Leo over later, his mum is at work',
    ],
  ],
  [
    "9: '<Name>'s <noun>' with no status or symptom after it",
    [familyKofiSick, teamKofiSick],
    /^family\.kofi\.status=/,
    [
      "Kofi's teacher is back at school today",
      // Ours.
      "Kofi's backpack is still at school",
      "Kofi's bike is back at home now",
      "Kofi's lunchbox is in school again",
    ],
  ],
  [
    '5: a cancellation asked or weighed, or of something that is no activity',
    [family, team],
    /^family\.schedule\./,
    [
      'should we cancel swim practice tomorrow',
      // Ours.
      'could we cancel karate tonight',
      'we should cancel the piano lesson on friday',
      'cancel my subscription to the swim club',
      'we cancelled the order for the party',
    ],
  ],
  [
    '5 (the "cancelled … today" and "… is off" forms): a thing that is no activity',
    [family],
    /^family\.schedule\./,
    [
      'I cancelled my subscription to the swim club today',
      'cancelled the membership at the tennis club today',
      'my gym membership at the climbing centre is cancelled',
      'the heating in the dance studio is off',
    ],
  ],
  [
    "10: '<Name>'s home/sick <noun>' as the subject of a later verb",
    [family, familyKofiSick, team, user],
    /^family\.(?:leo|kofi|maya)\.status=/,
    [
      "Leo's home wifi is down",
      "Leo's sick note is on the fridge",
      // Ours.
      "Kofi's home printer jammed again",
      "Maya's sick day pay is gone",
      "Kofi's home address changed last month",
    ],
  ],
  // Reworded-probe phenomena (finding 4), sentences of our own: what must not be read as sick or
  // at school; MUST has the perfect "has had a fever", "heading to school" and a symptom that
  // "hasn't gone away".
  [
    '4: a symptom gone, a thing heading somewhere, no person before "has had"',
    [family],
    /^family\.\w+\.status=(?:sick|at_school)/,
    [
      "Kofi's cough has gone away",
      'the bus is heading to school now',
      'the house has had a cold spell all week',
    ],
  ],
  // Second review, sentences of our own: a "has had" history, a software bug, a story, another day.
  [
    '4b: an illness had before, a bug in code, a walk to school in a story or on another day',
    [family, team],
    /^family\.\w+\.status=(?:sick|at_school)/,
    [
      'Nia has had measles, so she is immune',
      'Tomas has had the flu twice this winter',
      'Nia has had a rash in the past, nothing now',
      "Tomas's bug still hasn't gone away, the build keeps failing",
      "Nia's virus hasn't cleared up, I had to wipe the laptop",
      'Tomas was heading to school when the storm hit',
      'Nia is heading to school tomorrow after the orthodontist',
    ],
  ],
];

/** Finding, thread, sentence of our own, and the reading it must still give. */
const MUST: readonly (readonly [string, Read, string, string])[] = [
  [
    '6',
    team,
    'we are stuck on the invoicing service until ops reply',
    'project.invoicing_service.status=blocked (strong)',
  ],
  [
    '6',
    team,
    'the search migration is no longer blocked, legal signed',
    'project.search_migration.status=in_progress (strong)',
  ],
  [
    '6',
    teamWithKestrel,
    'good news, Kestrel is no longer blocked',
    'project.kestrel.status=in_progress (strong)',
  ],
  [
    '6',
    teamWithKestrel,
    "we're stuck on Kestrel till the vendor replies",
    'project.kestrel.status=blocked (strong)',
  ],
  [
    '6 (the name after an emoji is the subject)',
    teamWithMonarch,
    'ops finally signed off 🎉 monarch is no longer blocked',
    'project.monarch_pipeline.status=in_progress (strong)',
  ],
  ['7', team, 'Heron is in progress, due 2026-08-20', 'project.heron.deadline=2026-08-20 (strong)'],
  [
    '7',
    team,
    'the checkout rewrite is underway, due by 2026-10-01',
    'project.checkout_rewrite.deadline=2026-10-01 (strong)',
  ],
  [
    '7 (a pronoun for the project)',
    team,
    'Lynx is in progress; Imani owns it, due 2026-07-30',
    'project.lynx.deadline=2026-07-30 (strong)',
  ],
  ['8', teamWithHeron, 'Dev took Heron over after Ruth left', 'project.heron.owner=Dev (strong)'],
  [
    '8',
    teamWithHeron,
    'from june Amara is taking Heron over',
    'project.heron.owner=Amara (strong)',
  ],
  [
    '9',
    familyKofiSick,
    "Kofi's fever is gone, back at school today",
    'family.kofi.status=at_school (strong)',
  ],
  ['9', familyKofiSick, "Kofi's better, back at school", 'family.kofi.status=at_school (strong)'],
  [
    '9',
    familyKofiSick,
    "Kofi's cough gone and back at daycare",
    'family.kofi.status=at_daycare (strong)',
  ],
  [
    '4 (perfect)',
    family,
    'Nia has had a temperature since last night',
    'family.nia.status=sick (strong)',
  ],
  [
    '4 (progressive)',
    family,
    'Tomas is still heading to school',
    'family.tomas.status=at_school (strong)',
  ],
  [
    '4 (persisting)',
    family,
    "Nia's cough still hasn't cleared up",
    'family.nia.status=sick (strong)',
  ],
  [
    '4 (persisting)',
    family,
    "Nia's rash is getting worse, she stays home",
    'family.nia.status=sick (strong)',
  ],
  [
    '4 (second-hand outside a family thread)',
    user,
    'Nia has had a fever since monday',
    'family.nia.status=sick (weak)',
  ],
  ['10', family, "Leo's home", 'family.leo.status=at_home (strong)'],
  ['10', family, "Leo's sick today", 'family.leo.status=sick (strong)'],
  ['10', family, "Leo's home sick", 'family.leo.status=sick (strong)'],
  [
    '10 (ours)',
    familyKofiSick,
    "Kofi's home today, nursery is shut",
    'family.kofi.status=at_home (strong)',
  ],
  ['10 (ours)', family, "Maya's sick again and is in bed", 'family.maya.status=sick (strong)'],
  [
    '5',
    family,
    'please cancel the dentist appointment on Friday',
    'family.schedule.dentist_appointment=cancelled (strong)',
  ],
  [
    '5 (the object ends at its preposition)',
    family,
    'we called off the soccer match with the Tigers',
    'family.schedule.soccer_match=cancelled (strong)',
  ],
  [
    '5',
    family,
    'cancel the violin lesson tomorrow, she has a cold',
    'family.schedule.violin_lesson=cancelled (strong)',
  ],
  [
    '5 (the "cancelled … today" form)',
    family,
    'we cancelled the swim lesson today, pool closed',
    'family.schedule.swim_lesson=cancelled (strong)',
  ],
  [
    '5 (the "… is off" form, a time word after the activity)',
    family,
    'football practice tomorrow is off',
    'family.schedule.football_practice=cancelled (strong)',
  ],
];

describe('readings a reviewer found in the project and family rules', () => {
  it.each(MUST_NOT)('finding %s: nothing firm', (_finding, reads, pattern, texts) => {
    for (const read of reads)
      for (const text of texts)
        expect(
          read(text).filter((o) => pattern.test(o) && !o.endsWith('(weak)')),
          text,
        ).toEqual([]);
  });

  it.each(MUST)('finding %s still reads the state', (_finding, read, text, reading) => {
    expect(read(text)).toContain(reading);
  });
});
