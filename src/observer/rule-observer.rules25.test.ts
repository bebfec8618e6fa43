// rules@25: a problem restated without its fix, and status chatter, are working context (issue
// #13). Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { isSymptomUnder, observedIn, type Turn } from './__fixtures__/sentences.js';

// The rules alone: these tests are about what the rules draft, not what the scorer admits.
const RULES = { from: '2026-06-02T09:00:00.000Z', scorer: null } as const;

/** The observations of the chat that hold `words`. */
const holding = (words: string, ...turns: Turn[]) =>
  observedIn(turns, RULES).filter((o) => o.text.includes(words));

/** Check: what the user says is drafted, and only as a 🟡 problem. */
const isSymptom = isSymptomUnder(RULES);

/** Check: what the user says is kept as a durable (🔴) observation. */
function staysDurable(sentence: string, words: string): void {
  expect(holding(words, ['user', sentence]).some((o) => o.priority === 'red')).toBe(true);
}

describe('rules@25: a symptom reported without a failure word is a problem', () => {
  it.each([
    // A state with a recent onset.
    ['The invoice totals on the dashboard are zero since monday', 'invoice totals'],
    ['The sales panel for shop-02 is flat since tuesday', 'shop-02'],
    ['The backup folder on nas-2 is empty since the weekend', 'nas-2'],
    // A statement the same sentence asks to have looked into.
    ['Track 4 on the album is much quieter than track 3, can you check', 'Track 4'],
    ['The shop page lists the teapot at £0, can you check', 'teapot'],
    // Something the speaker has only just noticed.
    [
      'The booking site offers 9pm slots on Sundays and I only noticed because a client booked one',
      '9pm',
    ],
    // Behaviour as it currently stands, brought up to be changed.
    ['The checkout currently charges €9 shipping for Irish orders', '€9'],
    ['Our reminder emails currently go out at 05:00 on the day', '05:00'],
    // A symptom that persists after something was tried.
    ['Still dropping the first packet on vlan-20', 'vlan-20'],
    // What a thing is doing, against what it should.
    ['The invoices are going out in USD not EUR for the Dublin clients', 'USD'],
    // A reading of nothing under a condition.
    ['The scale on bench-3 shows 0 when the lid is shut', 'bench-3'],
    // Output that is plainly off.
    ['The heating in flat 3 comes on at 3am for no reason', 'flat 3'],
    ['The printer on floor 2 prints blank pages', 'floor 2'],
    ['The chart on the ops-board shows Tuesday twice', 'ops-board'],
    ['Half the photos on the gallery-2 page show up sideways', 'gallery-2'],
    ['The app on pixel-7 opens to a white screen', 'pixel-7'],
    // The thing working against the speaker, never getting done, or warning them.
    ['The app on ios-17 logs me out every 5 minutes', 'ios-17'],
    ['The upload to drive-2 sits at 99% forever', 'drive-2'],
    ["The totals on sheet-2 don't add up", 'sheet-2'],
    ['Safari shows a certificate warning on shop.example.com', 'shop.example.com'],
  ])('"%s" is a 🟡 problem', isSymptom);

  it.each([
    // A standing fact dated from long ago, or a new state dated by the change that brought it.
    ['The shop runs on Shopify 2.0 themes since the redesign', 'Shopify 2.0'],
    ['We have hosted the site on Netlify since 2019', 'Netlify'],
    ['Airbnb we stopped using since last year, only Booking.com now', 'Booking.com'],
    // "currently" with a value and no verb, or with what is wanted instead.
    ['The draft is called Low Tide, currently 64,000 words', 'Low Tide'],
    ['Currently 2 km, the council wants 3.5 km for rural stops', '3.5 km'],
    // The speaker's own setup, and where a thing runs, are no behaviour brought up to change.
    ['We currently run Sage 50 plus Excel for payroll', 'Sage 50'],
    ['The shop site currently runs on Heroku in eu-west-1', 'Heroku'],
    // A participle in an aside is no behaviour brought up to change.
    ['It is the Harbour Street clinic, currently booked for friday 10:30', 'Harbour Street'],
    // A standing use, still; where a thing stands, against where it does not.
    ['Still using Jenkins 2.4 on ci-01', 'Jenkins 2.4'],
    ['The backups are running on nas-02 not nas-01', 'nas-02'],
    // Nothing shown at a place, not under a condition.
    ['Mosquitto shows nothing on garden/pump/# topics', 'garden/pump'],
    // How often, and how sure the speaker is, are no output off.
    ['The cron on db-01 runs twice a day at 02:00 and 14:00', 'db-01'],
    ['The office is at 12 Elm Street, checked twice', '12 Elm Street'],
    ['Tasks on board-7 are assigned at random', 'board-7'],
    // A policy that logs users out, a retention kept forever.
    ['The session on portal-2 logs users out after 30 minutes', 'portal-2'],
    ['The archive on nas-3 is kept forever', 'nas-3'],
  ])('"%s" stays durable', staysDurable);

  it('links the symptom to the fix that follows, so it is not proposed alone', () => {
    const seen = holding(
      'zero since monday',
      ['user', 'The invoice totals on the dashboard are zero since monday'],
      ['assistant', 'The totals query filters on the old currency column.'],
      ['user', 'Fixed by pointing the query at amount_eur.'],
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o.resolved_by !== null)).toBe(true);
  });
});

describe('rules@25: a day taken by a one-off event, said before moving something', () => {
  it.each([
    ['Wait, thursday is the fire drill. Move the spelling test to friday.', 'fire drill'],
    ['Oh wait, monday 14th is the staff party. Push the demo to tuesday.', 'staff party'],
  ])('"%s" keeps the clash as 🟡 context', (message, words) => {
    const seen = holding(words, ['user', message]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o.priority !== 'red')).toBe(true);
  });

  it.each([
    // No move follows: what the day holds is the other rules' to read.
    ['Thursday is the fire drill for block-2.', 'block-2'],
    // A move that follows a reason other than a day taken.
    [
      'Wait, the hall is booked by the choir on the 3rd floor. Move the meeting to friday.',
      'choir',
    ],
  ])('"%s" is not read as a clash', (message, words) => {
    const seen = holding(words, ['user', message]);
    expect(seen.some((o) => o.priority === 'red')).toBe(true);
  });
});

describe('rules@25: status of the work under way is working context', () => {
  it.each([
    // A state the speaker's own activity of the moment explains.
    ['The cold room C2 is empty, we are defrosting it.', 'C2'],
    ["The cold room C2 is empty, we're defrosting it.", 'C2'],
    // A step of the work reported done, as a status line.
    ['Rollout to 25% of users staged', 'Rollout'],
    ['Firmware for pump-2 flashed', 'pump-2'],
    // Progress of the work under way, told as it goes.
    ['Halfway through the import of batch-7', 'batch-7'],
    ['Down to 12 open tickets in the Q3 board', 'Q3 board'],
    ['Just pushed the fix to feature/login-2', 'login-2'],
    ['Tests on ci-3 are green now', 'ci-3'],
    // An incident recalled, told as a warning: no change of state is written from it.
    ['Last time the export wrote Ã¼ instead of ü in every name', 'export'],
  ])('"%s" is not durable', (message, words) => {
    const seen = holding(words, ['user', message]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o.priority !== 'red' && !o.text.includes('replaced'))).toBe(true);
  });

  it.each([
    // A state the speaker keeps on purpose.
    ["The NAS is in the attic on shelf-2, we're keeping it there.", 'shelf-2'],
    // A participle that goes on to say where.
    ['Uploaded as build 1882 on the qa branch', '1882'],
    // A step asked for, not reported; a count bounded by "so far" beside a lasting name.
    ['Just use the node:20-alpine image for ci-3', 'node:20-alpine'],
    ['The desk is an ETC Ion Xe, about 85 cues so far', 'ETC Ion Xe'],
  ])('"%s" stays durable', (message, words) => {
    expect(holding(words, ['user', message]).some((o) => o.priority === 'red')).toBe(true);
  });

  it('reads the relief after a change as its effect, and keeps the change', () => {
    const turns: Turn[] = [
      ['user', 'Pool size is 40 now on db-01'],
      ['user', 'Much better, the lag is gone on the 10k load test'],
    ];
    const seen = observedIn(turns, RULES);
    expect(seen.some((o) => o.priority === 'red' && o.text.includes('Pool size is 40'))).toBe(true);
    const effect = seen.filter((o) => o.text.includes('lag is gone'));
    expect(effect.length).toBeGreaterThan(0);
    expect(effect.every((o) => o.priority === 'yellow')).toBe(true);
    // Near miss: a fix that names what fixed it is kept.
    const named = holding('pool-size 40', [
      'user',
      'The lag is gone on the 10k load test since pool-size 40',
    ]);
    expect(named.some((o) => o.priority === 'red')).toBe(true);
  });
});
