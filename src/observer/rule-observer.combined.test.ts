// rules@6: the rules with the shipped scorer, on sentences of our own written for this test (other
// domains than the observe sets, typos, terse and non-native wordings). Durable ones must reach 🔴
// with their specifics; noise must not.
import { describe, expect, it } from 'vitest';
import { chat, chatsFrom, observedIn, type Turn } from './__fixtures__/sentences.js';

const FROM = { from: '2026-03-04T10:00:00.000Z' };
const { said, red } = chatsFrom(FROM);

/** [sentence, words a durable observation of it must hold]. */
const DURABLE: readonly (readonly [string, readonly string[]])[] = [
  ['The greenhouse sensors report to mqtt.farm.local on port 1883.', ['mqtt.farm.local', '1883']],
  ['Always water the basil before 9am, never at noon.', ['basil', '9am']],
  ['We decided to use Postgres 16 for the ledger service.', ['Postgres 16']],
  ['our choir rehearses every thursday at 19:30 in room B12', ['19:30', 'B12']],
  ['Invoices must go out by the 5th of each month.', ['Invoices', '5th']],
  ['The kiln fires at 1240 degrees for stoneware.', ['1240']],
  ['pls always cc finance@orbit.io on refunds', ['finance@orbit.io']],
  ['The tractor manual is in /srv/docs/deere-5075e.pdf.', ['/srv/docs/deere-5075e.pdf']],
  ['From now on the standup is at 09:15.', ['09:15']],
  ['I prefer metric units in every report.', ['metric']],
  ['Never push directly to the release branch.', ['release branch']],
  ['The wifi password for the studio is kept in 1Password, vault Studio.', ['1Password']],
  ['We switched from Jenkins to Woodpecker CI.', ['Woodpecker']],
  ['Our backups run at 03:00 to the NAS at 10.0.4.20.', ['03:00', '10.0.4.20']],
  ['Default currency for the shop is CHF.', ['CHF']],
  ['use node 20 for all services, not 18', ['node 20']],
  ['The vet clinic number is +41 44 555 12 34.', ['+41 44 555 12 34']],
  ['Rule: no deploys after 16:00 on fridays.', ['16:00']],
  ['Staging lives on k8s namespace stg-eu1.', ['stg-eu1']],
  ['We agreed the rent is split 60/40 between me and Jonas.', ['60/40']],
  ['The API rate limit is 600 requests per minute.', ['600']],
  ['Thesis deadline is 2026-09-30, submit via the faculty portal.', ['2026-09-30']],
  ['i always want answers in german pls', ['german']],
  ['Logs are kept 30 days on the collector.', ['30 days']],
  ['The bakery opens at 6:30 on weekdays.', ['6:30']],
  ['Must keep the fridge below 4 degrees.', ['4 degrees']],
  ['We chose Hetzner for hosting because of price.', ['Hetzner']],
  ['The build uses pnpm 9.1, dont use npm.', ['pnpm 9.1']],
  ['Meeting room capacity is max 12 people.', ['12']],
  ['Timeouts for the payment gateway are set to 45s.', ['45s']],
  // rules@13: the relation reading takes a sentence-initial "My" (a known miss until then).
  ['My sister Lena handles the garden accounts.', ['Lena']],
];

/**
 * Known misses at rules@6 (with and without the scorer): a name given with "is called" to a
 * thing without specifics. Listed so it cannot start passing unnoticed.
 */
const KNOWN_MISSES: readonly (readonly [string, readonly string[]])[] = [
  ['Our main branch is called trunk.', ['trunk']],
];

const NOISE: readonly string[] = [
  'haha nice',
  'ok thanks!',
  'Coffee break, back in five.',
  'What time is it in Tokyo right now?',
  'lol that was fast',
  'Can you check the build log?',
  'hmm not sure, maybe later',
  'Looks good to me.',
  'brb',
  'Thanks, that helped a lot!',
  'Is the server up?',
  'Maybe we could try Rust someday.',
  'ugh mondays',
  'I am so tired today.',
  'Let me think about it.',
  'Could you summarise the thread?',
  'wow',
  'sorry typo',
  'Great job on that one.',
  'Hold on, reading it now.',
  'Not sure what you mean?',
  'ok',
  'Cool, moving on.',
  'Why is it so slow today?',
  'One sec.',
  'good morning!',
  'I might look into Kafka at some point.',
  'thx',
  'That was weird.',
  'Nevermind.',
  'Perhaps next week.',
  'Any idea what happened?',
];

/** 🔴 observations of an assistant reply to a user's request. */
const assistantRed = (text: string) =>
  said(['user', 'Can you look into the nightly job?'], ['assistant', text]);

// The assistant's one-off reports of what it saw: the rules draft each as 🟡 working context,
// and a model admitting every 🟡 would make them durable. The shipped scorer may lift the
// assistant's 🟡 drafts (scorer@3); none of these may become 🔴.
const ASSISTANT_NOISE: readonly string[] = [
  'It took about 4 minutes this time.',
  'The last run used 2.1 GB of memory.',
  'The disk on the runner is at 71% today.',
  'The container restarted at 09:42 after the OOM.',
  'Your script printed 1204 lines of warnings.',
  'The cron log shows the job started at 02:00 and ended at 02:07.',
  'The CPU spiked to 95% during the import.',
  'There were 17 rows with empty emails in that file.',
  'The page loaded in 3.2 seconds on my test.',
  'I counted 42 open tickets in the board.',
  'The nightly job failed with exit code 137.',
  'The upload was 380 MB.',
  'Latency went from 120ms to 800ms during the spike.',
];

describe('rules@6 on sentences of our own', () => {
  it.each(ASSISTANT_NOISE)("keeps the assistant's %s out", (sentence) => {
    expect(assistantRed(sentence)).toEqual([]);
  });
  it('has at least 30 durable and 30 noise sentences', () => {
    expect(DURABLE.length).toBeGreaterThanOrEqual(30);
    expect(NOISE.length).toBeGreaterThanOrEqual(30);
  });
  const kept = (sentence: string, must: readonly string[]) => {
    const texts = red(sentence);
    const hit = texts.some((t) => must.every((w) => t.toLowerCase().includes(w.toLowerCase())));
    expect(hit, JSON.stringify(texts)).toBe(true);
  };
  it.each(DURABLE)('keeps %s', kept);
  it.fails.each(KNOWN_MISSES)('misses (known) %s', kept);
  it.each(NOISE)('keeps %s out', (sentence) => {
    expect(red(sentence)).toEqual([]);
  });
});

/** The 🔴 observations drawn from an assistant message of a conversation of [role, text] turns. */
function redFromAssistant(turns: readonly Turn[]): string[] {
  const assistantIds = new Set(
    chat(turns, FROM.from)
      .filter((e) => e.role === 'assistant')
      .map((e) => e.id),
  );
  return observedIn(turns, FROM)
    .filter((o) => o.priority === 'red')
    .filter((o) => o.source_message_ids.some((id) => assistantIds.has(id)))
    .map((o) => o.text);
}

// The assistant's one-off reports, hypotheticals ("if we … we could …") and offers ("I could … if
// you like") with turns after them: a user reply that neither confirms nor decides, or a later turn
// saying the specific again. The weight-1 scorer@3 lifted all but one of these to 🔴.
const ASSISTANT_TURNS: readonly (readonly (readonly ['user' | 'assistant', string])[])[] = [
  [
    ['user', 'Could you check on the backup?'],
    ['assistant', 'The backup completed with 2 skipped files in archive-0611.tar.'],
    ['user', 'Hmm. I will figure out what to do with that later.'],
  ],
  [
    ['user', 'Can you run the sync?'],
    ['assistant', 'The sync left 5 conflicts in notes-2024.md.'],
    ['user', 'Strange that notes-2024.md keeps doing that. Anyway, on to the docs.'],
  ],
  [
    ['user', 'Can you run the sync?'],
    ['assistant', 'The sync left 5 conflicts in notes-2024.md.'],
    ['user', 'What should we do?'],
    [
      'assistant',
      'The 5 conflicts in notes-2024.md are all whitespace, so I would just take the newer copy.',
    ],
    ['user', 'Let me look first.'],
  ],
  [
    ['user', 'How could we simplify the setup?'],
    ['assistant', 'If we pointed the workers at 10.8.1.12 we could skip the relay entirely.'],
    ['user', 'Interesting, let me sleep on it.'],
  ],
  [
    ['user', 'Should we move the queue?'],
    ['assistant', 'If you switched the queue to port 5673 we could retire the old broker.'],
    ['user', 'Maybe. Not today though.'],
  ],
  [
    ['user', 'Any cleanup we can do on the repo?'],
    ['assistant', 'I could remove release/2.3 and spike/graphql-cache if you like.'],
    ['user', 'Hold on, leave spike/graphql-cache alone for now.'],
  ],
  [
    ['user', 'The logs are huge.'],
    ['assistant', 'I can also rotate /var/log/app.log every 6 hours if you want.'],
    ['user', 'Hmm, let me check with the team first.'],
  ],
];

describe("rules@6 on the assistant's reports, hypotheticals and offers with turns after them", () => {
  it.each(ASSISTANT_TURNS.map((turns, i) => [`${i + 1}: ${turns[1]?.[1]}`, turns] as const))(
    'keeps %s out',
    (_, turns) => {
      expect(redFromAssistant(turns)).toEqual([]);
    },
  );
});
