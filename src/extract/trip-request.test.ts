import { describe, expect, it } from 'vitest';
import { readerIn } from './__fixtures__/read-chat.js';

// A trip named in a request or a question is not a plan, and a request to cancel one is not yet a
// cancellation: "Cancel the Madrid trip" was read as a strong plan for Madrid (the named-trip rule
// took any predicate as planning), so a trip the user was calling off was committed as planned.
// Messages are user chat on Monday 4 May 2026.
const read = readerIn('user:primary');

describe('a trip named in a request', () => {
  it("reads a request to cancel the speaker's trip as a cancellation to confirm", () => {
    for (const text of [
      'Cancel the Tbilisi trip, the workshop got dropped.',
      'Please cancel our Hobart flights.',
      "Let's cancel the Dakar trip.",
    ]) {
      expect(read(text), text).toEqual(['travel.status=cancelled (weak)']);
    }
  });

  it('reads no plan from a request or a question that only names the trip', () => {
    for (const text of [
      'Remind me about the Tbilisi trip tonight.',
      'How was the Dakar trip?',
      'Cancel the Hobart trip?',
      "Don't cancel the Tbilisi trip, we're still on.",
    ]) {
      expect(
        read(text).filter((r) => r.endsWith('(strong)')),
        text,
      ).toEqual([]);
      expect(read(text), text).not.toContain('travel.status=planned (strong)');
    }
  });

  it('still reads a named trip stated as planned', () => {
    expect(read('The Tbilisi trip is next week.')).toEqual(
      expect.arrayContaining([
        'travel.status=planned (strong)',
        'travel.destination=Tbilisi (strong)',
      ]),
    );
    expect(read('We booked the Dakar trip.')).toContain('travel.status=planned (strong)');
  });
});
