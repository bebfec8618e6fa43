// rules@4: each phenomenon the fresh set's misses showed, written as sentences of our own (other
// domains, other wordings, lowercase, typos), and noise of our own that must stay out.
import { describe, expect, it } from 'vitest';
import { durableIn, type Turn } from './__fixtures__/sentences.js';

/** The durable observations' texts of a chat, one message a minute from 09:00 on 2 June 2026. */
const red = (turns: readonly Turn[]) => durableIn(turns, { from: '2026-06-02T09:00:00.000Z' });

/** A phenomenon: sessions whose durable observations must hold these words (all of them). */
interface Case {
  readonly turns: readonly Turn[];
  readonly must: readonly string[];
  /** Words no durable observation may hold (a wrong guess, a refused option). */
  readonly never?: readonly string[];
}

/** The assistant asks or offers, the user replies. */
function qa(asked: string, reply: string, must: readonly string[], never: string[] = []): Case {
  const turns: Turn[] = [
    ['assistant', asked],
    ['user', reply],
  ];
  return { turns, must, never };
}

/** One user message. */
function said(text: string, must: readonly string[]): Case {
  return { turns: [['user', text]], must };
}

function expectCases(cases: readonly Case[]): void {
  for (const c of cases) {
    const texts = red(c.turns);
    const hit = texts.some((t) => c.must.every((w) => t.toLowerCase().includes(w.toLowerCase())));
    expect(hit, `${JSON.stringify(c.must)} in ${JSON.stringify(texts)}`).toBe(true);
    for (const w of c.never ?? []) expect(texts.join('\n')).not.toContain(w);
  }
}

describe('rules@4: replies that state a fact without repeating it', () => {
  it('keeps a yes to a question about a value with the question beside it', () => {
    expectCases([
      qa('Is the printer still at 10.0.4.17?', 'yep, that one', ['10.0.4.17', 'answering']),
      qa('The sourdough starter gets fed at 1:5:5 ratio?', 'Correct, every morning', ['1:5:5']),
      qa('Is the invoice template still invoice_v3.docx?', 'yeah thats the one', [
        'invoice_v3.docx',
      ]),
      qa('Does the choir rehearse in room B-204?', 'Yes.', ['B-204']),
      qa('So the greenhouse heater kicks in below 8 °C?', 'right', ['8 °C']),
    ]);
  });

  it('states the corrected value of a question or an offer, never the guess', () => {
    expectCases([
      qa('Postgres listens on 5432?', 'no, its 5433', ['Postgres listens on 5433'], ['5432']),
      qa(
        'Should I set the upload limit to 10 MB?',
        'make it 25',
        ['upload limit to 25'],
        ['10 MB'],
      ),
      qa(
        'Should I raise the node heap to 2048?',
        "It's already 4096.",
        ['The node heap is already 4096'],
        ['2048'],
      ),
      qa('The recital is on the 14th at 18:00?', 'Nope, 19:30.', ['19:30'], ['18:00']),
      qa(
        'Shall I bump the retry count to 3?',
        'Use 5, the upstream is flaky at night.',
        ['retry count to 5'],
        ['count to 3'],
      ),
    ]);
  });

  it('states the corrected value of an assistant statement a bare value corrects', () => {
    expectCases([
      qa(
        'Uploads go to /srv/media and thumbnails to the cache on redis-1:6379.',
        '6380. 6379 is the old one',
        ['/srv/media', 'redis-1:6380'],
      ),
      qa(
        'The garden timer waters the beds for 15 minutes.',
        '20.',
        ['beds for 20 minutes'],
        ['15 minutes'],
      ),
      qa('Your rent of 1,150 is due on the 3rd.', '1,200 now', ['rent of 1,200']),
      qa('The choir warm-up starts at 18:30 in room 12.', '18:45', ['18:45 in room 12']),
      qa('Backups keep 7 daily snapshots on nas-2.', '14, we raised it', ['14 daily snapshots']),
    ]);
    // A number that replaces nothing the assistant said, or one of two, is no correction.
    expect(
      red([
        ['assistant', 'The report is ready.'],
        ['user', '42'],
      ]),
    ).toEqual([]);
    // A hedge in answer keeps nothing, whatever the question held.
    for (const reply of ['thinking.', 'idk', 'no idea, check'])
      expect(
        red([
          ['assistant', 'Shall I request the whole 40,000 from the fund?'],
          ['user', reply],
        ]),
      ).toEqual([]);
    expect(
      red([
        ['assistant', 'Bed 2 gets water for 15 minutes.'],
        ['user', '20.'],
      ]),
    ).toEqual([]);
  });

  it('keeps a short answer that picks from the question or names what a which-question asked', () => {
    expectCases([
      {
        turns: [
          [
            'assistant',
            'The client is spelled Müller in the contract but Mueller in the CRM — which one?',
          ],
          ['user', 'Müller.'],
        ],
        must: ['Müller', 'answering'],
      },
      qa('Which channel should alerts go to?', '#ops-pager', ['#ops-pager']),
      qa('Who signs off on refunds?', 'Priya Raman in finance', ['Priya Raman']),
      qa('Do we bill monthly or quarterly?', 'quarterly', ['quarterly', 'answering']),
      qa('Which languages go into the first release?', 'Spanish, Korean and Canadian French.', [
        'Korean',
        'Canadian French',
      ]),
    ]);
  });

  it('keeps an instruction about a thing named in the question, with the question', () => {
    expectCases([
      qa('And a bucket for the exports?', 'Create one called exports-eu.', ['exports-eu']),
      qa('Should the recipes move out of the notebook?', 'Put them in recipes/mains.md', [
        'recipes/mains.md',
      ]),
      qa('Where should I save the scans?', 'put them under ~/Scans/2026 please', ['~/Scans/2026']),
      qa('Do you want a separate queue for retries?', 'Yes, name it retry_slow.', ['retry_slow']),
      qa(
        'Should I make the feature flags a config file?',
        'Keep them in flags.toml at the repo root.',
        ['flags.toml'],
      ),
    ]);
  });
});

describe('rules@4: decisions reached over several messages', () => {
  it('reads a terse pick among the alternatives the assistant laid out', () => {
    expectCases([
      qa('We could cache the tiles in Redis, or pre-render them nightly.', 'Pre-render them.', [
        'pre-render them nightly',
        'choosing',
      ]),
      qa('Options: lazy loading, or a smaller hero image.', 'do both', [
        'lazy loading',
        'smaller hero image',
      ]),
      qa('A webhook would be simpler; polling would survive outages better.', 'Webhook then.', [
        'webhook would be simpler',
      ]),
      qa(
        'For the garden beds, either cedar or galvanised steel would last.',
        'cedar, it matches the fence',
        ['cedar', 'choosing'],
      ),
      qa('We could split the exam into two sittings or shorten it to 90 minutes.', 'Split it.', [
        'two sittings',
        'choosing',
      ]),
      qa('We can host the docs on Netlify or on GitHub Pages.', 'go with the second one', [
        'GitHub Pages',
        'choosing',
      ]),
      qa(
        'Option A: one Postgres on db-1. Option B: a primary plus a replica on db-2.',
        "let's do option B",
        ['replica on db-2'],
      ),
      qa('The deploy window could be Tuesday 10:00 or Thursday 15:00.', 'thursday', [
        'Thursday 15:00',
      ]),
      qa('Which Python version?', '3.12 everywhere', ['3.12', 'answering']),
      qa('Should I run 3 replicas of the api?', 'sure, 3 is fine', ['Run 3 replicas of the api']),
    ]);
  });

  it('takes an approval as accepting the plans announced and the answer to the user question', () => {
    expectCases([
      {
        turns: [
          ['assistant', "I'll route invoices over 5,000 EUR to the CFO for a second approval."],
          ['tool', 'rules.yaml updated'],
          ['assistant', 'Rule deployed.'],
          ['user', 'Good. Next: the expense categories.'],
        ],
        must: ['Route invoices over 5,000 EUR'],
      },
      {
        turns: [
          ['user', 'Batch the emails then. How often?'],
          ['assistant', 'Every 15 minutes, at most 200 per batch.'],
          ['user', 'OK.'],
        ],
        must: ['15 minutes', '200 per batch'],
      },
      qa("I'll keep the compost bin at least 3 m from the well.", '👍', ['3 m from the well']),
      {
        turns: [
          ['user', 'what tempo for the warmup?'],
          ['assistant', '72 bpm for the first week, then 84.'],
          ['user', 'sounds good'],
        ],
        must: ['72 bpm'],
      },
      qa('Should I pin the base image to node:20.11-alpine?', 'perfect', ['node:20.11-alpine']),
      qa('I suggest a 7-day retention for the audit logs.', 'that works', ['7-day retention']),
      qa('I recommend pinning numpy to 1.26.4 until the wheels catch up.', 'makes sense', [
        '1.26.4',
      ]),
    ]);
  });

  it('writes a suggestion turned down for good as a rule', () => {
    expectCases([
      qa(
        'Would you like a cookie banner from Cookiebot?',
        'No cookie banners. We set no cookies, ever.',
        ['No cookie banners', 'We set no cookies, ever'],
      ),
      qa(
        'I could enable autoscaling on the worker pool?',
        "We tried that, it thrashed the licence server. Don't.",
        ['Declined', 'autoscaling'],
      ),
      qa(
        'Do you want the sprinklers on a timer at night?',
        'not possible, the pump needs the daytime solar',
        ['Declined', 'sprinklers'],
      ),
      qa(
        'Should we let students resubmit after the deadline?',
        'Never. The policy is one submission.',
        ['Declined', 'resubmit'],
      ),
      qa(
        'Maybe store the API token in the repo for convenience?',
        'no, tokens never go in git because the repo is mirrored',
        ['Tokens never go in git because the repo is mirrored'],
      ),
    ]);
  });
});

describe('rules@4: rules and facts without the usual cue words', () => {
  // One user sentence a line: "sentence => words a durable observation must hold".
  const SAID = `
PRs need two approvals here. => two approvals
nothing goes to prod without a green staging run => without a green staging run
Not yet — nothing merges without a signed CLA from the author. => signed CLA
Yes, but blur licence plates in any photo we post. => blur licence plates
Refunds are issued only via the original payment method. => only via the original payment method
Remember that the landlord is only reachable by email. => landlord
Label every sample with the collection date. => every sample
Every error response carries a request_id. => request_id
All payment failures go to #billing-oncall with the order id. => #billing-oncall
each timeout gets logged at warn level => warn
All crash reports include the device model and OS build. => device model
Every validation error returns HTTP 422 with a field list. => 422
The holdout set is frozen. It is in datasets/holdout-v2. => datasets/holdout-v2
It's on pin D5 / pin D6 with a pull-up. => D5
They're at /srv/backups/photos, owned by the media user. => /srv/backups/photos
Use Source Serif Pro for the body text. => Source Serif Pro
One firm, Kessler Partners, does all our audits. => Kessler Partners
`
    .trim()
    .split('\n');

  it('reads rules, error conventions, places and multi-word names without the usual cue words', () => {
    expectCases(
      SAID.map((row) => {
        const [text = '', must = ''] = row.split(' => ');
        return said(text, [must]);
      }),
    );
  });

  it('keeps a report that every item of a kind failed a problem, not a convention', () => {
    // A report that something failed stays a problem.
    expect(red([['user', 'All the nightly exports failed with a timeout.']])).toEqual([]);
  });

  it('keeps a reply with the question it answers in one segment, even after a long stretch', () => {
    const filler: Turn[] = Array.from({ length: 12 }, (_, i) => [
      i % 2 === 0 ? 'user' : 'assistant',
      `The invoice parser handles vendor layout number ${i} with the regex table.`,
    ]);
    const texts = red([
      ...filler,
      ['assistant', 'I will chown /var/lib/grafana to the grafana user.'],
      ['user', 'Yeah, Omar reinstalled the box on Monday. Go ahead.'],
    ]);
    expect(texts.some((t) => t.includes('/var/lib/grafana'))).toBe(true);
  });
});

describe('rules@4: noise stays out', () => {
  // Moment-only states, running jobs, deferred ideas, questions, refusals for now: none durable.
  const NOISE: readonly string[] = [
    "I'm tired, let's stop here.",
    'The build is running.',
    'still waiting on the deploy',
    'ugh, the wifi dropped again',
    'Coffee first, back in 10.',
    "I'm on the train, spotty signal.",
    'Tests are green now.',
    'The migration is at 40% right now.',
    'Maybe we should try Rust for the parser someday.',
    'Could we look at dark mode later?',
    "Let's revisit the pricing page next quarter.",
    'Not now, maybe after the launch.',
    'What does the 502 mean?',
    'why is the cron not firing',
    'Is the staging db up?',
    'hmm, not sure about that',
    'Thanks, that worked.',
    'lol ok',
    'Looks good to me.',
    'I guess that could work.',
    "I'll think about the color scheme.",
    'brb',
    'Probably a cache issue, not sure.',
    'Good catch!',
    'That was fast.',
    'I was at the dentist all morning.',
    'The kids are asleep finally.',
    'Yesterday the deploy took 14 minutes.',
    'It crashed twice this morning.',
    'Checking the logs now.',
    'Hmm, weird.',
    "Let's see how it behaves overnight.",
  ];

  it('keeps moment-only states, deferred ideas and questions out of durable memory', () => {
    expect(NOISE.length).toBeGreaterThanOrEqual(30);
    for (const sentence of NOISE) {
      expect(red([['user', sentence]]), sentence).toEqual([]);
    }
  });

  it('after the blind2 run: casual lower-case rules and roles are durable', () => {
    const CASUAL = `
no ads ever on the kids pages => no ads ever
nothing merges on fridays unless it is a hotfix => nothing merges
everyone signs the visitor log at the front desk => visitor log
if a payout fails it goes to the review queue in finance-ops => review queue
dont push to main directly, open a PR => push to main
please remember: every invoice gets a PO number => po number
Keep metric units throughout => metric units
Dana is the owner of the billing service => dana
Omar owns the deploy scripts => omar
we do trunk-based development => trunk-based
we cant restart the kiosk during opening hours => restart the kiosk
you may not edit the ledger by hand => ledger
`
      .trim()
      .split('\n');
    expectCases(
      CASUAL.map((row) => {
        const [text = '', must = ''] = row.split(' => ');
        return said(text, [must]);
      }),
    );
  });

  it('after the blind2 run: lower-case sentences split, and casual moments and complaints stay out', () => {
    const CASUAL_NOISE = `
thanks, im going to grab lunch
nothing is working today
gonna head out, battery at 10%
Thinking we might move the site to Vue
the bill jumped to $900 last month
PyYAML is mangling the unicode in the export
reports land in spam for outlook users
CI takes 40 minutes per PR, its unbearable
wtf, who deleted 3 rows
these totals look way off, the club has maybe 3k people
my spreadsheet says 4.1k which seems off
Feels like 3rd lol
I like that
we love it!
switching gears totally
`
      .trim()
      .split('\n');
    for (const sentence of CASUAL_NOISE) expect(red([['user', sentence]]), sentence).toEqual([]);
    // "then. thanks …" is two sentences: the setting is kept, the thanks is not.
    expect(
      red([['user', 'leave the ttl at 30s then. thanks for the quick fix']]).join(' '),
    ).not.toMatch(/thanks/);
  });

  it('reads a problem report without "error" or "fail" as a problem, not a fact', () => {
    const REPORTS = `
The export keeps timing out after 30 s.
The kiosk app hangs on the payment screen at checkout-2.
the label printer freezes every few hours
Worker pod OOMs at 2 GiB.
The upload is stuck at 99%.
The nightly job leaks about 200 MB an hour.
Our Grafana dashboard shows gaps since the 0.9 upgrade.
`
      .trim()
      .split('\n');
    for (const report of REPORTS) expect(red([['user', report]]), report).toEqual([]);
    // The same words in a rule or a setting keep it durable.
    expect(red([['user', 'Never let the importer hang on a bad row.']])).toHaveLength(1);
    expect(red([['user', 'Alert when a pod OOMs more than 3 times an hour.']])).toHaveLength(1);
  });

  it('keeps a bare commitment that names nothing, and a bare value acceptance, out', () => {
    const BARE = `
go with that
ok lets do it
Stick with it.
let's go with this then
Do it.
`
      .trim()
      .split('\n');
    for (const reply of BARE) {
      expect(
        red([
          ['assistant', 'Done, the report is in the shared folder.'],
          ['user', reply],
        ]),
        reply,
      ).toEqual([]);
    }
    // The offer the user accepts is the fact, once: "3 is fine" adds nothing to it.
    expect(
      red([
        ['assistant', 'Should I keep 30 days of logs?'],
        ['user', 'yes, 30 is fine'],
      ]),
    ).toEqual(['Keep 30 days of logs']);
  });

  it('keeps refusals for now, and replies that only acknowledge, out', () => {
    const REPLIES: readonly (readonly [string, string])[] = [
      ['Should I add a restart policy to the worker?', 'Maybe later, not today.'],
      ['Should I export the CSVs now?', 'No, the text is not frozen yet.'],
      ['I could draft the ticket for you?', "I'll do it myself, thanks."],
      ['Want me to lower the cache expiry to 120?', 'Nah, keep it as is.'],
      ['Do you want a weekly report?', 'no thanks'],
      ['Want me to archive the old branches?', 'Not this week.'],
      ['We could add a leaderboard, or badges.', 'Neither for now.'],
      ['Flashed v0.6.2. Running the soak test.', 'ok'],
      ["I'll restart the ingest pod now.", 'ok'],
      ['Is the VPN up?', 'yes'],
      ['Is the nightly export done?', 'yep'],
      ['Should I rerun the failed job on runner-7?', 'not now, later'],
    ];
    expect(
      red([
        ['user', 'how long will the reindex take?'],
        ['assistant', 'Roughly 25 minutes on this box.'],
        ['user', 'ok'],
      ]),
    ).toEqual([]);
    for (const [asked, reply] of REPLIES) {
      expect(
        red([
          ['assistant', asked],
          ['user', reply],
        ]),
        reply,
      ).toEqual([]);
    }
  });
});

/** The non-empty lines of a block. */
function lines(block: string): string[] {
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** One user sentence a line, "sentence => words a durable observation must hold". */
function saidRows(rows: string): Case[] {
  return lines(rows).map((row) => {
    const [text = '', must = ''] = row.split(' => ');
    return said(text, must.split(' + '));
  });
}

/** "asked || reply => must + must !! never", one exchange a line. */
function replyRows(rows: string): Case[] {
  return lines(rows).map((row) => {
    const [exchange = '', expected = ''] = row.split(' => ');
    const [asked = '', reply = ''] = exchange.split(' || ');
    const [must = '', never] = expected.split(' !! ');
    return qa(asked, reply, must.split(' + '), never === undefined ? [] : never.split(' + '));
  });
}

describe('rules@5: lower-case names, obligations and conventions (phenomena behind blind3)', () => {
  it('does not end a sentence at "st.", "dr.", "mr." before a lower-case name', () => {
    expectCases(
      saidRows(`
choir practice is thursdays 19:00 at st. anne's crypt => st. anne's crypt
the vet for both cats is dr. okonkwo at the harbour clinic => dr. okonkwo
our landlord is mr. haddad, rent goes to his account => mr. haddad
the summit hut is on mt. baker, gate code 4471 => mt. baker
invoices go to mrs. lindqvist in accounts, always with the PO => mrs. lindqvist
`),
    );
  });

  it('reads who holds a role as a fact, whatever the case of the name', () => {
    expectCases(
      saidRows(`
the accountant who files our vat is priya shah => priya shah
Our treasurer is tomasz, he signs every cheque => tomasz
the reviewer that approves schema changes is jun park => jun park
anyway our solicitor is ms. adeyemi at hart & co => adeyemi
the editor who signs off on the newsletter is bea => bea
`),
    );
  });

  it('reads an obligation on anyone but the speaker as a rule', () => {
    expectCases(
      saidRows(`
whoever closes the shop has to lock the back gate => lock the back gate
Every contractor needs to sign the NDA before getting repo access => sign the nda
under 18 a guardian has to be present at the climbing wall => guardian
new hires have got to finish the safety video in week one => safety video
the deploy bot has to post in the release channel first => release channel
`),
    );
  });

  it('reads "X counts as Y" and its kin as a classification rule', () => {
    expectCases(
      saidRows(`
venmo payments count as card in the tally => venmo + card
Paypal refunds fall under returns, not losses => paypal + returns
a sick kid is treated as a family emergency for leave => family emergency
a page that wakes someone counts as an incident => incident
Drafts older than a month are considered abandoned => abandoned
`),
    );
  });

  it('keeps the name an instruction gives, and a naming convention', () => {
    expectCases(
      saidRows(`
put the totals on a sheet called Summary => summary
Save it in a folder named tax-2026 => tax-2026
name them like site-room-number, e.g. hq-2-14 => site-room-number
name the branches after the ticket, like ops-231 => ops-231
make a channel called #garden-club for the volunteers => #garden-club
`),
    );
  });

  it('keeps a default kept instead of the change offered', () => {
    expectCases(
      replyRows(`
I'd raise the despawn timer to 3000 ticks. || hmm no, keep default despawn => default despawn
Should I tune the GC flags? || leave the gc flags at default => gc flags + default
We could enlarge the font in the print layout. || no, keep the stock font => stock font
I can switch the router to a custom DNS. || use the default dns from the isp => default dns
Want me to change the retry policy? || keep the retry policy as is => retry policy as is
`),
    );
  });

  it('reads "make X N" as a setting, and a value in reply to a suggestion as a decision', () => {
    expectCases(
      replyRows(`
A cron keeps 7 nightly archives. || make it keep 30 => keep 30
I suggest three tiers: bronze 5, silver 10, gold 20. || make gold 25. rest fine => gold 25
Reminders could go out 3 days before. || make them go out 5 days before => 5 days
I'd allow 2 retries per job. || use 4 retries => 4 retries
The feed could refresh every hour, or on demand. || refresh_mode on_demand, please => refresh_mode
Alerts at 90% disk could become a forecast. || do predict_linear 6h => predict_linear 6h
`),
    );
  });

  it('reads a frequency or an event as what makes an instruction standing', () => {
    expectCases(
      saidRows(`
check the restore once a quarter => once a quarter
test the smoke alarms twice a year => twice a year
rotate the api keys quarterly => quarterly
tomas is vegan and ana is allergic to sesame, tell the caterer when ordering => vegan + sesame
run the linter before pushing => before pushing
cc the landlord whenever you email the plumber => cc the landlord
`),
    );
  });

  it('reads a swap, and what stays, as a decision', () => {
    expectCases(
      saidRows(`
swap the tuesday slot for thursday, the gym is closed tuesdays => thursday + replaced
Swapped kafka for nats in the edge nodes => nats
swap fennel for celery in the soup, kids hate fennel => celery
the ios app stays on swift 5.9 until xcode 16 is stable => swift 5.9
python stays with poetry, the js side moves to pnpm => poetry
stay on postgres 15 until the extension catches up => postgres 15
`),
    );
  });

  it('keeps a count of what we have as a fact', () => {
    expectCases(
      saidRows(`
we've got 48 chromebooks in the school inventory => 48 chromebooks
We have got 3 vans and 2 trailers => 3 vans
we've got 12 beehives on the north field => 12 beehives
ive got 4 monitors on the arm mount => 4 monitors
We've got 230 seats on the enterprise plan => 230 seats
`),
    );
  });

  it('keeps the versions a problem report names, not the problem', () => {
    expectCases(
      saidRows(`
the rails app crashes on boot, ruby 3.3.0, rails 7.1 => ruby 3.3.0
printing fails from the office mac, macos 14.4, driver 2.1.7 => macos 14.4
the game stutters in town, godot 4.2.1 => godot 4.2.1
builds are failing on ci, node 20.11, pnpm 8.15 => node 20.11 + pnpm 8.15
the sync client keeps crashing, nextcloud 28.0.2, desktop 3.12 => nextcloud 28.0.2
`),
    );
    for (const report of ['the rails app crashes on boot, ruby 3.3.0, rails 7.1']) {
      expect(red([['user', report]]).join('\n')).not.toMatch(/crashes/);
    }
  });
});

describe('rules@5: replies across messages (phenomena behind blind3)', () => {
  it('takes a noun-phrase question as asking what, and keeps a name given to it', () => {
    expectCases(
      replyRows(`
Runner namespace? || ci-runners. => ci-runners + answering
Deadline for the grant report? || end-of-march => end-of-march
Staging database name? || shop_staging => shop_staging
Shared drive folder? || finance/receipts-2026 => finance/receipts-2026
Venue for the party? || the back room at Kelly Hall => Kelly Hall
`),
    );
  });

  it('replaces the one name a question guessed when the answer says "actually"', () => {
    expectCases(
      replyRows(`
Courts of Amsterdam for disputes? || rotterdam actually => rotterdam !! Amsterdam
Host the staging box on Hetzner? || ovh instead => ovh !! Hetzner
Ship the parts via DHL? || no, ups actually => ups
So the concert hall is the Grand? || the Roxy actually => roxy
Send the invoices to Maria? || joao instead. she left => joao
`),
    );
  });

  it('makes an approved change the assistant proposed a decision', () => {
    expectCases(
      replyRows(`
Bumping session.timeout.ms to 30000 should fix it. || ok => session.timeout.ms + 30000
Raising the pool size to 40 would absorb the spikes. || good => pool size to 40
Lowering the thermostat schedule to 18 °C at night would save the most. || great => Lower the thermostat + 18
Setting the upload cap to 25 MB would stop the timeouts. || 👍 => 25 MB
Capping the export at 10,000 rows should keep it under a minute. || sounds good => 10,000 rows
`),
    );
  });

  it('takes "go with that" as deciding the whole plan, and 👍 as accepting a KEY=value plan', () => {
    expectCases(
      replyRows(`
I'll patch the client and add a merged record that collapses repeats inside 15 min. || go with that => merged record
I'll order two spare 18650 cells and a 3 A charger. || let's do it => 18650
I'll email the parents on friday and book the bus for 32 kids. || do it => 32 kids
I'll make it config-driven: FEATURE_BETA=false in prod. || 👍 => FEATURE_BETA=false
I'll set LOG_FORMAT=json for the workers. || good => LOG_FORMAT=json
`),
    );
  });

  it('corrects a value written with its unit', () => {
    expectCases(
      replyRows(`
Can guests cancel up to 12h ahead? || 36h. => 36h !! 12h
Session cookies expire after 30d? || no, 14d => 14d !! 30d
Is the disk alert at 80%? || 85% actually => 85% !! 80%
The request timeout is 10s, right? || no, 15s => 15s !! 10s
Thumbnails are capped at 2MB? || 5MB => 5MB !! 2MB
`),
    );
  });

  it('labels the sentence before: "that\'s the rule", "that\'s policy now", "thats the plan", "decided"', () => {
    expectCases(
      saidRows(`
whoever opens the kiln logs the temperature. that's the rule from today => logs the temperature
interns get read-only prod access. that's policy now => read-only prod access
i'll buy a proper ip67 enclosure. thats the plan => ip67 enclosure
ok pnpm + turbo. decided => pnpm + turbo
the bake sale moves to the gym. final => bake sale
`),
    );
    for (const label of ["that's the rule", 'thats the plan', 'decided.', "that's policy now"]) {
      expect(red([['user', label]]), label).toEqual([]);
    }
  });
});

describe('rules@5: noise stays out', () => {
  // Complaints, reactions, moments and replies of our own that must not become durable memory.
  const NOISE = lines(`
spans from the billing svc don't show up in grafana
the weather sensor stopped posting data around 4pm
the printer stopped responding after lunch
messages from the bot dont arrive on android
62% wow ok
whoa, 4.2k signups overnight
omg 300 comments lol
yay 100% green finally
I have to leave early today
we have to restart it now
i need to grab the kids
I'm staying at a hotel near the venue
leave it as is
keep it
that one counts, i guess
it's considered rude lol
oh wait, the meeting moved
the backup job got stuck at 40%
ugh the vpn dropped again
need to think about this more
we tried the new vendor last month
mondays are chaos
decided.
that's the plan
that's the rule
sweet, beer time
got it, thanks
swap seats with me lol
let me check with dr. ana first
not sure if st. louis or chicago yet
probably once a quarter or so, not sure
maybe rotate the keys quarterly someday
`);

  it('keeps complaints, reactions and moments out of durable memory', () => {
    expect(NOISE.length).toBeGreaterThanOrEqual(30);
    for (const sentence of NOISE) expect(red([['user', sentence]]), sentence).toEqual([]);
  });

  it('keeps replies that react, recount or agree with a value out of corrections', () => {
    for (const row of lines(`
The progress bar reads 7,842 of 12,500. || 62% wow ok
What changed in the retention curve? || d1 jumped from 38% to 61% overnight
Should I mark the graph at Mar 9? || yes, "3.2 login outage"
Storing the build cache in s3store.lan:9100/builds for rust. || keep 21 days in that bucket
So today it's a single on-call group for all? || yep and it hurt us in the spring
Approximate years like "ca. 1850" break the importer. || ok
`)) {
      const [asked = '', reply = ''] = row.split(' || ');
      const texts = red(qa(asked, reply, []).turns);
      expect(texts.join('\n'), reply).not.toMatch(/answering|19th|Feb 2\.14|minio\.infra:14|12,62/);
    }
  });
});

describe('rules@5: less for the reviewer (unlabelled proposals behind blind3)', () => {
  it('keeps tag questions, topic lines, requests and past events out', () => {
    const OUT = lines(`
the 3 files are just configs right
port 22 is closed on the bastion, right
the limit is 50 per user right
Windows patching policy for the fleet
Expense policy for the berlin office
naming convention for the s3 buckets
need a cost review of our aws bill, it was 12k last month
I need a template for our lease renewal
need to rethink how we do code review
we need help with the Q3 budget sheet
tom reset the router on sunday
he deleted 40 rows by accident
they upgraded the switch firmware on tuesday
we tried nginx unit, nobody liked it
I restarted web-3 twice
weekend alerts are mostly noise from cert-checker
`);
    for (const sentence of OUT) expect(red([['user', sentence]]), sentence).toEqual([]);
  });

  it('still keeps rules that name themselves, and changes said in the past with their value', () => {
    expectCases(
      saidRows(`
our policy is 2 approvals per PR => 2 approvals
Attendance rule: members missing 3 practices sit out the gig => 3 practices
the convention is kebab-case for branch names => kebab-case
I renamed the repo to app-v2 => app-v2
we switched the queue to sqs last month => sqs
`),
    );
  });

  it('keeps an instruction with a value whatever reason follows it', () => {
    expectCases(
      saidRows(`
move it to friday 09:00, thursdays are a mess => friday 09:00
set the timeout to 45s, 30 is too slow => 45s
push the deadline to june 3, the printer is broken => june 3
bump the pool to 40, we keep timing out => pool to 40
use port 8443, 443 is blocked => 8443
`),
    );
  });

  it('does not swap a number of the question when the answer also changes its day', () => {
    expectCases(
      replyRows(`
Standup still Tuesday 09:30? || move it to thursday 10:00 => thursday 10:00 !! Tuesday 10:00
Handoff still Monday 10:00? || make it wednesday 11:00 => wednesday 11:00 !! Monday 11:00
Piano lesson on Friday at 16:00? || saturday 10:00 now => saturday 10:00 !! Friday at 10:00
Bins go out Sunday 20:00? || monday 07:00 actually => monday 07:00 !! Sunday 07:00
Review on Thursday 14:00? || tuesday 15:00 works better => tuesday 15:00 !! Thursday 15:00
`),
    );
  });
});

describe('rules@5: scope, duties and terms (phenomena behind blind2, a tuning set since rules@4.1)', () => {
  it('reads "No X for/in Y" and "out of scope" as ruling something out', () => {
    expectCases(
      saidRows(`
no shipping for anything, pickup only => no shipping
No default in the schema, each clinic sets it => no default
no meetings on fridays => no meetings
No laptops at the dinner table => no laptops
handwriting recognition is out of scope, we ignore photographed forms => photographed
translations are not in scope for v1 => translations
`),
    );
  });

  it("reads a named person with a duty as a fact, and an outside party's terms as a rule", () => {
    expectCases(
      saidRows(`
the backfill runs in the pipeline, Lena schedules the night deploys => lena
Omar approves every refund over 200 => omar
and Priya books the rooms for offsites => priya
the council wants 15% match funding in the plan => 15%
the landlord requires 3 months notice in writing => 3 months
The funder expects a final report by 30 june => final report
`),
    );
  });

  it('keeps an instruction about a quoted name, and a polite request that stands', () => {
    expectCases(
      saidRows(`
skip only "staff meeting" => staff meeting
ignore anything titled "draft" => "draft"
could you keep this as a to-do list every time I mention the renovation => to-do list
could you always cc "Ops Desk" on vendor mails => ops desk
can you use metric units from now on => metric units
`),
    );
  });

  it('keeps states, moods and one-off requests that look like them out', () => {
    const OUT = lines(`
no luck on the deploy yet
no errors in the log since noon
no idea what broke it
No rush on the report
no response from the vendor
Lena is out today
they want it by tomorrow lol
can you check the logs
could you look at this whenever, no rush
`);
    for (const sentence of OUT) expect(red([['user', sentence]]), sentence).toEqual([]);
  });
});

it('reads a determiner before a verb-like noun as no named person ("The orders API …")', () => {
  for (const sentence of lines(`
The orders API is throwing 502s since this morning's deploy
The books table runs out of space every week lol
This handles nothing yet
`))
    expect(red([['user', sentence]]), sentence).toEqual([]);
});

it('keeps an instruction without the complaint that gives its reason', () => {
  for (const row of lines(`
move it to friday 09:00, thursdays are a mess => thursdays
set the timeout to 45s, 30 is too slow => too slow
use port 8443, 443 is blocked => blocked
`)) {
    const [text = '', complaint = ''] = row.split(' => ');
    const kept = red([['user', text]]);
    expect(kept, text).toHaveLength(1);
    expect(kept.join('\n'), text).not.toContain(complaint);
  }
});

describe('rules@5.1: junk behind blind4 (read after its blind run), as noise of our own', () => {
  it('keeps alarms, faults, moments, states, open choices and own plans out', () => {
    const OUT = lines(`
the freezer alarms are going off every night around 3am, unit F2
the smoke alert went off twice at 4am, sensor B
the receipt printer came back in the wrong layout after the restart
printer-07 has a clogged nozzle so it's off for today
the booking page is painfully slow on the Rooms list
I'll call the plumber tomorrow, need to check with Frau Otto first
we'll paint the fence tonight, 2 coats
40 min no disconnects since the new cable
zero errors on the 3 test runs
no crashes after 2 hours on build 118
We're taking the van and 3 others, not decided which yet
haven't decided between the 2 quotes
Rule 4.2.1, something about data export
I should sleep, long day
im gonna need to leave at 5
i must have flashed the old image on board-2
The back office crawls on the Invoices screen
the coordinator is away until the 12th
our admin is too busy to look at it
`);
    for (const sentence of OUT) expect(red([['user', sentence]]), sentence).toEqual([]);
  });

  it('keeps the same kinds out when worded nothing like the blind4 lines', () => {
    const OUT = lines(`
the CO2 sensor in the server room keeps beeping since lunch
our UPS started screaming at 2am again
the thermostat lost its schedule after the power cut
the laminator jammed halfway through the menus so we're doing them by hand today
loading the invoices tab takes forever
gonna ask Marta on monday before I touch the DNS
going to repaint the shed on saturday, probably two coats
not a single dropped call since we swapped the router
we'll bring the projector and a couple of extension leads, still working out which ones
still torn between the two laptops
clause 7b, something about late fees
I need coffee badly
ok heading out in 10
i probably uploaded the wrong firmware to unit 3
the checkout screen is sluggish on older phones
the treasurer is on holiday till the 20th
`);
    for (const sentence of OUT) expect(red([['user', sentence]]), sentence).toEqual([]);
  });

  // Known miss (rules@5.2): a streak said without "no X" is still proposed.
  it.fails('keeps a clean streak out (known miss)', () => {
    expect(red([['user', 'the nightly job ran clean three nights in a row']])).toEqual([]);
  });

  it('does not write a reply that turns an offer down beside the offer', () => {
    for (const row of lines(`
Want me to make the limit editable in the admin panel? || keep it in limits.yml only => admin panel
Should I add a /reset command for moderators? || keep that in reset.sh => /reset command
Do you want the colours in a settings page? || leave them in theme.css => settings page
Should I expose the cron as an API endpoint? || keep it in crontab.txt => API endpoint
Want me to store the tokens in the database? || put them in vault path kv/app => database
`)) {
      const [exchange = '', offered = ''] = row.split(' => ');
      const [asked = '', reply = ''] = exchange.split(' || ');
      const kept = red(qa(asked, reply, []).turns);
      expect(kept.length, reply).toBeGreaterThan(0);
      expect(kept.join('\n'), reply).not.toContain(offered);
    }
  });
});

describe('rules@5.1: misses behind blind4 (read after its blind run), with sentences of our own', () => {
  it('reads instructions that name what they rule out, or what to call a thing', () => {
    expectCases(
      saidRows(`
upload with the web form, not the app, the app keeps crashing on big files => web form + not the app
send the invoices in a second batch, not together with the receipts => second batch
bill the school directly, not the parents => bill the school
call it "nightly-sync", 2 cpus => nightly-sync
call the bucket media-raw, versioning on => media-raw
`),
    );
  });

  it('reads duties after "but", habits, constraints and terms of someone named as a fact or rule', () => {
    expectCases(
      saidRows(`
I'm the one who orders, but Dana approves anything above 500 EUR => dana + 500
we bank with Triodos, the business account => triodos
I host the blog on Ghost Pro => ghost pro
the gym can't be booked before 10 on sundays => gym
the van cannot be used for private trips => private trips
my accountant wants the 2025 invoices by march 31 and they're a mess => march 31
our lawyer requires two signatures on every lease => two signatures
`),
    );
  });

  it('keeps quoted values after a key, exact places said of "it", and rules after a colon', () => {
    expectCases(
      saidRows(`
id3 tags: artist is "Mara Quist", album "Night Bakes" => mara quist
Labels: "needs-review" and "blocked-by-vendor" => needs-review
it's on 433.92 mhz, channel 3 => 433.92
it's on 7.055 in the evenings => 7.055
new rule for the club: anyone who borrows the drill logs it in the sheet => borrows the drill
`),
    );
  });

  it('keeps a bare value given to an assistant plan, the usual value a problem departs from, and versions in brackets', () => {
    expectCases([
      ...replyRows(`
I'd also raise the worker memory, the host has 32 GB. || 12gb. => 12gb + worker memory
I'd lower the poll interval a bit. || 30s => 30s + poll interval
I would cap the queue, it grows overnight. || 5000 => 5000 + cap the queue
`),
      ...saidRows(`
the site is slow today, p95 on search 3.1s, normally 300ms => normally 300ms + p95 on search
backups are late, took 4h tonight, usually 40 min => usually 40 min
our small server (paper 1.20.6, about 12 players) crashes on login => paper 1.20.6
the gateway (firmware 2.4.1) drops clients every hour => firmware 2.4.1
`),
    ]);
    const usual = red([['user', 'the site is slow today, p95 on search 3.1s, normally 300ms']]);
    expect(usual.join('\n')).not.toContain('3.1s');
  });

  it('picks among alternatives the assistant contrasted without "or"', () => {
    expectCases(
      replyRows(`
Lisbon has more direct flights; Porto is cheaper. || porto. => porto + choosing
The ThinkPad is lighter; the Dell has the better screen. || the dell => dell + choosing
Postgres vs SQLite: Postgres scales, SQLite is simpler. || sqlite => sqlite + choosing
Canvas is sturdier, whereas nylon dries faster. || nylon => nylon + choosing
Vue has the gentler curve; Svelte ships less JS. || svelte then => svelte + choosing
`),
    );
  });
});
