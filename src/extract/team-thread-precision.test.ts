import { describe, expect, it } from 'vitest';
import { readerIn } from './__fixtures__/read-chat.js';

// Found in a quick check with sentences of our own (none in a bench file), in a team's thread:
// "Google shipped a new Gemini model" committed a project "google" as shipped, "The vendor's
// migration is stuck, not our problem" the vendor's migration as the team's blocked project,
// "The redesign is basically done, just QA left" a project "redesign_is_basically" as shipped,
// and "the Q3 report is due Friday" an unpaid bill "q3".
const read = readerIn('team:core');

describe('status in a team thread, read with precision', () => {
  it('takes the subject of a status verb with an object as who did it, not a project', () => {
    for (const text of [
      'Google shipped a new Gemini model.',
      'Acme launched the new pricing page yesterday.',
      'Stripe released an SDK update.',
    ]) {
      expect(read(text), text).toEqual([]);
    }
    // Without an object the name is the project, as before.
    expect(read('Kestrel shipped!')).toContain('project.kestrel.status=shipped (strong)');
  });

  it('reads no status of a project another party owns', () => {
    for (const text of [
      "The vendor's migration is stuck, not our problem.",
      "Atlassian's rollout is paused again.",
    ]) {
      expect(read(text), text).toEqual([]);
    }
    expect(read('The Osprey migration is stuck.')).toContain(
      'project.osprey_migration.status=blocked (strong)',
    );
  });

  it('reads no status when a word between the verb and it hedges it', () => {
    for (const text of [
      'The redesign is basically done, just QA left.',
      'The export feature is almost shipped.',
    ]) {
      expect(
        read(text).filter((r) => r.includes('.status=')),
        text,
      ).toEqual([]);
    }
  });

  it('reads no bill from a name that modifies another noun', () => {
    expect(read('Friendly reminder that the Q3 report is due Friday.')).toEqual([]);
    expect(read('The Henderson proposal is due Monday.')).toEqual([]);
  });
});
