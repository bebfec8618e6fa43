import { describe, expect, it } from 'vitest';
import { itReadsNothingEach } from './__fixtures__/phenomenon-cases.js';
import { commitsAlone, onRecord, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Issue #10 §1, distractor precision: sentences that mention a place, a plan or a status without
// stating the speaker's own state. Each was written for this test (in no benchmark file). A
// reading may remain, but never as strong evidence: nothing here may auto-commit.

function strong(text: string, entityId = 'user:primary'): string[] {
  return readMessage(text, { entityId })
    .filter(commitsAlone)
    .map((o) => `${o.entityId} ${o.field}=${o.value}`);
}

describe('second-hand and non-literal statements are never strong evidence', () => {
  itReadsNothingEach(strong, [
    // Another person's movements: hearsay, bound to that person at most, and weak.
    ['a named third party', 'Marisol is flying to Guadalajara on Thursday.'],
    ['a relative', "Grandpa's heading to Aberdeen next week."],
    ['a family name', 'The Okonkwos are driving to Enugu for the wedding.'],
    ['an unnamed "they"', "They're going to Antalya in August, lucky them."],
    ['a past arrival of someone else', 'Henrik landed in Bergen this morning.'],
    // Reported speech and quotations.
    ['reported speech', 'Apparently the whole office is moving to Lyon.'],
    ['a quotation', 'The advert says "Fly to Vienna for 30 euros" every five minutes.'],
    ['a quoted line', 'He said "I\'m in Tallinn now" but nobody believed him.'],
    // Wishes and daydreams.
    ['a wish', "I'd love to go to Tasmania one day."],
    ['a daydream', 'Dreaming of a week in Sicily.'],
    ['an "if only"', 'If only I were in Mauritius right now.'],
    // "At" places the speaker at a point, not in a trip.
    ['an airport', "I'm at Schiphol collecting my cousin."],
    // Things owned by a third party.
    ["a friend's rent", "My flatmate's rent went up to 1,150."],
    ["someone else's project", "The council's tram project is on hold."],
    ['a possessive pronoun', 'Their rollout is blocked again.'],
    ['a friend of a member', "Nico's friend is at camp all week."],
    ['a diet said of a thing', 'The lasagne is vegetarian.'],
    ['an unresolved pronoun', "She's vegan these days."],
    // A number that is not money.
    ['a count', 'Finished a 2,000-piece puzzle of the Matterhorn today.'],
    // Stories, day outings, unrealised plans, glosses, generic or unanchored mentions.
    ['a temporal subordinate clause', 'When we got to Ljubljana it was pouring.'],
    ['a story with a past time adverbial', 'Got back from Tunisia three weeks ago, still tanned.'],
    ['en route home', 'I was stuck in Doha for six hours on my way back from Manila.'],
    ['a trip word modifying a noun', 'Back from vacation brain now, finally answering email.'],
    ['a day out in a district', "I'm in Shoreditch for drinks."],
    ['an unrealised plan', 'Was going to fly to Denver but the fares doubled.'],
    ['a vague obligation', 'I should visit Granada sometime.'],
    ['a gloss', '"Je suis à Lyon" means I am in Lyon.'],
    ['a rhetorical tag', 'Off to Monte Carlo with that tan, huh.'],
    ['a bare generic plural', 'Flights are cancelled all over the coast today.'],
    ['the kids, outside a family thread', 'Kids are home today, teacher strike.'],
    ['a third party in no known family', 'Ines has the flu, poor thing.'],
    ['an unanchored schedule', 'The quiz night is cancelled.'],
    ["a vehicle that is not the speaker's", 'Train to Utrecht is delayed again.'],
    ["another team's notes", 'Data team: the warehouse migration is blocked on access.'],
  ]);

  it("still reads the speaker's own plain statements", () => {
    expect(strong('Flying to Guadalajara on Thursday.')).toContain(
      'user:primary travel.destination=Guadalajara',
    );
    expect(strong("I'm in Bergen now.")).toContain('user:primary travel.location=Bergen');
    expect(strong("I'm vegan these days.")).toContain('user:primary profile.preference.diet=vegan');
  });
});

describe('each listed wish, report, gloss and venue word holds on sentences of its own', () => {
  // One sentence per alternative of the irrealis, reported-speech, gloss, tag and venue lists
  // that no sentence above exercises: each was written for this test (in no benchmark file), so
  // every entry of those lists answers for a phenomenon, not for one benchmark sentence.
  itReadsNothingEach(strong, [
    ['a wish (I wish)', 'I wish we were back in Dubrovnik.'],
    ['a wish (wish I was)', 'Wish I was in Zanzibar instead of this meeting.'],
    ['"would love to" without a subject', 'Would love to spend a winter in Tromsø.'],
    ['"would be nice to"', 'Would be nice to be in Crete this week.'],
    ['"in an ideal world"', 'In an ideal world we fly to Lisbon on Friday.'],
    ['"in another life"', 'In another life I live in Valletta.'],
    ['a bucket list', 'Kyoto in autumn is top of my bucket list.'],
    ['"one day" at the end', "We're moving to Hokkaido one day."],
    ['a near miss', 'I nearly booked a flight to Tirana.'],
    ['"meant to"', 'We were meant to drive to Nantes on Sunday.'],
    ['"ought to"', 'We ought to fly to Belfast to see Gran.'],
    ['"according to"', 'According to Mum, we are flying to Perth next month.'],
    ['hearsay ("heard that")', 'I heard that we are moving to Rotterdam in spring.'],
    ['a rumour', "Rumour has it we're relocating to Gdańsk."],
    ['a tag ("innit")', "We're off to Blackpool again, innit."],
    ['a translation', '"Ich bin in Graz" translates to I am in Graz.'],
    ['a word gloss', "The Welsh word for I'm in Cardiff is long."],
    ['a concert', "I'm at the concert in Oslo, can't hear you."],
    ['a haircut', "I'm at my haircut, text me."],
  ]);
});

describe('plain first-person returns', () => {
  it('still reads a plain first-person return', () => {
    expect(strong('Back from Tunisia, home safe.')).toContain(
      'user:primary travel.status=completed',
    );
  });
});

describe('plain first-person reports the rules read (recall)', () => {
  it('reads an elliptical "in <city>" as the speaker being there', () => {
    expect(strong('in trondheim. freezing but pretty')).toContain(
      'user:primary travel.location=Trondheim',
    );
    expect(strong('In Medellín now, at last.')).toContain('user:primary travel.location=Medellín');
    // Not a general remark that starts with a place.
    expect(strong('In Medellín the metro is excellent.')).toEqual([]);
  });

  it('gives a trip written as "A -> B" to the group when the clause says "us"', () => {
    expect(
      strong('The three of us fly Nairobi -> Mombasa on 2026-08-02.', 'family:achieng'),
    ).toContain('family:achieng travel.destination=Mombasa');
  });
});

describe('a date change for a trip on record', () => {
  const read = (text: string, known: KnownSlot[]) =>
    readMessage(text, { entityId: 'family:moreau', known }).map(
      (o) => `${o.entityId} ${o.field}=${o.value} ${o.correction} ${o.intent}`,
    );

  it('moves the departure date, as a correction, only when one is on record', () => {
    const known = onRecord({ 'travel.departure_date': '2026-05-20' }, 'family:moreau');
    expect(read("Train strike, so we've changed to the 22nd.", known)).toContain(
      'family:moreau travel.departure_date=2026-05-22 true planning',
    );
    expect(read("Train strike, so we've changed to the 22nd.", [])).toEqual([]);
    // A question about a change is not a change.
    expect(
      read('What if we changed to the 22nd?', known).filter((o) =>
        /(?:planning|assertive)$/.test(o),
      ),
    ).toEqual([]);
  });
});
