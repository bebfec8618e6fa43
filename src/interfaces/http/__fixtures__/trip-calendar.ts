import { icsCalendar } from '../../../testing/index.js';

/** An ICS calendar with one all-day trip (Banff, 18–20 April 2026) for the poll routes. */
export const TRIP_ICS = icsCalendar([
  {
    uid: 'trip-9@example.com',
    summary: 'Banff trip',
    start: '20260418',
    end: '20260421',
    modified: '20260410T080000Z',
  },
]);
