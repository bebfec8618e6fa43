import { describe, expect, it } from 'vitest';
import { expectNothingRead, readerOnRecord } from './__fixtures__/read-chat.js';

// "actually 4:15 not 4": a time said against the time on record replaces it, on the same day.
const FAMILY = 'family:okafor-lind';
const swim = readerOnRecord(FAMILY, { 'family.schedule.swim': '2026-03-10 18:00' });

describe('a time corrected by contrast', () => {
  it('moves the one entry at the contrasted time, same day, same half of the day', () => {
    expect(swim('actually 6:45 not 6')).toEqual(['family.schedule.swim=2026-03-10 18:45 (strong)']);
    expect(swim('Sorry, 6:30, not 6. Typo')).toEqual([
      'family.schedule.swim=2026-03-10 18:30 (strong)',
    ]);
    expect(swim('correction: 6.45pm not 6pm')).toEqual([
      'family.schedule.swim=2026-03-10 18:45 (strong)',
    ]);
  });

  it('keeps an aside that says where the time came from', () => {
    expect(swim('oops 6:15 not 6, the coach texted the new slot')).toEqual([
      'family.schedule.swim=2026-03-10 18:15 (strong)',
    ]);
  });

  it('reads an entry with no date, on the morning clock', () => {
    const standup = readerOnRecord('user:primary', { 'profile.preference.standup_time': '09:00' });
    expect(standup('no wait, 9:20 not 9')).toEqual([
      'profile.preference.standup_time=09:20 (strong)',
    ]);
  });
});

describe('near misses', () => {
  it('reads nothing when nothing on record is at the contrasted time', () => {
    expectNothingRead(swim, ['actually 7:40 not 7', 'sorry, 5:45 not 5pm']);
  });

  it('reads nothing when a statement, a hedge or a question carries the times', () => {
    expectNothingRead(swim, [
      'the bus comes at 6:20 not 6',
      'actually 6:45 not 6, I think',
      'maybe 6:45 not 6',
      'actually 6:45 not 6?',
    ]);
  });

  it('reads nothing when two entries are at the contrasted time', () => {
    const two = readerOnRecord(FAMILY, {
      'family.schedule.swim': '2026-03-10 18:00',
      'family.schedule.chess': '2026-03-11 18:00',
    });
    expectNothingRead(two, ['actually 6:45 not 6']);
  });
});
