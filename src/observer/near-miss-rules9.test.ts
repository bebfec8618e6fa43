// Near-miss probes for the rules@9 changes (issue #13): each construction that must NOT become a
// durable memory, beside the same construction that must. Written before the rules, in sentences
// of our own (none from the observe sets): leaving the conversation, a value turned down, a
// tentative name, an opinion, a reply that turns an option down, and "no need".
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';

type Turn = readonly ['user' | 'assistant', string];

/** The 🔴 observations' texts of a conversation, rules alone (no scorer). */
function redOf(turns: readonly Turn[]): string[] {
  const entries = turns.map(([role, text], i) => ({
    id: String(i + 1),
    role,
    text,
    at: `2026-06-02T10:${String(10 + i).padStart(2, '0')}:00.000Z`,
  }));
  return observeTranscript({
    captureKey: 'e'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: '2026-06-02',
    scorer: null,
  })
    .segments.flatMap((s) => s.observations)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}

const holds = (texts: readonly string[], word: string) =>
  texts.some((t) => t.toLowerCase().includes(word.toLowerCase()));

/** A user line after an unrelated assistant answer, so no reply rule reads it as an answer. */
const afterAnswer = (line: string): Turn[] => [
  ['user', 'Can you tidy the README intro for the garden app?'],
  ['assistant', 'Done: the intro now says what the app does in two sentences.'],
  ['user', line],
];

describe('near misses: the speaker leaving the conversation', () => {
  const LEAVING: readonly (readonly [string, string])[] = [
    ['Gotta go, standup in 5.', 'standup'],
    ['Now I must go, the kettle is whistling.', 'kettle'],
    ['ok I have to run, dentist at 3', 'dentist'],
    ['Off to collect the kids from school.', 'kids'],
    ["That's all for today, my 2pm meeting is starting.", '2pm'],
    ["I've got a lecture in 10 mins, thanks for the help", 'lecture'],
    ['Now I must go check the greenhouse before the storm.', 'greenhouse'],
    ['I go to cook now, dinner at 7', 'dinner'],
    ['Back to work, meeting in 3 min.', 'meeting'],
    ['Thanks, off to open the café, first guests at 8.', 'guests'],
    ['Now I have to go in the greenhouse, the vent motor is stuck again.', 'vent motor'],
  ];
  it.each(LEAVING)('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  const STAYING: readonly (readonly [string, string])[] = [
    ['All invoices must go through Dana before payment.', 'Dana'],
    ['Releases have to go out before 16:00 on Fridays.', '16:00'],
    ['Gotta go, but remember: the backup job runs at 02:30 on nas-02.', '02:30'],
    ['I have to go, we moved the standup to 10:30 from now on.', '10:30'],
    ['The weekly standup is at 09:15 in room 4.', '09:15'],
    ['Login sessions expire in 30 minutes.', '30 minutes'],
    ["Off-site backups go to the NAS at Priya's house.", 'NAS'],
    ['New recipes must go in the shared binder under /recipes/2026.', '/recipes/2026'],
  ];
  it.each(STAYING)('still makes "%s" durable', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: a value turned down in the same breath', () => {
  const TURNED_DOWN: readonly (readonly [string, string])[] = [
    ['The Linden Hotel quoted 1,200 SEK a night, way over budget.', '1,200'],
    ['Too pricey, 4500 NOK.', '4500'],
    ["A second NAS is 640 EUR, that's a lot.", '640'],
    ['The courier charges 18 GBP per parcel which is ridiculous.', '18 GBP'],
  ];
  it.each(TURNED_DOWN)('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  const KEPT: readonly (readonly [string, string])[] = [
    ['Anything over 150 EUR a night is too expensive for us.', '150'],
    ['We booked the Linden at 980 SEK a night, a lot cheaper than the rest.', '980'],
    ["The budget is 12,000 SEK total, that's the hard cap.", '12,000'],
  ];
  it.each(KEPT)('still makes "%s" durable', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: tentative names and opinions', () => {
  const TENTATIVE: readonly (readonly [string, string])[] = [
    ['Working title is "Harbour Lights".', 'Harbour Lights'],
    ['The tentative date for the launch is 3 March.', '3 March'],
    ["Provisionally it's called project-finch-2.", 'finch'],
    ["I think the venue is St Mary's hall on Kell Road.", 'Kell Road'],
    ['Postgres 15 i think, like the other boxes.', 'Postgres 15'],
    ["My guess is it's on port 8080.", '8080'],
    ['I reckon the courier charges 12 EUR a parcel.', '12 EUR'],
  ];
  it.each(TENTATIVE)('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  const SETTLED: readonly (readonly [string, string])[] = [
    ['The final title is "Harbour Lights".', 'Harbour Lights'],
    ['The launch date is 3 March.', '3 March'],
    ['We named the service finch-api-2.', 'finch-api-2'],
    ["The venue is St Mary's hall on Kell Road.", 'Kell Road'],
    ['We run Postgres 15, like the other boxes.', 'Postgres 15'],
  ];
  it.each(SETTLED)('still makes "%s" durable', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: replies to options the assistant laid out', () => {
  it('does not read an option the user already tried as the one chosen', () => {
    const red = redOf([
      ['user', 'The volunteers keep missing their shifts.'],
      ['assistant', 'You could use Trello or Notion for the rota.'],
      ['user', 'no, Trello we tried, nobody ever opened it. a printed sheet works'],
    ]);
    expect(holds(red, 'Trello')).toBe(false);
  });

  it('does not read an option named with what went wrong with it as chosen', () => {
    const red = redOf([
      ['user', 'Where should the staging box live?'],
      ['assistant', 'Options are Vultr, Hetzner or OVH.'],
      ['user', 'Hetzner we had before, too flaky'],
    ]);
    expect(holds(red, 'Hetzner')).toBe(false);
  });

  it('writes a named pick with the option it names, not the ones it passed over', () => {
    const red = redOf([
      ['user', 'How do I notice when the site goes down?'],
      [
        'assistant',
        'Options: (1) a hosted status page like Statuspal, or (2) a small script that pings the site and texts you.',
      ],
      ['user', 'I prefer the script'],
    ]);
    expect(holds(red, 'script')).toBe(true);
    expect(holds(red, 'Statuspal')).toBe(false);
  });

  it('keeps the option a short named pick chooses, without the others', () => {
    const red = redOf([
      ['user', 'Somewhere for the team lunch on Friday?'],
      ['assistant', "Three spots nearby: Kiosk Ola (vegan), Bar Lotte, or Fenna's."],
      ['user', 'Bar Lotte sounds good'],
    ]);
    expect(holds(red, 'Bar Lotte')).toBe(true);
    expect(holds(red, 'Fenna')).toBe(false);
  });

  it('still takes a terse pick of one option', () => {
    const red = redOf([
      ['user', 'The volunteers keep missing their shifts.'],
      ['assistant', 'You could use Trello or Notion for the rota.'],
      ['user', 'Notion then.'],
    ]);
    expect(holds(red, 'Notion')).toBe(true);
  });

  it('still writes a pick by position with the alternatives it needs', () => {
    const red = redOf([
      ['user', 'How should we split the reports table?'],
      ['assistant', 'We could shard by region, or by customer id.'],
      ['user', 'the second one'],
    ]);
    expect(holds(red, 'customer id')).toBe(true);
  });
});

describe('near misses: turning an offer down', () => {
  it('does not make "no need" a standing rule', () => {
    const red = redOf([
      ['user', 'I keep forgetting the bin day.'],
      ['assistant', 'Want me to draft a reminder for Thursday evening?'],
      ['user', "No need, I've put one in my phone already."],
    ]);
    expect(red).toEqual([]);
  });

  it('still makes a refusal for good a standing rule', () => {
    const red = redOf([
      ['user', 'The shop site needs a privacy page.'],
      ['assistant', 'Should I add a cookie banner as well?'],
      ['user', 'No, we never track anyone, no banners ever.'],
    ]);
    expect(holds(red, 'banner')).toBe(true);
  });
});

describe('near misses: "nobody" telling what happened', () => {
  it.each([
    ['Nobody showed up to the Tuesday meetup at Kafe 12.', 'Kafe 12'],
    ['No one ever read the wiki page on vlan-30.', 'vlan-30'],
    ['We printed 40 flyers and nobody came.', '40 flyers'],
  ])('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  it.each([
    ['Nobody deploys to prod-eu on Fridays.', 'prod-eu'],
    ['No one merges to main without a review from Ines.', 'Ines'],
  ])('still makes "%s" a rule', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: an option chosen, then turned down', () => {
  it('leaves a pick 🟡 once the same option is turned down later in the session', () => {
    const red = redOf([
      ['user', 'Looking for a venue for the 40-person workshop in Ghent.'],
      ['assistant', 'Candidates: Zaal Lieven, the Dok hall, or Hotel Ter Elst.'],
      ['user', "Zaal Lieven looks great, let's go with that"],
      ['assistant', 'Shall I ask them for a quote?'],
      ['user', 'yes'],
      ['user', 'Zaal Lieven wants 2,400 EUR for the day, way over budget. Book the Dok hall'],
    ]);
    expect(red.some((t) => t.includes('Zaal Lieven') && !t.includes('Dok'))).toBe(false);
  });

  it('keeps a pick when a different option is turned down', () => {
    const red = redOf([
      ['user', 'Looking for a venue for the 40-person workshop in Ghent.'],
      ['assistant', 'Candidates: Zaal Lieven, the Dok hall, or Hotel Ter Elst.'],
      ['user', "Zaal Lieven looks great, let's go with that"],
      ['assistant', 'Noted. Hotel Ter Elst also replied with a quote.'],
      ['user', 'Hotel Ter Elst wants 3,100 EUR for the day, way over budget.'],
    ]);
    expect(red.some((t) => t.includes('Zaal Lieven'))).toBe(true);
  });
});

describe('near misses: short answers to a question that offers options or a guess', () => {
  it('keeps the topic of the question, not the option the answer passed over', () => {
    const red = redOf([
      ['user', 'Setting up the cluster.'],
      ['assistant', 'Log store — Loki or Elasticsearch?'],
      ['user', 'Loki'],
    ]);
    expect(holds(red, 'Loki')).toBe(true);
    expect(holds(red, 'Elasticsearch')).toBe(false);
  });

  it('does not keep the guess an answer replaces', () => {
    const red = redOf([
      ['user', 'Setting up the cluster.'],
      ['assistant', 'Which zone are the nodes in — fsn1?'],
      ['user', 'nbg1-dc3'],
    ]);
    expect(holds(red, 'nbg1-dc3')).toBe(true);
    expect(holds(red, 'fsn1')).toBe(false);
  });

  it('takes no reaction as the answer to a question', () => {
    const red = redOf([
      ['user', 'Need a name for the shop newsletter.'],
      ['assistant', 'Which do you prefer? — Paper Lanterns, Inkpot Weekly'],
      ['user', 'lovely'],
    ]);
    expect(red).toEqual([]);
  });

  it('still keeps an answer with the question it needs', () => {
    const red = redOf([
      ['user', 'Setting up the cluster.'],
      ['assistant', 'Is the ingress still on lb-04?'],
      ['user', 'still lb-04'],
    ]);
    expect(red.some((t) => t.includes('lb-04') && t.includes('ingress'))).toBe(true);
  });
});

describe('near misses: problems without "error"', () => {
  it.each([
    ['The backup pod on k3s-2 keeps OOMing.', 'k3s-2'],
    ['Invoices are piling up in the outbox on mail-01.', 'mail-01'],
    ['We have overbooking again on room 12, two bookings for 3 May.', 'room 12'],
    ['Customers are reporting that the 10:00 slot vanished from the form.', '10:00'],
    ['The stream keeps dropping out every 15 mins on the Tuesday show.', '15 mins'],
  ])('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  it.each([
    ['Never overbook room 12, it has 4 beds.', 'room 12'],
    ['The backup pod on k3s-2 gets 2 GiB of memory.', '2 GiB'],
  ])('still makes "%s" durable', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: a bare yes to a question with a topic', () => {
  it('keeps the value the yes confirms', () => {
    const red = redOf([
      ['user', 'Setting up the backups.'],
      ['assistant', 'Backup target: nas-01 over NFS?'],
      ['user', 'yes'],
    ]);
    expect(red.every((t) => !/answering "Backup target"\)/.test(t))).toBe(true);
  });
});

describe('near misses: a statement taken back in the next message', () => {
  it('leaves what the user takes back with "no wait" out of 🔴', () => {
    const red = redOf([
      ['user', 'The product launch is on 12 May.'],
      ['assistant', 'Noted: launch on 12 May.'],
      ['user', 'no wait, 12 May is the board meeting. the launch is 19 May'],
    ]);
    expect(red.some((t) => t.includes('launch is on 12 May'))).toBe(false);
    expect(red.some((t) => t.includes('19 May'))).toBe(true);
  });

  it('leaves what the user takes back with "scratch that" out of 🔴', () => {
    const red = redOf([
      ['user', 'Set the upload limit to 20 MB.'],
      ['assistant', 'Okay.'],
      ['user', 'scratch that, make it 50 MB'],
    ]);
    expect(red.some((t) => t.includes('20 MB') && !t.includes('50'))).toBe(false);
  });

  it('keeps a statement when the next message only tells to wait', () => {
    const red = redOf([
      ['user', 'The product launch is on 12 May.'],
      ['assistant', 'Should I tag the release now?'],
      ['user', 'wait for the build, then tag v2.4.0'],
    ]);
    expect(red.some((t) => t.includes('12 May'))).toBe(true);
  });

  it('keeps a statement the next message adds to with "actually"', () => {
    const red = redOf([
      ['user', 'Staging runs on port 8081.'],
      ['assistant', 'Noted.'],
      ['user', 'Actually, prod runs on 8443 too.'],
    ]);
    expect(red.some((t) => t.includes('8081'))).toBe(true);
  });

  it('keeps a statement the next message follows with an afterthought ("oh wait")', () => {
    const red = redOf([
      ['user', 'The kit room key is with Dana at 14 Mill Lane.'],
      ['user', 'oh wait, Dana just texted, the pitch is booked until 9:15. we start 9:30'],
    ]);
    expect(red.some((t) => t.includes('14 Mill Lane'))).toBe(true);
  });
});

describe('near misses: the same words in durable statements (self-review)', () => {
  it.each([["I've got to run the migrations on db-07 before every release.", 'db-07']])(
    'keeps "%s" durable: run with an object is no departure',
    (line, word) => {
      expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
    },
  );

  it.each([
    [
      'I meant to ask: the backups run at 02:00 on nas-02, right?',
      'The invoices go out from billing@fenn.io.',
    ],
    [
      'Ignore that folder in the backup, tmp/cache is rebuilt anyway.',
      'The invoices go out from billing@fenn.io.',
    ],
  ])('"%s" takes nothing back', (next, first) => {
    const red = redOf([
      ['user', first],
      ['assistant', 'Noted.'],
      ['user', next],
    ]);
    expect(holds(red, 'billing@fenn.io')).toBe(true);
  });
});

describe('near misses: options listed and advice passed on', () => {
  it.each([
    ['Options: (a) pin the image to 3.19, (b) build our own, (c) wait for 3.20.', '3.19'],
    ['My neighbour says I should cut the hedge to 1.5 m, but he is fussy.', '1.5 m'],
    ['The coach reckons we should train at 6:30 on Tuesdays, not sure yet.', '6:30'],
  ])('keeps "%s" out of 🔴', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(false);
  });

  it.each([
    ['We pinned the image to 3.19 on every runner.', '3.19'],
    ['The council says we have to cut the hedge to 1.5 m by June.', '1.5 m'],
    ['We should always train at 6:30 on Tuesdays.', '6:30'],
    ['My sister said I should move to Notion, but we stay with Obsidian 1.5.', 'Obsidian 1.5'],
  ])('still makes "%s" durable', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});

describe('near misses: a verdict the user goes past (self-review)', () => {
  it.each([
    ["The Pro plan is 49 USD a month, that's a lot, but we'll go with it", 'Pro plan'],
    ['The cluster costs 2,000 EUR a month, too much, so we moved to Hetzner', 'Hetzner'],
  ])('keeps the choice in "%s"', (line, word) => {
    expect(holds(redOf(afterAnswer(line)), word)).toBe(true);
  });
});
