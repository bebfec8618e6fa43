import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings, onRecord } from './__fixtures__/read-chat.js';

// "We're in X <stretch of time>": a present progressive "be in X" with a time adverbial that the
// date reader leaves undated ("this weekend", "next month", "in May"). A user's trial (session 15,
// issue #10) found "We're in Tahoe this weekend." said on a Monday committing the trip as under
// way, in Tahoe now. A stretch still ahead makes it a plan, and a stretch that holds today and
// days ahead ("this week" said on a Tuesday) could be either: neither may commit presence now,
// and neither adds a committed plan (precision only). Near-misses first, with the question,
// hope, negation, story, other-person and quoted forms. Every sentence was written for this test.

// Monday 2 March 2026; Saturday 7 March 2026.
const MONDAY = '2026-03-02T10:00:00Z';
const TUESDAY = '2026-03-03T10:00:00Z';
const FRIDAY = '2026-03-06T18:00:00Z';
const SATURDAY = '2026-03-07T10:00:00Z';

/** Readings that would commit or ask (not weak, a state-changing intent), on any slot. */
function committing(text: string, at = MONDAY, known = onRecord({})): string[] {
  return committingReadings(text, { at, known });
}

/** A trip to Oslo on record, leaving on `departure`. */
const osloTrip = (departure: string) =>
  onRecord({
    'travel.destination': 'Oslo',
    'travel.status': 'planned',
    'travel.departure_date': departure,
  });

describe('presence said of a stretch of time ahead: near-misses', () => {
  it('commits nothing for "this week" said midweek (now or later: ambiguous)', () => {
    expect(committing("We're in Tahoe this week.", TUESDAY)).toEqual([]);
    expect(committing("I'm in Lisbon this month.", TUESDAY)).toEqual([]);
    expect(committing('Next month we are in Oslo.', TUESDAY)).toEqual([]);
    // The trip on record has not left yet: "this week" may still be the trip ahead.
    expect(
      committing("We're in Oslo this week, it's freezing.", TUESDAY, osloTrip('2026-03-20')),
    ).toEqual([]);
  });
});

describe('presence said of a stretch of time: positives', () => {
  const here = [
    'user:primary travel.status=in_progress (strong)',
    'user:primary travel.location=Tahoe (strong)',
  ];
  it('reads presence now when the stretch holds today, or when no time is said', () => {
    expect(committing("We're in Tahoe this weekend.", SATURDAY)).toEqual(here);
    expect(committing("we're in Tahoe for the weekend, snow is perfect", SATURDAY)).toEqual([
      'user:primary travel.status=in_progress (strong)',
      'user:primary travel.location=Tahoe (strong)',
    ]);
    expect(committing("Landed! We're in Tahoe.")).toEqual(here);
    expect(committing("Made it, we're in Tahoe!")).toEqual(here);
    expect(committing("I'm in Tahoe this morning, skiing later")).toEqual(here);
  });

  it('reads presence now when the stretch belongs to another predicate or now is said (review of s15-preca)', () => {
    const oslo = [
      'user:primary travel.status=in_progress (strong)',
      'user:primary travel.location=Oslo (strong)',
    ];
    for (const text of [
      "I'm in Oslo today, Bergen next weekend.",
      "We're in Oslo right now, this week has flown by.",
      "We're in Oslo and the food this week is great.",
      "I'm in Oslo seeing my brother — next month it's Rome.",
      "I'm in Oslo until we drive home next week.",
      // A dated time of another predicate, or one after "until the end of": no plan either.
      "I'm in Oslo now, off to Bergen next week.",
      "I'm in Oslo, my sister joins me on Friday.",
      "I'm in Oslo until the end of next week.",
    ]) {
      expect(committing(text, TUESDAY), text).toEqual(oslo);
    }
    expect(committing("Touched down, I'm in Oslo for the weekend!", FRIDAY)).toEqual(oslo);
    expect(committing("Touched down, I'm in Oslo for the weekend!", TUESDAY)).toEqual(oslo);
    // The trip on record left two days ago: "this week" is the trip under way.
    expect(
      committing("We're in Oslo this week, it's freezing.", TUESDAY, osloTrip('2026-03-01')),
    ).toEqual([
      'user:primary travel.status=in_progress (strong)',
      'user:primary travel.location=Oslo (strong)',
    ]);
  });

  it('keeps reading a dated presence ahead as the plan it was', () => {
    expect(committing("We're in Tahoe on Friday.")).toEqual([
      'user:primary travel.status=planned (strong)',
      'user:primary travel.destination=Tahoe (strong)',
    ]);
  });
});

describeSentences(committing, {
  'presence said of a stretch of time ahead: near-misses': {
    'commits nothing for a stretch that has not begun': {
      nothing: [
        "We're in Tahoe this weekend.",
        "we're in tahoe next weekend!!",
        "We're in Tahoe over the weekend, back Monday.",
        "We're in Tahoe for the weekend.",
        "I'm in Lisbon in May.",
        "we're in Oslo next month",
        "I'm in Rome this summer, finally.",
        'We are in Vienna the coming week.',
      ],
    },
    'commits nothing for a question, a hope, a negation, a story, another person or a quote': {
      nothing: [
        'Are we in Tahoe this weekend?',
        "Hopefully we're in Tahoe this weekend.",
        "We're not in Tahoe this weekend after all.",
        'Last year we were in Tahoe over the weekend.',
        'My parents are in Tahoe this weekend.',
        'She texted "we\'re in Tahoe this weekend" to the group.',
      ],
    },
  },
});
