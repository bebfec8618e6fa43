import { describe, expect, it } from 'vitest';
import { readChat } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A contrast between two clock times ("sorry, 17:45 not 17:30") corrects the time of the one
// schedule on record that holds the contrasted time, keeping its day. Sentences written for
// this test (in no benchmark file).

const known: KnownSlot[] = [
  { entityId: 'user:primary', field: 'family.schedule.swim_lesson', value: '2026-05-12 17:30' },
  { entityId: 'user:primary', field: 'family.schedule.choir', value: '19:00' },
];
const corrected = (text: string, slots: readonly KnownSlot[] = known) =>
  readChat(text, '2026-05-12T15:00:00Z', slots)
    .filter((o) => o.field.startsWith('family.schedule.'))
    .map((o) => `${o.field}=${o.value} (${o.evidence})`);

describe('a contrast between two clock times', () => {
  it('replaces the time of the schedule that holds the contrasted one', () => {
    expect(corrected('sorry, 17:45 not 17:30')).toEqual([
      'family.schedule.swim_lesson=2026-05-12 17:45 (strong)',
    ]);
    expect(corrected('5:45pm not 5:30pm')).toEqual([
      'family.schedule.swim_lesson=2026-05-12 17:45 (strong)',
    ]);
    expect(corrected('oops, 7.30pm not 7pm')).toEqual(['family.schedule.choir=19:30 (strong)']);
  });

  it('reads nothing when no schedule holds that time, several do, or it is no statement', () => {
    for (const text of [
      '17:45 not 16:30',
      'maybe 17:45 not 17:30',
      'is it 17:45 not 17:30?',
      'page 17:45, not 17:30',
    ]) {
      expect(corrected(text), text).toEqual([]);
    }
    const twice: KnownSlot[] = [
      ...known,
      { entityId: 'user:primary', field: 'family.schedule.piano', value: '2026-05-13 17:30' },
    ];
    expect(corrected('sorry, 17:45 not 17:30', twice)).toEqual([]);
  });
});
