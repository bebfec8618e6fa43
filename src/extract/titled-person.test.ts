// A person named with a courtesy or professional title ("Mr. Abebe", "Dr Okafor") is someone
// outside the household — a tutor, a doctor, a neighbour — so their illness is no member's status;
// and the thing "… is off" cancels is the noun phrase after the last comma, not the clause before
// it. Found on a fresh code-blind scenario draft (tuning-gc), where "Mr." became a family member
// named "mr" who was committed as sick. Every sentence is our own, in no bench file.
import { describe, expect, it } from 'vitest';
import { readMessage } from './__fixtures__/read-chat.js';

const FAMILY = { entityId: 'family:okonjo', at: '2026-03-10T17:00:00Z' };
const read = (text: string) =>
  readMessage(text, FAMILY).map(
    (o) => `${o.field}=${o.value}${o.evidence === 'weak' ? ' (weak)' : ''}`,
  );

describe('a titled person is not a household member', () => {
  it.each([
    ['Mr. Haddou is sick, no guitar today.'],
    ['Mrs Adeyemi has the flu this week.'],
    ['Dr. Castellanos is off sick until Friday.'],
    ['Cancel the swim lesson, Coach Brennan came down with a cold.'],
    ['Ms. Varga is ill so chess club is cancelled.'],
    // A title the sentence splitter ends a sentence at: the title is in the message, not the clause.
    ['Prof. Iwu has a fever, so tutoring is off today.'],
  ])('reads no member status from "%s"', (text) => {
    expect(read(text).filter((r) => /^family\.[^.]+\.status=/.test(r))).toEqual([]);
  });

  it('never reads the title itself as a name', () => {
    expect(read('Mr. Haddou is sick.').join()).not.toMatch(/family\.(mr|mrs|dr)\./);
  });

  it.each([
    ['Haddou is sick, no guitar today.', 'family.haddou.status=sick'],
    ['Zuri has the flu this week.', 'family.zuri.status=sick'],
  ])('still reads a member named without a title: "%s"', (text, reading) => {
    expect(read(text)).toContain(reading);
  });
});

describe('what "… is off" cancels', () => {
  it.each([
    ['Mrs. Adeyemi has the flu, piano is off.', 'family.schedule.piano=cancelled'],
    ['The coach is away, so football is off.', 'family.schedule.football=cancelled'],
  ])('is the noun phrase after the last comma in "%s"', (text, reading) => {
    const readings = read(text);
    expect(readings).toContain(reading);
    expect(readings.filter((r) => r.startsWith('family.schedule.'))).toHaveLength(1);
  });

  it('is the whole subject when there is no comma', () => {
    expect(read('Piano is off today.')).toContain('family.schedule.piano=cancelled');
  });
});
