import { beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, messageRecord } from '../testing/index.js';
import { useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

// Issue #10: what a user says in chat becomes state only when the words state it. The first
// block is the false state quoted in the issue; the rest are sentences written for this test
// (in no benchmark file).

const AT = '2026-03-10T09:00:00Z';
const opened = useTestEngine('verity-language-', AT, { embeddings: { model: null } });
let clock: ManualClock;
let engine: Engine;

beforeEach(() => {
  ({ clock, engine } = opened());
});

let n = 0;
async function say(content: string, entity = 'user:primary', at = AT): Promise<void> {
  n += 1;
  await engine.ingest([
    messageRecord(`t-${entity}`, `m${n}`, 'user', content, at, { entity_id: entity }),
  ]);
}

/** Every field of the entity that is committed or awaiting review. */
async function touched(entity = 'user:primary'): Promise<string[]> {
  const view = await engine.getEntity(entity);
  const fields = Object.entries(view.state)
    .filter(([, f]) => f.status === 'committed' || f.status === 'pending_review')
    .map(([k]) => k);
  return [...new Set([...fields, ...view.pending.map((p) => p.field)])].sort();
}

async function committed(field: string, entity = 'user:primary'): Promise<string | null> {
  const f = await engine.getField(entity, field);
  return f.status === 'committed' ? f.value : null;
}

/** One test per sentence: saying it commits no field and raises no review. */
function itChangesNoState(sentences: readonly string[]): void {
  it.each(sentences)('"%s" changes no state', async (text) => {
    await say(text);
    expect(await touched()).toEqual([]);
  });
}

/** One test per sentence: saying it commits no field and asks nothing (a tentative reading may stay). */
function itCommitsNothing(sentences: readonly string[]): void {
  it.each(sentences)('"%s" commits nothing', async (text) => {
    await say(text);
    const view = await engine.getEntity('user:primary');
    const decided = Object.values(view.state).filter(
      (f) => f.status === 'committed' || f.status === 'pending_review',
    );
    expect(decided).toEqual([]);
  });
}

describe('no false state from ordinary chat (issue #10, "What was measured")', () => {
  itChangesNoState([
    "I'm at Starbucks grabbing coffee",
    'We are in Chapter 11',
    'Back from lunch',
    'The trip to Paris was amazing last month',
    "We're doing Python for the backend",
    'Our trip got off to a bad start… the accident',
  ]);

  it('"Going forward, please book me on morning flights" is not a meeting time', async () => {
    await say('Going forward, please book me on morning flights');
    const fields = await touched();
    expect(fields).not.toContain('profile.preference.meeting_time');
    // The preference it does state is about flights, named from the sentence's own noun.
    expect(fields.every((f) => f === 'profile.preference.flight_time')).toBe(true);
  });
});

describe('the right state where the sentence states it', () => {
  it('reads departure and return dates from "flying to Lisbon on March 22 and back March 29"', async () => {
    await say("I'm now flying to Lisbon on March 22 and back March 29");
    expect(await committed('travel.status')).toBe('planned');
    expect(await committed('travel.destination')).toBe('Lisbon');
    expect(await committed('travel.departure_date')).toBe('2026-03-22');
    expect(await committed('travel.return_date')).toBe('2026-03-29');
  });

  it('moves a lesson from one weekday to another', async () => {
    await say("Leo's piano lesson moves from Wednesday to Friday at 4", 'family:okafor');
    // 2026-03-10 is a Tuesday: the next Friday is the 13th.
    expect(await committed('family.schedule.piano_lesson', 'family:okafor')).toBe(
      '2026-03-13 16:00',
    );
  });

  it('takes a decision and its reversal to canonical project state', async () => {
    await say('We decided to use Stripe for checkout v2');
    expect(await committed('project.checkout_v2.provider')).toBe('Stripe');
    clock.set('2026-03-10T10:00:00Z');
    await say('Scratch that, we switched to Adyen', 'user:primary', '2026-03-10T10:00:00Z');
    expect(await committed('project.checkout_v2.provider')).toBe('Adyen');
  });
});

describe('sentences of our own', () => {
  itChangesNoState([
    "I'm at Blue Bottle with Priya",
    "We're in Module 4 of the course now",
    'Back from the gym, starving',
    'Our honeymoon in Kyoto was unforgettable',
    'We are doing Rust for the parser',
    'Finally at the office',
  ]);

  it('commits a first-person arrival in a gazetteer city', async () => {
    await say('Touched down in Tbilisi an hour ago, heading to the hotel');
    expect(await committed('travel.status')).toBe('in_progress');
    expect(await committed('travel.location')).toBe('Tbilisi');
  });

  it('asks instead of committing an arrival at a name the gazetteer does not know', async () => {
    await say('Just landed in Zorvath Minor');
    expect(await committed('travel.location')).toBeNull();
    const field = await engine.getField('user:primary', 'travel.location');
    expect(field.status).toBe('pending_review');
    expect(field.pending?.value).toBe('Zorvath Minor');
  });

  it('keeps "we are in" + a name the gazetteer does not know tentative: visible, never committed, no prompt', async () => {
    await say("We're in Kettleby Downs, the snow is great");
    const field = await engine.getField('user:primary', 'travel.location');
    expect(field.status).toBe('tentative');
    expect(field.pending).toBeNull();
  });

  it('reads a return from a named place as a completed trip', async () => {
    await say('Back from Hanoi! Unpacking now.');
    expect(await committed('travel.status')).toBe('completed');
    expect(await committed('travel.location')).toBe('home');
  });

  it('reads "back home after two weeks in X" as a return today, with no return date ahead', async () => {
    await say('Finally back home after two weeks in Chile.');
    expect(await committed('travel.status')).toBe('completed');
    expect(await committed('travel.return_date')).toBeNull();
  });
});

describe('state said earlier is no licence for later chatter (one stream, as a user chats)', () => {
  it('a project on record does not make every "going to X for Y" or "deadline for Z" a project', async () => {
    await say('We decided to use Stripe for checkout v2');
    expect(await committed('project.checkout_v2.provider')).toBe('Stripe');
    for (const text of [
      'Our au pair is going to Davao for Easter',
      'The parcel is going to Tromsø.',
      'The deadline for the scholarship is May 2.',
      'my mate Rhys is driving to Albany next week',
      'The card moved to Done.',
    ]) {
      await say(text);
    }
    const fields = (await touched()).filter((f) => f.startsWith('project.'));
    expect(fields).toEqual(['project.checkout_v2.provider']);
    expect(await committed('project.checkout_v2.provider')).toBe('Stripe');
  });

  it('a slot with only tentative evidence does not anchor a later weak reading', async () => {
    await say('The recital is cancelled.');
    await say('The recital is on April 18.');
    expect(await committed('family.schedule.recital')).toBeNull();
  });
});

describe('a cancellation proposed or announced is not one done (rules@2.7.6)', () => {
  itChangesNoState([
    "let's cancel the gym membership, we never go",
    "I'll cancel Netflix tomorrow",
    'we should probably cancel Hulu',
    'need to cancel the Disney+ plan before it renews',
    'ok fine, cancel the magazine subscription then, see if I care',
    'remind me to cancel Audible on Friday',
  ]);
});

describe("someone else's refund is not the user's (rules@2.7.6)", () => {
  itChangesNoState([
    'my sister got the refund from Zalando at last',
    'Dana received a full refund from Lufthansa',
    'my dad got his refund from EasyJet, took ages',
    'they got a refund from the airline in the end',
    'our landlord got a refund from Thames Water',
  ]);
});

describe('a journey that something is about is no plan (rules@2.7.7)', () => {
  itChangesNoState([
    'watching a documentary about the flight to Mars',
    'reading a book about the trip to Antarctica that went wrong',
    "there's a podcast on the journey to Everest I love",
    'that film about the voyage to Iceland was slow',
    'listened to a talk about the flight to Tokyo in 1950',
  ]);
});

describe('a place name used as a modifier is no location (rules@2.7.7)', () => {
  itChangesNoState([
    "I'm in Tokyo mode, jet lag is brutal",
    "still on London time, can't sleep",
    'full Paris vibes in this cafe',
    'my body is in Sydney time zone still',
    "I'm in New York mode today, walking fast",
  ]);
});

describe('laughter keeps a statement from committing (rules@2.7.7)', () => {
  itCommitsNothing([
    "I'm allergic to Mondays lol",
    "I'm vegan on weekdays, cheese on weekends haha",
    'I am moving to Mars lmao',
    'officially allergic to meetings hahaha',
    'cancelled my Netflix lol',
  ]);
});

describe("a claim about people in general is not the user's state (rules@2.7.8)", () => {
  itCommitsNothing([
    'the rent is due on the 1st for most people',
    'for most tenants the water bill is included',
    'typically the council tax is paid in ten instalments',
    'in general flights to Lisbon are cheap in March',
    'generally speaking the premium goes up every year',
  ]);
});

describe("a market price is not the user's bill (rules@2.7.9)", () => {
  itCommitsNothing([
    'rent here is 1,450 for a one-bed, typical',
    'rent round here is 1,300 on average',
    'the going rate for a studio is 950 a month',
    'a two-bed flat goes for 2,100 around here',
    'council tax for a band D house is 2,000 on average',
  ]);
});

describe('beside each guard above, the plain statement still commits', () => {
  it.each([
    ['The Spotify subscription has been cancelled', 'financial.spotify.status', 'cancelled'],
    ['we got a refund from Iberia', 'financial.iberia_refund.status', 'refunded'],
    ['Ryanair refunded me', 'financial.ryanair_refund.status', 'refunded'],
    ["I'm in Tokyo now", 'travel.location', 'Tokyo'],
    ['the rent is due on the 1st', 'financial.rent.due_date', '2026-04-01'],
    ['my rent is 1,450', 'financial.rent.amount', '1450'],
  ])('"%s" commits %s = %s', async (text, field, value) => {
    await say(text);
    expect(await committed(field)).toBe(value);
  });
});
