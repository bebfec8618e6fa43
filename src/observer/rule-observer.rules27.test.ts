// rules@27: how the user's or the team's things are set up, said in the simple present with a
// named thing ("We host the docs on Netlify"), is a durable 🔴 fact; rules@26 filed it as 🟡
// working context because no path, version or number made it "specific". Sentences of our own, not
// from the observe sets.
import { describe, expect, it } from 'vitest';
import { observedIn } from './__fixtures__/sentences.js';

const RULES = { from: '2026-06-02T09:00:00.000Z', scorer: null } as const;

/** The priorities of the observations of one user sentence. */
const priorities = (sentence: string) =>
  observedIn([['user', sentence]], RULES).map((o) => `${o.priority}/${o.type}`);

describe('rules@27: a setup said in the simple present is a durable fact', () => {
  it.each([
    'We host the docs on Netlify.',
    'We currently host the docs on Netlify.',
    'Our payroll runs through Gusto.',
    'Our marketing site sits on Webflow.',
    'Our support team uses Zendesk for refunds.',
    'I keep my reading notes in Obsidian.',
    'We invoice clients through Xero.',
  ])('reads "%s" as 🔴', (sentence) => {
    expect(priorities(sentence)).toEqual(['red/fact']);
  });
});

describe('rules@27: what only looks like a setup stays what it was', () => {
  it.each([
    // Work in flight, the past, a maybe, a plan for a moment.
    ['We are currently moving the docs to Netlify.', 'yellow/fact'],
    ['We hosted the docs on Netlify until last spring.', 'yellow/fact'],
    ['We meet at Starbucks tomorrow.', 'yellow/fact'],
    // A liking, with the person addressed.
    ['We love it, Priya.', 'red/preference'],
  ])('keeps "%s" as %s', (sentence, expected) => {
    expect(priorities(sentence)).toEqual([expected]);
  });

  it.each([
    // A thing named by others is as often a symptom; "my …" as often the speaker's moment.
    'The back office lags on the Payroll screen.',
    'My hands shake on the Kindle these days.',
  ])('files no 🔴 fact for "%s"', (sentence) => {
    expect(priorities(sentence)).not.toContain('red/fact');
  });

  it('reads a question about the setup as a question', () => {
    expect(priorities('Do we host the docs on Netlify?')).toEqual(['green/question']);
  });

  it('takes no tagging slip for a setup ("block" read as the verb)', () => {
    expect(priorities('Orchard row D is a mud pit after the storm')).not.toContain('red/fact');
  });
});
