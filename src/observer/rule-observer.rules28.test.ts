// rules@28: a device that misbehaves each time something happens is a 🟡 problem (issue #13; found
// by the lead with sentences of his own). The first block checks rules@27's setup reading on a
// second writer's sentences: a statement in the present simple by the team about how its things are
// is a durable fact; work in flight, a one-off day and a need stay working context. Sentences of
// our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { isSymptomUnder, observedIn } from './__fixtures__/sentences.js';

const RULES = { from: '2026-06-03T09:00:00.000Z', scorer: null } as const;
const SHIPPED = { from: '2026-06-03T09:00:00.000Z' } as const;

/** The observations of one user sentence that hold `words`, by the rules alone or with the scorer. */
const holding = (sentence: string, words: string, options: typeof RULES | typeof SHIPPED = RULES) =>
  observedIn([['user', sentence]], options).filter((o) => o.text.includes(words));

describe('rules@27: how the system is, in the present simple, is a durable fact', () => {
  it.each([
    // Positives.
    ['We currently host the wiki on Render.', 'Render'],
    ['Our payslips go out through Gusto.', 'Gusto'],
    // Reworded positives.
    ['We keep the nightly dumps in a Backblaze bucket.', 'Backblaze'],
    ['Our shop site sits behind a Caddy proxy.', 'Caddy'],
  ])('reads "%s" as 🔴', (sentence, words) => {
    for (const options of [RULES, SHIPPED]) {
      const seen = holding(sentence, words, options);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((o) => o.priority === 'red' && o.type === 'fact')).toBe(true);
    }
  });

  it.each([
    // Near-misses: work in flight, a need, a one-off moment, a question.
    ["We're currently looking into the Render build logs.", 'Render'],
    ['We need to talk about the Gusto payslips.', 'Gusto'],
    ['We move the nightly dumps to Backblaze tomorrow.', 'Backblaze'],
    ['Do we keep the nightly dumps in a Backblaze bucket?', 'Backblaze'],
    // A pronoun subject, and a first person misspelt before a time of day.
    ['It stores the drafts in a Dropbox folder.', 'Dropbox'],
    ['Ill ring the Harrow supplier after school.', 'Harrow'],
    // A thing nobody owns in the sentence: maybe a complaint about anyone's system.
    ['The stock tablet crawls on the Returns tab.', 'Returns'],
  ])('leaves "%s" short of 🔴', (sentence, words) => {
    const seen = holding(sentence, words);
    expect(seen.some((o) => o.priority === 'red')).toBe(false);
  });
});

describe('rules@28: a thing that misbehaves each time something happens is a problem', () => {
  it.each([
    // Positive, reworded positive.
    ['the lobby monitor blinks whenever the lift motor starts', 'lobby monitor'],
    ['Our label printer jams every time someone opens the side tray.', 'label printer'],
    // A verb whose form says the work is done wrong.
    ['Our till app miscalculates the change on card refunds.', 'till app'],
    // A symptom with an onset: rules@25's onset cue, a 🟡 problem, no proposal of its own.
    ['The scanner has been saving everything as TIFF since Tuesday.', 'TIFF'],
  ])('reads "%s" as a 🟡 problem', isSymptomUnder(RULES));

  it('leaves a routine on a trigger alone: "the sync runs whenever the tablet docks"', () => {
    const seen = holding('The photo sync runs whenever the tablet docks.', 'photo sync');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((o) => o.type === 'problem')).toBe(false);
  });
});
