import { describe, expect, it } from 'vitest';
import { expectNothingRead, readerOnRecord } from './__fixtures__/read-chat.js';

// "Scratch that, … Thursday at 5:30 instead": after a retraction, a day and an hour said
// "instead" with no event named go to the family's one schedule entry, as a question.
const FAMILY = 'family:mensah-berg';
const AT = { at: '2026-10-18T19:00:00Z' };
const violin = readerOnRecord(FAMILY, { 'family.schedule.violin': '2026-10-20 16:00' }, AT);

describe('a day and an hour said instead, after a retraction', () => {
  it.each([
    ['Scratch that, she can make Tuesday at 6:15 instead.', '2026-10-20 18:15'],
    ['Forget that, the teacher is free on Wednesday at 4 instead', '2026-10-21 16:00'],
  ])('replace the one entry on record, moderately: %s', (text, value) => {
    expect(violin(text)).toEqual([`family.schedule.violin=${value} (moderate)`]);
  });
});

describe('near misses', () => {
  it('reads nothing without the retraction, the "instead" or an hour', () => {
    expectNothingRead(violin, [
      'She can make Tuesday at 6:15 instead.',
      'Scratch that, she can make Tuesday at 6:15.',
      'Scratch that, Tuesday instead.',
    ]);
  });

  it('reads nothing when the family has several entries on record', () => {
    const two = readerOnRecord(
      FAMILY,
      { 'family.schedule.violin': '2026-10-20 16:00', 'family.schedule.judo': '2026-10-21 17:00' },
      AT,
    );
    expectNothingRead(two, ['Scratch that, she can make Tuesday at 6:15 instead.']);
  });
});
