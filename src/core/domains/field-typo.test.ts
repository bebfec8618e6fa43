import { describe, expect, it } from 'vitest';
import { misspeltFieldOf } from './index.js';

describe('a field that looks like a misspelt vocabulary field', () => {
  it.each([
    ['travel.sttus', 'travel.status'],
    ['travel.staus', 'travel.status'],
    ['travel.departur_date', 'travel.departure_date'],
    ['travel.destnation', 'travel.destination'],
    ['travel.locaton', 'travel.location'],
  ])('names the field it looks like: %s is %s', (field, meant) => {
    expect(misspeltFieldOf(field), field).toBe(meant);
  });

  it.each([
    'travel.status',
    'travel.departure_date',
    'travel.hotel',
    'travel.hotel_name',
    'travel.dest',
    'profile.home_city',
    'profile.preference.shoes',
    'financial.rent',
    'financial.gym.amount',
    'family.leo.teacher',
    'travel.stats',
    'travel.estado',
    'health.allergie.peanut',
  ])(
    'is no guess for vocabulary fields, open fields, or words that are no near miss: %s',
    (field) => {
      expect(misspeltFieldOf(field), field).toBeNull();
    },
  );
});
