import { describe, expect, it } from 'vitest';
import { asEntityReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A stated correction in a household that says "we" (issue #10): whose schedule entry it sets.
const AT = '2026-10-05T08:00:00Z';
const HOME = 'family:home';
const REGISTRY = {
  members: { [HOME]: ['Dan', 'Rosa', 'Mia', 'Leo'] },
  we: { 'user:dan': HOME },
  aliases: {},
};
const known = (field: string, value: string): KnownSlot[] => [{ entityId: HOME, field, value }];
const read = (text: string, entityId: string, onRecord: readonly KnownSlot[]) =>
  readMessage(text, { at: AT, entityId, known: onRecord, registry: REGISTRY }).map(asEntityReading);

describe('a stated correction of a schedule entry, by whose it is', () => {
  it("never sets the family's entry from the speaker's own 'my …'", () => {
    const onRecord = known('family.schedule.pilates', '2026-10-06 18:00');
    for (const thread of [HOME, 'user:dan']) {
      for (const text of [
        'Actually my pilates is at 19:00',
        'Sorry, I meant my pilates is at 7pm',
        'my pilates is actually at 19:00',
      ]) {
        expect(
          read(text, thread, onRecord).filter((r) => r.startsWith(HOME)),
          text,
        ).toEqual([]);
      }
    }
  });

  it("sets the family's entry: strong in the family's thread, tentative from a member's own", () => {
    const onRecord = known('family.schedule.piano_lesson', '2026-10-07 16:00');
    const text = 'Sorry, I meant the piano lesson is at 17:00';
    expect(read(text, HOME, onRecord)).toEqual([
      'family:home family.schedule.piano_lesson=2026-10-07 17:00 (strong)',
    ]);
    expect(read(text, 'user:dan', onRecord)).toEqual([
      'family:home family.schedule.piano_lesson=2026-10-07 17:00 (weak)',
    ]);
  });
});
