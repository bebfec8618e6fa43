// rules@26: rules@25's symptom cues no longer take durable facts about people for faults (issue
// #13; found in review). A person as the subject of "is …ing …, not …", the speaker's own new
// state with an onset, and "twice" said of a weekly habit are facts; the symptoms the cues were
// written for stay problems. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { isSymptomUnder, observedIn } from './__fixtures__/sentences.js';

const RULES = { from: '2026-06-02T09:00:00.000Z', scorer: null } as const;

/** The observations of one user sentence that hold `words`. */
const holding = (sentence: string, words: string) =>
  observedIn([['user', sentence]], RULES).filter((o) => o.text.includes(words));

describe('rules@26: a durable fact about a person is no symptom', () => {
  it.each([
    // A person as subject, beside "not".
    ['My sister Anna is visiting in May, not June.', 'Anna'],
    ['Our nephew Tariq is starting at Leeds in October, not September.', 'Tariq'],
    // The speaker's own state, with an onset.
    ['I have been vegan since last tuesday.', 'vegan'],
    ["We're on the night shift rota since monday.", 'night shift'],
    // "twice" of a weekly habit.
    ['My son swims twice on Saturdays at the Northside pool.', 'Northside'],
    ['Our daughter has violin twice on weekdays at the music school.', 'violin'],
  ])('keeps "%s" as a durable fact', (sentence, words) => {
    const seen = holding(sentence, words);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((o) => o.type === 'problem')).toBe(false);
    expect(seen.some((o) => o.priority === 'red')).toBe(true);
  });
});

describe('rules@26: the symptoms the rules@25 cues were written for stay problems', () => {
  it.each([
    ['The reminders are going out in UTC not local time', 'reminders'],
    ['The export folder on nas-4 is empty since sunday', 'nas-4'],
    ['The weekly chart shows Thursday twice', 'Thursday'],
    ["I've been getting 502s from the billing API since monday", '502'],
  ])('reads "%s" as a 🟡 problem', isSymptomUnder(RULES));
});
