import { describe, expect, it } from 'vitest';
import { fieldKind } from './domains/index.js';
import { freshUntil } from './freshness.js';
import { DEFAULT_POLICY } from './policy.js';
import { toIso } from './time.js';

const learned = Date.parse('2026-03-02T09:00:00Z');

describe('freshUntil', () => {
  it.each([
    // A dated event after the TTL stays fresh through its own day, wherever that day ends (UTC-12).
    ['family.schedule.school_concert', '2026-03-12 18:00', '2026-03-13T12:00:00.000Z'],
    ['family.schedule.cabin_trip', '2026-03-14 to 2026-03-16', '2026-03-17T12:00:00.000Z'],
    ['travel.return_date', '2026-04-01', '2026-04-02T12:00:00.000Z'],
    // An event inside the TTL, or already past, keeps the TTL: the date never shortens it.
    ['family.schedule.swim', '2026-03-03 17:00', '2026-03-05T09:00:00.000Z'],
    ['family.schedule.swim', '2026-02-20', '2026-03-05T09:00:00.000Z'],
    // A value that is not a date, or a field that is not dated, ignores dates in its text.
    ['family.schedule.swim', 'cancelled', '2026-03-05T09:00:00.000Z'],
    ['travel.destination', 'Hotel 2026-09-01', '2026-03-09T09:00:00.000Z'],
  ])('%s = %s is fresh until %s', (field, value, until) => {
    expect(toIso(freshUntil(field, value, learned, DEFAULT_POLICY))).toBe(until);
  });
});

describe('fieldKind', () => {
  it('matches a slug segment of the vocabulary and refuses unknown paths', () => {
    expect(fieldKind('family.schedule.piano')).toBe('datetime');
    expect(fieldKind('travel.departure_date')).toBe('date');
    expect(fieldKind('travel.status')).toBe('enum');
    expect(fieldKind('family.schedule')).toBeNull();
    expect(fieldKind('nothing.here')).toBeNull();
  });
});
