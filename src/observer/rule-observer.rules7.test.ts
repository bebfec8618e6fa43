// rules@7: a bare nod after the assistant's hypothetical decides nothing; durable clauses said in
// passing inside a question or a hedge are drafted on their own; "do a …" is an instruction.
// Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { durableIn, observedIn, type Turn } from './__fixtures__/sentences.js';
import { isQuestion } from './text-rules.js';

const RULES_ALONE = { from: '2026-05-06T09:00:00.000Z', scorer: null };

/** The 🔴 observations' texts of a conversation, rules alone (no scorer). */
const redOf = (turns: readonly Turn[]) => durableIn(turns, RULES_ALONE);

/** Some durable observation of the conversation holds every one of the words. */
function expectDurable(turns: readonly Turn[], ...words: string[]): void {
  const red = redOf(turns);
  expect(
    red.some((t) => words.every((w) => t.includes(w))),
    JSON.stringify(red),
  ).toBe(true);
}

describe('rules@7: a bare nod after a hypothetical', () => {
  const HYPOTHETICALS = [
    'If we pointed the printers at 172.16.4.9 we could drop the print server.',
    "If the list ever passes 5,000 names, I'd move it to Postgres 16.",
    "I'd raise the worker pool to 48 if the queue ever backs up.",
    'Suppose we moved the nightly export to 02:30; the NAS would be idle then.',
  ];
  it.each(HYPOTHETICALS.flatMap((h) => ['ok', 'Okay.', 'yes', '👍'].map((nod) => [h, nod])))(
    'keeps "%s" → "%s" out of 🔴',
    (hypothetical, nod) => {
      expect(
        redOf([
          ['user', 'Any way to make this simpler?'],
          ['assistant', hypothetical],
          ['user', nod],
        ]),
      ).toEqual([]);
    },
  );

  it('still takes a plan the assistant announced when the user nods', () => {
    expectDurable(
      [
        ['user', 'What do we do about the slow exports?'],
        ['assistant', "I'll move the nightly export to 02:30 on nas-02."],
        ['user', 'ok'],
      ],
      '02:30',
      'nas-02',
    );
  });

  it('takes a conditional the user confirms in words of their own', () => {
    expectDurable(
      [
        ['user', 'What if the queue backs up?'],
        ['assistant', "I'd raise the worker pool to 48 if the queue ever backs up."],
        ['user', 'Yes, do that from now on.'],
      ],
      '48',
    );
  });
});

describe('rules@7: durable clauses in passing', () => {
  const PASSING: readonly (readonly [string, readonly string[]])[] = [
    ["The staging db is pg-stage-03 but I haven't decided on backups yet.", ['pg-stage-03']],
    ["We'll use Caddy 2.8, I'll probably retire the old nginx box next month.", ['Caddy 2.8']],
    [
      'Invoices go out from billing@marrow.io, the template is still being redone.',
      ['billing@marrow.io'],
    ],
  ];
  it.each(PASSING)('drafts the durable clause of %s', (sentence, must) => {
    expectDurable([['user', sentence]], ...must);
  });

  const KEPT_OUT = [
    'Maybe we move to port 8443, not sure, what do you think?',
    'Could we try 3 replicas, or is that overkill?',
    "I'm kind of tempted by Hetzner, my friend says it's cheap.",
    'Do you think the 2 GB plan is enough, or should we go bigger?',
    'We keep the dump on nas-04, not decided for how long yet.',
    'repainting the fence on sunday, probably two coats.',
    // A claim put to the listener ("…, is that ok?", "can you confirm?") is asked, not stated.
    'Invoices go out from billing@marrow.io, is that ok with the new template?',
    "We'll move the queue to port 5673, is that fine?",
    'Someone told me backups land on nas-07 at 02:00, can you confirm?',
    // A condition states nothing, nor does a relayed claim.
    'If we pick Traefik 3.1, I would probably drop the haproxy box.',
    "Unless the quota stays at 500 GB, we can't keep nightly dumps, can we?",
    'My manager says we ship with Node 22 everywhere, is that true?',
  ];
  it.each(KEPT_OUT)('keeps %s out of 🔴', (sentence) => {
    expect(redOf([['user', sentence]])).toEqual([]);
  });
});

describe('rules@7: "do a …" is an instruction', () => {
  it('reads "do a restore test every month, first friday" as no question', () => {
    expect(isQuestion('do a restore test every month, first friday')).toBe(false);
    expect(isQuestion('Do an export of the vendor sheet each quarter')).toBe(false);
  });
  it('still reads "do you …" and "do a … ?" as questions', () => {
    expect(isQuestion('do you keep the logs on nas-02')).toBe(true);
    expect(isQuestion('do a lot of people use port 8080?')).toBe(true);
  });
});

describe('rules@7: "when …, …" and "what I want is …" are statements', () => {
  it.each([
    'When a parcel is over 2 kg, it always ships with DPD',
    "What we'd really like is 45 minute slots starting at 18:00",
    'Where a form has no postcode, we mark it PENDING-ADDR',
  ])('reads %s as no question', (sentence) => {
    expect(isQuestion(sentence)).toBe(false);
  });
  it.each(['When is the audit, next week', 'Where are the keys for van 2'])(
    'still reads %s as a question',
    (sentence) => {
      expect(isQuestion(sentence)).toBe(true);
    },
  );
});

describe('rules@7: a "yes" that makes the question a standing rule', () => {
  it('keeps "yes always" with the question it answers', () => {
    expectDurable(
      [
        ['user', 'Readings go out in batches of 10.'],
        [
          'assistant',
          'If the freezer reads above -15, should it alert the on-call phone straight away?',
        ],
        ['user', 'yes always'],
      ],
      'straight away',
      '-15',
    );
  });
  it('keeps a "yes" that says the question again with a rule word', () => {
    expectDurable(
      [
        ['user', 'The export has 14 duplicate members.'],
        ['assistant', 'Keep the member with the newest renewal date?'],
        ['user', 'yep newest renewal wins, every time'],
      ],
      'newest renewal',
    );
  });
  it.each([
    ['Should I run the migration on staging now?', 'yes please'],
    ['Is the VPN up right now?', 'yes it is'],
    ['Want me to retry the upload?', 'yes always do that'],
    // A "yes" to a question about what happened confirms a past fact, not a standing rule.
    ['Did everybody on the rota get the new pager app 2.3?', 'yes, everybody has it'],
  ])('keeps "%s" → "%s" out', (question, reply) => {
    const red = redOf([
      ['user', 'Status?'],
      ['assistant', question],
      ['user', reply],
    ]);
    expect(red.filter((t) => t.includes('answering'))).toEqual([]);
  });
});

describe('rules@7: a "yes" to a question about the past', () => {
  it('confirms a fact, never a decision', () => {
    const observations = observedIn(
      [
        ['user', 'Status?'],
        ['assistant', 'Was the 502 on web-04 caused by the 03:00 log rotation?'],
        ['user', 'yes, the log rotation caused it'],
      ],
      RULES_ALONE,
    );
    const answers = observations.filter((o) => o.text.includes('log rotation'));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.map((o) => o.type)).not.toContain('decision');
  });
});

describe('rules@7: "that\'s always been the rule" labels the sentence before it', () => {
  it('makes the sentence before it a rule', () => {
    const red = redOf([
      ['user', 'trustees sign off, volunteers only propose. thats always been the rule'],
    ]);
    expect(red.some((t) => t.toLowerCase().includes('trustees sign off'))).toBe(true);
  });
});
