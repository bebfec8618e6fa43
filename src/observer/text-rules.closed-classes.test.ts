// The closed word classes of rules@9 (issue #13), each on its own: departures, verdicts that turn a
// value down, and the opinion and tentative-name hedges. Sentences of our own.
import { describe, expect, it } from 'vitest';
import { besidesDeparture, isDeparture, isHedged, isVerdict } from './text-rules.js';

describe('isDeparture', () => {
  it.each([
    'gotta go',
    'Now I must go',
    'now I have to go in the barn',
    'ok I have to run',
    'I need to dash',
    'off to the gym',
    "I'm off now",
    'Now I go open the bakery',
    'I go to eat now',
    'back to work',
    'Back to actual work',
    'my 4pm call is starting',
    'standup in 2',
    "I've got a seminar meeting in 5 mins",
    'the lesson is about to start',
  ])('reads "%s" as leaving', (clause) => {
    expect(isDeparture(clause)).toBe(true);
  });

  it.each([
    'All invoices must go through Dana',
    'Hotfixes have to go out the same day',
    'We need to go live on 1 May',
    'Orders must go to the Leeds warehouse',
    'The weekly call is at 16:00',
    'Sessions expire in 30 minutes',
    'The meeting is in room 4',
    'Off-site copies go to the NAS',
    'I go to the market every Saturday',
    'Turn the heater off to save power',
    "I've got to run the migrations first",
    'I have to leave the port at 8443',
    'Back to work tomorrow',
  ])('does not read "%s" as leaving', (clause) => {
    expect(isDeparture(clause)).toBe(false);
  });

  it('returns the clauses besides the departure, or null when nothing leaves', () => {
    expect(besidesDeparture('Gotta go, but remember: backups run at 02:30')).toBe(
      'Remember: backups run at 02:30',
    );
    expect(besidesDeparture('Thanks, off to the shop')).toBe('Thanks');
    expect(besidesDeparture('Off to the shop')).toBe('');
    expect(besidesDeparture('Backups run at 02:30')).toBeNull();
  });
});

describe('isVerdict', () => {
  it.each([
    'way over',
    'way over budget',
    'too expensive',
    'Too pricey',
    "that's a lot",
    'thats a lot',
    'which is ridiculous',
    'which is obviously insane',
    'out of our budget',
    'not worth it',
  ])('reads "%s" as turning a value down', (clause) => {
    expect(isVerdict(clause)).toBe(true);
  });

  it.each([
    'anything over 150 EUR is too expensive',
    'a lot cheaper than the rest',
    "that's the hard cap",
    'over 40 errors a minute',
    'the budget is 12,000',
  ])('does not read "%s" as a verdict', (clause) => {
    expect(isVerdict(clause)).toBe(false);
  });
});

describe('opinions and tentative names are hedges', () => {
  it.each([
    'I think the venue is the church hall',
    'Port 8080 i think',
    'I believe it runs on node 18',
    'I reckon the courier charges 12 EUR',
    'My guess is Postgres',
    'Working title is "Salt Lines"',
    'The tentative date is 3 March',
    'Provisionally called finch-2',
  ])('hedges "%s"', (sentence) => {
    expect(isHedged(sentence)).toBe(true);
  });

  it.each([
    'The venue is the church hall',
    'It runs on node 18',
    'The final title is "Salt Lines"',
    'We think in sprints of two weeks',
  ])('does not hedge "%s"', (sentence) => {
    expect(isHedged(sentence)).toBe(false);
  });
});
