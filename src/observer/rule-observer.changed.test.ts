// A choice or a date the user changes later in the same session is no longer true: "Let's go with
// Hetzner" followed by "Actually, switch to Scaleway", "the dinner is on Friday 14 March" followed
// by "move the dinner to Saturday 15 March". The earlier one must leave 🔴; the new one stays, and
// so do other choices and dates the change does not name. Sentences of our own, not from the
// observe sets; the shipped scorer is on.
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';

type Turn = readonly ['user' | 'assistant', string];

/** The 🔴 observations' texts of a conversation (the reflector proposes only 🔴 ones). */
function redOf(turns: readonly Turn[]): string[] {
  return observeTranscript({
    captureKey: 'a'.repeat(64),
    sessionId: 's',
    entries: turns.map(([role, text], i) => ({
      id: String(i + 1),
      role,
      text,
      at: `2026-05-06T09:${String(10 + i)}:00.000Z`,
    })),
    fallbackDate: '2026-05-06',
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}

const HOSTS = 'Three hosts fit: Hetzner, OVH or Scaleway.';
const SITES = 'Two generators fit here: Zola or Hugo.';

/** [conversation, the old value no 🔴 may hold without the new one, the new value]. */
const CHANGED: readonly (readonly [readonly Turn[], string, string])[] = [
  [
    [
      ['assistant', HOSTS],
      ['user', "Let's go with Hetzner."],
      ['assistant', 'OK, I will draft the Hetzner setup.'],
      ['user', 'Actually, switch to Scaleway, they have a Paris region.'],
    ],
    'Hetzner',
    'Scaleway',
  ],
  [
    [
      ['assistant', SITES],
      ['user', 'Go with Zola for the docs site.'],
      ['assistant', 'Zola it is. Shall I scaffold it?'],
      ['user', 'Hmm, Hugo then, the team knows it. Final.'],
    ],
    'Zola',
    'Hugo',
  ],
  [
    [
      ['user', 'The team dinner should be on Friday 14 March.'],
      ['assistant', 'Noted, dinner on Friday 14 March.'],
      ['user', 'No wait, move the dinner to Saturday 15 March.'],
    ],
    'Friday 14 March',
    'Saturday 15 March',
  ],
  [
    [
      ['user', 'The launch is on 3 June.'],
      ['assistant', 'Launch on 3 June, noted.'],
      ['user', 'Push the launch to 10 June, legal needs another week.'],
    ],
    '3 June',
    '10 June',
  ],
  [
    [
      ['user', 'The grant report deadline is 30 April.'],
      ['assistant', 'Deadline 30 April noted.'],
      ['user', 'Change the report deadline to 15 May, the funder extended it.'],
    ],
    '30 April',
    '15 May',
  ],
  [
    [
      ['assistant', 'For receipts you could use Postmark or Mailgun.'],
      ['user', "Let's use Postmark for the receipts."],
      ['assistant', 'Postmark it is.'],
      ['user', 'Switch to Mailgun instead, Postmark has no EU region for us.'],
    ],
    'Postmark for the receipts',
    'Mailgun',
  ],
  [
    [
      ['user', 'The quarterly review is on Tuesday 9 September at 10:00.'],
      ['assistant', 'Review on Tuesday 9 September, 10:00.'],
      ['user', 'Reschedule the quarterly review to Thursday 11 September at 10:00.'],
    ],
    'Tuesday 9 September',
    'Thursday 11 September',
  ],
  [
    [
      ['assistant', 'The venue could be the Old Mill or the Boathouse.'],
      ['user', 'Book the Old Mill for the party.'],
      ['assistant', 'Shall I email the Old Mill?'],
      ['user', 'Actually the Boathouse instead, it has parking.'],
    ],
    'Old Mill',
    'Boathouse',
  ],
];

describe('rule observer: a choice or a date changed later in the session', () => {
  it.each(CHANGED)('drops the old value (%#)', (turns, old, now) => {
    const red = redOf([['user', 'Planning time.'], ...turns]);
    expect(red.filter((t) => t.includes(old) && !t.includes(now))).toEqual([]);
  });

  /** [conversation, words a 🔴 observation must still hold]. */
  const KEPT: readonly (readonly [readonly Turn[], readonly string[]])[] = [
    [
      [
        ['assistant', HOSTS],
        ['user', 'Use Hetzner for the database.'],
        ['assistant', 'OK.'],
        ['user', 'Use Scaleway for the object storage.'],
      ],
      ['Hetzner', 'database'],
    ],
    [
      [
        ['user', 'The team dinner is on Friday 14 March.'],
        ['assistant', 'Noted.'],
        ['user', 'Move the standup to 09:30 from Monday.'],
      ],
      ['Friday 14 March'],
    ],
    [
      [
        ['user', 'We run the nightly export at 02:00.'],
        ['assistant', 'Noted.'],
        ['user', 'Move the weekly report to Monday 08:00.'],
      ],
      ['02:00'],
    ],
    [
      [
        ['assistant', SITES],
        ['user', 'Go with Zola for the docs site.'],
        ['assistant', 'Shall I scaffold it?'],
        ['user', 'Zola then, with the Tabi theme, and Hugo stays on the old blog.'],
      ],
      ['Zola'],
    ],
    [
      [
        ['user', 'The launch is on 3 June.'],
        ['assistant', 'Noted.'],
        ['user', 'Push the press release to 5 June.'],
      ],
      ['3 June'],
    ],
    [
      [
        ['user', 'Our DNS is hosted on OVH.'],
        ['assistant', HOSTS],
        ['user', "Let's go with Hetzner."],
        ['assistant', 'OK.'],
        ['user', 'Actually, switch to Scaleway, they have a Paris region.'],
      ],
      ['DNS', 'OVH'],
    ],
    [
      [
        ['user', 'The branch release-2.3 is frozen until 5 May.'],
        ['assistant', 'Noted.'],
        ['user', 'Push the branch to origin when the tests pass.'],
      ],
      ['release-2.3', '5 May'],
    ],
    [
      [
        ['assistant', 'Two options: Vercel or Netlify.'],
        ['user', 'Netlify for the blog.'],
        ['assistant', 'OK.'],
        ['user', 'Vercel then for the shop, Netlify stays for the blog.'],
      ],
      ['Netlify', 'blog'],
    ],
    [
      [
        ['assistant', 'The venue could be the Old Mill or the Boathouse.'],
        ['user', "Let's go with the Old Mill for the party."],
        ['assistant', 'Shall I email them?'],
        ['user', 'Yes. Actually the Boathouse has no parking anyway.'],
      ],
      ['Old Mill'],
    ],
  ];
  it.each(KEPT)('still keeps what the change does not touch (%#)', (turns, words) => {
    const red = redOf([['user', 'Planning time.'], ...turns]);
    expect(red.some((t) => words.every((w) => t.includes(w)))).toBe(true);
  });
});
