import { describe, expect, it } from 'vitest';
import { misspeltFieldOf } from './index.js';

describe('a field that looks like a misspelt vocabulary field', () => {
  it('names the field it looks like', () => {
    for (const [field, meant] of [
      ['travel.sttus', 'travel.status'],
      ['travel.staus', 'travel.status'],
      ['travel.departur_date', 'travel.departure_date'],
      ['travel.destnation', 'travel.destination'],
      ['travel.locaton', 'travel.location'],
    ]) {
      expect(misspeltFieldOf(field ?? ''), field).toBe(meant);
    }
  });

  it('is no guess for vocabulary fields, open fields, or words that are no near miss', () => {
    for (const field of [
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
    ]) {
      expect(misspeltFieldOf(field), field).toBeNull();
    }
  });
});
