// A short heading before a colon or a dash ("Change of plan: …", "Update — …") does not turn the
// sentence into a bare command to skip: the rest is read as if the heading were not there, and the
// sentence is kept whole, so a reversal it announces reaches the reflector (review fixrev, gap 1).
// Sentences of our own.
import { describe, expect, it } from 'vitest';
import { observedIn } from './__fixtures__/sentences.js';
import type { ReflectorInput } from './reflector.js';
import { overturnedObservations } from './superseded.js';

const FROM = '2026-06-08T10:00:00.000Z';
const observed = (text: string) => observedIn([['user', text]], { from: FROM });

describe('a sentence after a heading', () => {
  it.each([
    ["Change of plan: we're dropping Redis.", 'dropping Redis'],
    ['Change of plan: we are no longer using Heroku.', 'no longer using Heroku'],
    ["Update — we're moving the nightly export off cron.", 'off cron'],
    ['Small change: the standup moves to 10:30.', '10:30'],
    ["Update: we're dropping Mailchimp for the newsletter.", 'dropping Mailchimp'],
  ])('"%s" is kept whole', (sentence, words) => {
    const texts = observed(sentence).map((o) => o.text);
    expect(texts.some((t) => t.includes(words) && /^(?:change|update|small)/i.test(t))).toBe(true);
  });

  it.each(['Change of plan: ok.', 'Update: lol.'])(
    '"%s" still gives nothing: the rest is nothing to keep either',
    (sentence) => {
      expect(observed(sentence)).toEqual([]);
    },
  );

  it('reaches the reflector as the reversal of an earlier decision', () => {
    const earlier = {
      observation_id: 'a1',
      priority: 'red',
      memory_priority: 'P1',
      type: 'decision',
      time: null,
      at: '2026-06-01T09:00:00Z',
      text: 'For the job queue we use Redis.',
      speaker: 'user',
      source_message_ids: ['a1-m'],
      resolved_by: null,
      session_id: 'session-a',
      date: '2026-06-01',
    } as ReflectorInput;
    const later = (sentence: string) =>
      observed(sentence).map(
        (o) => ({ ...o, at: FROM, session_id: 'session-c', date: '2026-06-08' }) as ReflectorInput,
      );
    expect(
      overturnedObservations([earlier, ...later("Change of plan: we're dropping Redis.")]).has(
        'a1',
      ),
    ).toBe(true);
    // Near-miss: a heading over an unrelated errand gives nothing up.
    expect(
      overturnedObservations([earlier, ...later("Quick note: I'm dropping the kids at 8:15.")]).has(
        'a1',
      ),
    ).toBe(false);
  });
});
