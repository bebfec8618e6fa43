// The speaker's own moment is no durable memory: leaving the chat ("gotta run", "now I must go",
// "off to teach the 10am") and an appointment minutes away ("standup in 2", "my 3pm call is
// starting") are true only right now, and so is the reason given for leaving. The same words
// inside a standing fact, a rule or a trip with dates must still reach 🔴. Sentences of our own,
// not from the observe sets; the shipped scorer is on, as in the engine.
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';
import { isParting } from './text-rules.js';

/** The 🔴 observations' texts of one user message (the reflector proposes only 🔴 ones). */
function redOf(text: string): string[] {
  return observeTranscript({
    captureKey: 'e'.repeat(64),
    sessionId: 's',
    entries: [{ id: '1', role: 'user', text, at: '2026-05-06T09:00:00.000Z' }],
    fallbackDate: '2026-05-06',
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}

describe('rule observer: the speaker leaving or about to be busy', () => {
  const MOMENTS = [
    'Right, gotta run, dentist in 20 min.',
    'Now I must go, the kettle is whistling.',
    'Sorry, now I must go to the ward round.',
    'Thanks a lot, now I have to go check the greenhouse before the rain.',
    "I've got a class in 5 mins, thanks!",
    'Back to work, retro in 3 min.',
    'Now I must leave, the school bus is here.',
    'Okay, off to teach the 10am.',
    'Must dash, my 3pm call is starting.',
    'Anyway I have to go now, the plumber is at the door.',
    'Ok gotta go, dinner in 10.',
    'Standup in 2.',
    'Meeting in 5 min, bye.',
    'Now I must go to the bakery, first batch at 5.',
    'Noted, thanks. Now I must go, the oven timer is beeping.',
  ];
  it.each(MOMENTS)('keeps "%s" out of 🔴', (text) => {
    expect(redOf(text)).toEqual([]);
  });

  /** [sentence, words a 🔴 observation of it must hold]. */
  const DURABLE: readonly (readonly [string, readonly string[]])[] = [
    ['Gotta go: the spare key for the studio is with Dana at flat 4B.', ['Dana', '4B']],
    ['Gotta go. Remember the spare key is with Dana at flat 4B.', ['Dana', '4B']],
    ['Off to Lisbon from 3 to 17 March, so Ana covers support.', ['Lisbon', '17 March']],
    ['From now on the standup starts at 09:15.', ['standup', '09:15']],
    ['I go to the climbing gym every Tuesday at 19:00.', ['Tuesday', '19:00']],
    ['We pinned the runner image to ubuntu-22.04, gotta go now.', ['ubuntu-22.04']],
    ['Marta is our on-call lead this quarter.', ['Marta', 'on-call lead']],
    ['Standup is at 9:30 every weekday.', ['Standup', '9:30']],
    ['The Thursday lecture is in room 204.', ['lecture', '204']],
    ['Deploys must go through the staging cluster first.', ['staging cluster']],
    ['Backups must go to the offsite bucket s3://acme-bk.', ['s3://acme-bk']],
    ['Now we must always run the smoke tests before tagging.', ['smoke tests']],
    ['The kids have swimming every Saturday at 10:00, so I go then.', ['Saturday', '10:00']],
    ['Gotta run the db-migrate-v2 job before every deploy.', ['db-migrate-v2']],
    ['Class in 5 min, but remember the quiz is on Friday 23 October.', ['Friday 23 October']],
    ['Ok gotta go, but from now on all invoices use net 30.', ['net 30']],
  ];
  it.each(DURABLE)('still keeps "%s" in 🔴', (text, words) => {
    const red = redOf(text);
    expect(red.some((t) => words.every((w) => t.includes(w)))).toBe(true);
  });
});

describe('isParting', () => {
  it.each([
    'gotta run',
    'Now I must leave',
    'must dash',
    'off to teach the 10am',
    'my 3pm call is starting',
    'standup in 2',
  ])('reads "%s" as the speaker leaving or busy in a minute', (clause) => {
    expect(isParting(clause)).toBe(true);
  });

  // Durable or at least not a moment: leaving or running something, a standing constraint, a trip.
  it.each([
    'I have to leave the office by 17:00 on Fridays',
    'I need to leave the spare keys with Dana at flat 4B',
    'gotta run the db-migrate-v2 job before every deploy',
    'I must go to the bank every Friday',
    'Deploys must go through the staging cluster first',
    'off to Lisbon from 3 to 17 March',
    'the Thursday lecture is in room 204',
    'standup is at 9:30 every weekday',
  ])('does not read "%s" as parting', (clause) => {
    expect(isParting(clause)).toBe(false);
  });
});
