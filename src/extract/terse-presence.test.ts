import { describe, expect, it } from 'vitest';
import { readChat } from './__fixtures__/read-chat.js';

// Plain first-person presence and plans in registers the rules missed: SMS spellings ("im in",
// "rn"), a presence lasting until a day ("in Oslo till friday"), a presence said of the future
// ("I'll be in Oslo next week") and "off to" with a day ahead. Sentences written for this test
// (in no benchmark file).

const travel = (text: string) =>
  readChat(text, '2026-06-10T09:00:00Z')
    .filter((o) => o.field.startsWith('travel.') && o.evidence !== 'weak')
    .map((o) => `${o.field}=${o.value}`);

describe('a terse first-person presence', () => {
  it('puts the speaker in the place', () => {
    for (const text of [
      'im in tbilisi',
      'i m in tbilisi rn',
      'currently in Tbilisi',
      'in tbilisi till friday',
      'in Tbilisi until the 14th, then Batumi',
    ]) {
      expect(travel(text), text).toEqual(['travel.status=in_progress', 'travel.location=Tbilisi']);
    }
  });

  it('reads nothing for venues, non-places, memories or other tails', () => {
    for (const text of [
      'im at Starbucks',
      'im in the office',
      'in meetings till friday',
      'in Tbilisi till last year',
      'im in chapter 11 rn',
    ]) {
      expect(travel(text), text).toEqual([]);
    }
  });
});

describe('a plan said as a future presence or as "off to" with a day ahead', () => {
  it('plans the trip', () => {
    expect(travel("I'll be in Tbilisi next week")).toEqual([
      'travel.status=planned',
      'travel.destination=Tbilisi',
    ]);
    expect(travel('will be in Tbilisi from the 14th to the 18th')).toEqual([
      'travel.status=planned',
      'travel.destination=Tbilisi',
      'travel.departure_date=2026-06-14',
      'travel.return_date=2026-06-18',
    ]);
    expect(travel('off to Tbilisi tmrw')).toEqual([
      'travel.status=planned',
      'travel.destination=Tbilisi',
      'travel.departure_date=2026-06-11',
    ]);
  });

  it('reads nothing for others, questions, venues, a day out, hedges or no day ahead', () => {
    for (const text of [
      'mum will be in Tbilisi next week',
      "I'll be in touch",
      "I'll be in the office tomorrow",
      'maybe I will be in Tbilisi in june',
      'off to Tbilisi!',
      'off to bed',
      'off to Leeds tomorrow for the match',
      'are you off to Tbilisi tomorrow?',
      'my sister is off to Tbilisi tomorrow',
    ]) {
      expect(travel(text), text).toEqual([]);
    }
  });
});
