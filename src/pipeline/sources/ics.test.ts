import { describe, expect, it } from 'vitest';
import { icsToSignals } from './ics.js';

function calendar(...events: readonly string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const source = { location: 'family.ics', entityId: 'family:okoye', name: 'family' };

/** The signals read on 1 March 2026 from a calendar of `events`, shown in `timeZone` if given. */
function signalsOf(events: readonly string[], timeZone?: string): ReturnType<typeof icsToSignals> {
  return icsToSignals(calendar(...events), {
    source: timeZone === undefined ? source : { ...source, timeZone },
    now: Date.parse('2026-03-01T00:00:00Z'),
  });
}

/** The claims of each signal read from a calendar of `events` on 1 March 2026. */
function claimsOf(...events: readonly string[]): unknown[] {
  return signalsOf(events).map((s) => s['claims']);
}

/** A schedule claim planning `field` for `value`. */
function planned(field: string, value: string) {
  return { field, candidate_value: value, intent: 'planning' };
}

describe('icsToSignals', () => {
  it('reads a timed event in its own time zone as a schedule claim', () => {
    const [signal] = signalsOf([
      'BEGIN:VEVENT',
      'UID:swim@example.com',
      'LAST-MODIFIED:20260301T090000Z',
      'DTSTART;TZID=America/Los_Angeles:20260303T170000',
      'DTEND;TZID=America/Los_Angeles:20260303T180000',
      'SUMMARY:Swim practice (Mei)',
      'END:VEVENT',
    ]);
    expect(signal).toMatchObject({
      type: 'signal',
      kind: 'calendar',
      source: { type: 'calendar', ref: 'ics:family' },
      external_id: 'swim@example.com',
      occurred_at: '2026-03-01T09:00:00.000Z',
      claims: [{ field: 'family.schedule.swim_practice', candidate_value: '2026-03-03 17:00' }],
    });
  });

  it('takes the next occurrence of a recurring event, and is the same on every read', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:piano@example.com',
      'DTSTART:20260302T160000Z',
      'DTEND:20260302T164500Z',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Piano lesson',
      'END:VEVENT',
    );
    const options = { source, now: Date.parse('2026-03-10T12:00:00Z') };
    const [signal] = icsToSignals(ics, options);
    expect(signal?.['external_id']).toBe('piano@example.com#2026-03-16T16:00:00.000Z');
    expect(icsToSignals(ics, options)).toEqual(
      icsToSignals(ics, { ...options, now: options.now + 60_000 }),
    );
  });

  it('claims nothing for a cancelled event and skips events without a summary', () => {
    const signals = signalsOf([
      'BEGIN:VEVENT',
      'UID:gone@example.com',
      'STATUS:CANCELLED',
      'DTSTART:20260305T160000Z',
      'SUMMARY:Dentist (Kofi)',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:blank@example.com',
      'DTSTART:20260305T160000Z',
      'END:VEVENT',
    ]);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.['claims']).toEqual([
      { field: 'family.schedule.dentist', candidate_value: 'cancelled', intent: 'planning' },
    ]);
  });

  it('makes an all-day or multi-day event a dated schedule entry even when the rules read nothing', () => {
    const claims = claimsOf(
      'BEGIN:VEVENT',
      'UID:cabin@example.com',
      'DTSTART;VALUE=DATE:20260320',
      'DTEND;VALUE=DATE:20260323',
      "SUMMARY:Long weekend at Uncle Bo's (Tahoe)",
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:visit@example.com',
      'DTSTART;VALUE=DATE:20260412',
      'DTEND;VALUE=DATE:20260413',
      'SUMMARY:Aunt Rosa visits',
      'END:VEVENT',
    );
    expect(claims).toEqual([
      [planned('family.schedule.long_weekend_at_uncle_bos', '2026-03-20 to 2026-03-22')],
      [planned('family.schedule.aunt_rosa_visits', '2026-04-12')],
    ]);
  });

  it.each(['Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles'])(
    'reads an all-day date as the same day on a machine in %s',
    (zone) => {
      const before = process.env['TZ'];
      process.env['TZ'] = zone;
      try {
        const claims = claimsOf(
          'BEGIN:VEVENT',
          'UID:training@example.com',
          'DTSTART;VALUE=DATE:20260312',
          'DTEND;VALUE=DATE:20260313',
          'SUMMARY:Teacher training day',
          'END:VEVENT',
        );
        expect(claims).toEqual([[planned('family.schedule.teacher_training_day', '2026-03-12')]]);
      } finally {
        if (before === undefined) delete process.env['TZ'];
        else process.env['TZ'] = before;
      }
    },
  );

  it("labels a time with no zone as UTC, and shows it in the calendar's configured zone", () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:concert@example.com',
      'LAST-MODIFIED:20260301T090000Z',
      'DTSTART:20260312T020000Z',
      'DTEND:20260312T033000Z',
      'SUMMARY:School concert (Mei)',
      'END:VEVENT',
    );
    const now = Date.parse('2026-03-01T00:00:00Z');
    const [utc] = icsToSignals(ics, { source, now });
    expect(utc?.['claims']).toEqual([
      planned('family.schedule.school_concert', '2026-03-12 02:00 UTC'),
    ]);
    const [local] = icsToSignals(ics, {
      source: { ...source, timeZone: 'America/Los_Angeles' },
      now,
    });
    expect(local).toMatchObject({
      claims: [{ field: 'family.schedule.school_concert', candidate_value: '2026-03-11 19:00' }],
      payload: { time_zone: 'America/Los_Angeles' },
    });
  });

  it('shows a floating time (no zone at all) as written, in any configured zone', () => {
    const [signal] = signalsOf(
      [
        'BEGIN:VEVENT',
        'UID:bake@example.com',
        'DTSTART:20260314T100000',
        'SUMMARY:Bake sale',
        'END:VEVENT',
      ],
      'Asia/Tokyo',
    );
    expect(signal?.['claims']).toEqual([planned('family.schedule.bake_sale', '2026-03-14 10:00')]);
  });
});
