import { describe, expect, it } from 'vitest';
import { findDates } from '../language/index.js';
import {
  committingReadings,
  expectEachRead,
  expectNoCommits,
  expectNothingRead,
} from './__fixtures__/read-chat.js';

// Readings a second reviewer found confidently wrong in this session's rules (verbless plans and
// presence, the utterance split before a subject, ordinals, bills), each with sentences of our
// own, in no benchmark file. Negatives give no committing reading for the speaker; positives
// keep the reading the rule exists for.

const AT = '2026-05-04T09:00:00Z';

describe('a subject before an emoji or "!" is still the subject', () => {
  it("someone else's arrival stays theirs", () => {
    expectNothingRead(
      (text) => committingReadings(text).filter((r) => r.startsWith('user:primary travel.')),
      [
        'my parents 🎉 landed in Oslo',
        'the kids ✈️ just landed in Lisbon',
        'our neighbours 🙌 got to Madrid last night',
      ],
    );
  });

  it("the speaker's own arrival after a remark is still the speaker's", () => {
    expectEachRead(committingReadings, [
      ['engagement week 🎉 just landed in Oslo', 'user:primary travel.location=Oslo (strong)'],
      ['phew! landed in Lisbon', 'user:primary travel.location=Lisbon (strong)'],
    ]);
  });
});

describe('a capitalised English word, a memory or a caption is not a place the speaker is in', () => {
  it('reads no committed presence', () => {
    expectNoCommits([
      'Still In Progress.',
      'Still In Limbo.',
      'in Rome years ago, best pasta ever',
      'Paris for the weekend, years ago.',
    ]);
  });
});

describe('an ordinal after back/till/through is a day only when no noun follows it', () => {
  it('reads no day from "1st thing", "3rd grade", "3rd period"', () => {
    expectNothingRead(
      (text) => findDates(text, AT).filter((d) => d.date !== null),
      ['back 1st thing', 'homeschooled through 3rd grade', 'till 3rd period'],
    );
  });

  it('still reads "back 10th" as a day', () => {
    expect(findDates('flying out tomorrow, back 10th', AT).map((d) => d.date)).toContain(
      '2026-05-10',
    );
  });
});

describe("a bill's state said in the past is no current state", () => {
  it('reads nothing from a past bill', () => {
    expectNoCommits([
      'council tax was overdue last year',
      "the tv licence fee wasn't paid in 2019",
    ]);
  });

  it("still reads a bill's present state", () => {
    expect(
      committingReadings("water bill's paid").some((r) => r.includes('water_bill.status=paid')),
    ).toBe(true);
  });
});
