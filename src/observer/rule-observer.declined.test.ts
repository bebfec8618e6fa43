// An option the assistant offered and the user turned down is no durable memory: "Too pricey,
// 95 EUR a day", "Hotel Mira is 310 a night, way over budget", "Linear we tried", "No need, I've
// put it in my calendar". What the user keeps or states about their own setup in the same reply,
// a complaint about a fact of theirs, and a refusal for good ("No, never deploy without …") must
// still reach 🔴. Sentences of our own, not from the observe sets; the shipped scorer is on.
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';

type Turn = readonly ['user' | 'assistant', string];

/** The 🔴 observations' texts of a conversation (the reflector proposes only 🔴 ones). */
function redOf(turns: readonly Turn[]): string[] {
  return observeTranscript({
    captureKey: 'f'.repeat(64),
    sessionId: 's',
    entries: turns.map(([role, text], i) => ({
      id: String(i + 1),
      role,
      text,
      at: `2026-05-06T09:0${i}:00.000Z`,
    })),
    fallbackDate: '2026-05-06',
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}

const HOTELS = 'Two hotels fit: Casa Verde at 120 EUR a night or Hotel Mira at 310 EUR.';
const BOARDS = 'You could use Trello or Linear for this.';

describe('rule observer: an offered option turned down', () => {
  /** [what the assistant offered, the user's reply], neither of which may reach 🔴. */
  const TURNED_DOWN: readonly (readonly [string, string])[] = [
    [HOTELS, 'Hotel Mira is 310 a night, way over budget.'],
    [BOARDS, 'Linear we tried, the team hated it.'],
    ['You could also try Notion or Obsidian for the notes.', 'Obsidian we tested, too fiddly.'],
    ['Want me to set a reminder for Friday?', "No need, I've put it in my calendar already."],
    [
      'Have you looked at Plausible for analytics?',
      'I tried it in 2023, the numbers never matched.',
    ],
    [
      'The Berlin workshop package is 4,800 EUR for five people.',
      'Too expensive, 4800 is half our budget.',
    ],
    ['You could rent the Leica Q3 for the shoot.', 'Too pricey, 95 EUR a day.'],
    [
      'An option is Mailgun at 35 USD a month.',
      'Mailgun is 35 a month, too much for a hobby list.',
    ],
    [
      'Maybe Postmark? It costs 15 USD a month.',
      'Nah, 15 a month is too dear for 200 subscribers.',
    ],
  ];
  it.each(TURNED_DOWN)('keeps the reply to "%s" ("%s") out of 🔴', (offer, reply) => {
    expect(
      redOf([
        ['user', 'Any ideas?'],
        ['assistant', offer],
        ['user', reply],
      ]),
    ).toEqual([]);
  });

  /** [the conversation, words a 🔴 observation of it must hold]. */
  const KEPT: readonly (readonly [readonly Turn[], readonly string[]])[] = [
    [
      [
        ['assistant', "I'd suggest starting with fixed costs. What's your rent?"],
        ['user', 'Our rent is 1,450 EUR a month, which is insane.'],
      ],
      ['1,450 EUR'],
    ],
    [
      [
        ['assistant', 'Should I skip the staging step to save time?'],
        ['user', 'No, never deploy without the staging run.'],
      ],
      ['never deploy without the staging run'],
    ],
    [
      [
        ['assistant', 'Want me to switch the tests to jest?'],
        ['user', 'No, we use vitest 1.6 everywhere, jest breaks our ESM setup.'],
      ],
      ['vitest 1.6'],
    ],
    [
      [
        ['assistant', HOTELS],
        ['user', 'Casa Verde, 120 is within budget.'],
      ],
      ['Casa Verde'],
    ],
    [
      [
        ['assistant', 'Have you looked at Plausible for analytics?'],
        ['user', 'We run Plausible already, on stats.example.org.'],
      ],
      ['stats.example.org'],
    ],
    [
      [
        ['assistant', 'How many guests so far?'],
        ['user', "40 guests confirmed, that's a lot."],
      ],
      ['40 guests'],
    ],
    [
      [
        ['assistant', 'An option is Mailgun at 35 USD a month.'],
        ['user', 'Mailgun is too expensive, we send through Amazon SES at 0.10 USD per 1,000.'],
      ],
      ['Amazon SES'],
    ],
    [
      [
        ['assistant', BOARDS],
        ['user', 'Trello, we tried Linear but Trello fits the volunteers.'],
      ],
      ['Trello'],
    ],
    [
      [
        ['assistant', 'You could sync every 5 minutes for 9 EUR a month more.'],
        ['user', 'Not worth it for us, keep the nightly sync at 02:00.'],
      ],
      ['nightly sync', '02:00'],
    ],
    [
      [
        ['assistant', 'Should I set up a VPN for the NAS?'],
        ['user', 'No need for a VPN, the NAS at 192.168.1.20 is only on the LAN.'],
      ],
      ['192.168.1.20'],
    ],
    [
      [
        ['assistant', 'Should I add Redis for caching?'],
        ['user', 'No need, Postgres handles our 200 req/s fine.'],
      ],
      ['Postgres', '200 req/s'],
    ],
    [
      [
        ['assistant', 'Maybe a bigger instance, 8 GB?'],
        ['user', 'Too much, 4 GB is our cap for staging.'],
      ],
      ['4 GB', 'staging'],
    ],
  ];
  it.each(KEPT)('still keeps a durable reply in 🔴 (%#)', (turns, words) => {
    const red = redOf([['user', 'Any ideas?'], ...turns]);
    expect(red.some((t) => words.every((w) => t.includes(w)))).toBe(true);
  });
});
