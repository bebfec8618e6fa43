import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';
import {
  dayOfMonthNear,
  KEPT_TIME,
  RETURN_LABEL,
  RETURN_LEG,
  rescheduleReading,
} from './reschedule.js';

// Every sentence was written for this test (in no benchmark file).
const read = (text: string) => rescheduleReading(analyseClause(text), text);

describe('rescheduleReading', () => {
  it('reads what a move verb moves, as object or subject, and where its new time starts', () => {
    const active = read('I rescheduled the piano lesson to Monday');
    expect(active).toMatchObject({ moved: 'the piano lesson', movedIsSubject: false, agent: 'I' });
    expect('I rescheduled the piano lesson to Monday'.slice(active?.targetAt)).toBe(' Monday');
    expect(read('the vet visit got bumped to the 9th')).toMatchObject({
      moved: 'the vet visit',
      movedIsSubject: true,
    });
    expect(read('we pushed our flight back to the 3rd')?.moved).toBe('our flight');
    expect(read('they brought the concert forward to May 2')?.moved).toBe('the concert');
    expect(read('shifted it to Wednesday')?.moved).toBe('it');
  });

  it('marks a negated move', () => {
    expect(read("the dentist hasn't moved to Friday")?.negated).toBe(true);
    expect(read('the dentist moved to Friday')?.negated).toBe(false);
  });

  it('reads no move from other verbs, an infinitive, a verb under another, or no "to"', () => {
    expect(read('we talked to the coach on Friday')).toBeNull();
    expect(read('they want me to move the lesson to Friday')).toBeNull();
    expect(read('the lesson moved, no idea when')).toBeNull();
    expect(read('I brought the cake to the party')).toBeNull();
    expect(read('my move to Lisbon is done')).toBeNull();
  });
});

describe('RETURN_LEG', () => {
  it('is the return leg of a trip as a whole noun phrase', () => {
    for (const phrase of ['the return', 'my return flight', 'our train back', 'the flight home']) {
      expect(RETURN_LEG.pattern.test(phrase), phrase).toBe(true);
    }
    for (const phrase of [
      'the return window',
      'my tax return',
      'return type',
      'the returns desk',
    ]) {
      expect(RETURN_LEG.pattern.test(phrase), phrase).toBe(false);
    }
  });
});

describe('RETURN_LABEL', () => {
  it('is a label that opens a line about the way back', () => {
    for (const line of ['Return: BCN → AMS', 'inbound flight: 9 Jun', 'Train home: 18:05']) {
      expect(RETURN_LABEL.pattern.test(line), line).toBe(true);
    }
    for (const line of ['Tax return: due Friday', 'Return policy: 30 days', 'we return: soon']) {
      expect(RETURN_LABEL.pattern.test(line), line).toBe(false);
    }
  });
});

describe('KEPT_TIME', () => {
  it('finds words that keep a moved event at its time, with the time when said', () => {
    expect(KEPT_TIME.pattern.exec(', same time as ever')?.[0]).toBe('same time');
    expect(KEPT_TIME.pattern.exec(' - usual time!')?.[0]).toBe('usual time');
    expect(KEPT_TIME.pattern.exec(', time unchanged')?.[0]).toBe('time unchanged');
    expect(KEPT_TIME.pattern.exec(', still at 4:15pm')?.[1]).toBe('4:15pm');
    expect(KEPT_TIME.pattern.test(', still no idea why')).toBe(false);
    expect(KEPT_TIME.pattern.test(', still 2026 budget')).toBe(false);
    expect(KEPT_TIME.pattern.test(', at a different time')).toBe(false);
  });
});

describe('dayOfMonthNear', () => {
  it('puts a bare day of the month near a known date, checking a weekday said with it', () => {
    expect(dayOfMonthNear('the 25th', '2026-05-22')).toBe('2026-05-25');
    expect(dayOfMonthNear(' fri 29th, late train', '2026-05-22')).toBe('2026-05-29');
    // The 2nd is more than two weeks before the 22nd: the next month's.
    expect(dayOfMonthNear('the 2nd', '2026-05-22')).toBe('2026-06-02');
    // Thursday 28 May 2026: "Wednesday the 28th" is a misread or a typo.
    expect(dayOfMonthNear('Thursday the 28th', '2026-05-22')).toBe('2026-05-28');
    expect(dayOfMonthNear('Wednesday the 28th', '2026-05-22')).toBe('disagrees');
  });

  it('reads nothing for a date with its month, a clock time or no day of the month', () => {
    expect(dayOfMonthNear('the 25th of June', '2026-05-22')).toBeNull();
    expect(dayOfMonthNear('Friday at 10', '2026-05-22')).toBeNull();
    expect(dayOfMonthNear('next week', '2026-05-22')).toBeNull();
    expect(dayOfMonthNear('the 32nd', '2026-06-22')).toBeNull();
  });
});
