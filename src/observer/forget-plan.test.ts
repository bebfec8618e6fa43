import { describe, expect, it } from 'vitest';
import type { StoredObservations } from './fold.js';
import {
  type ForgetCaptureInput,
  namingWords,
  planMemoryForget,
  planMessageForget,
  scrubForgotten,
  sharesPassage,
} from './forget-plan.js';
import type { MemoryEntry, Observation, Proposal } from './types.js';

const FORGOTTEN = ['Partial refunds go through the finance mailbox, never the payments API'];

describe('sharesPassage', () => {
  // What quotes the forgotten text, whole, clipped or by its opening words.
  it.each([
    ['the same sentence', 'Partial refunds go through the finance mailbox, never the payments API'],
    ['a clipped title of it', 'Partial refunds go through the finance…'],
    [
      'a narrative ending with its opening words',
      '3 messages, 2 from the user: Partial refunds go through the finance mailbox.',
    ],
  ])('%s', (_name, text) => {
    expect(sharesPassage(text, FORGOTTEN)).toBe(true);
  });

  // What only shares words or a topic with it.
  it.each([
    [
      'a message sharing a run of its words, not quoting it',
      'ok so: partial refunds go through the finance mailbox now',
    ],
    [
      'another fact that opens with the same words',
      'Partial refunds go through the finance team for approval first',
    ],
    ['a short acknowledgement', 'Noted.'],
    ['another fact on the same topic', 'Full refunds are automatic after 14 days'],
  ])('%s', (_name, text) => {
    expect(sharesPassage(text, FORGOTTEN)).toBe(false);
  });
});

describe('scrubForgotten', () => {
  it('drops the bullets quoting the text and blanks headings and narratives, keeping the rest', () => {
    const log = [
      '#### Partial refunds go through the finance mailbox',
      '*3 messages, 2 from the user: Partial refunds go through the finance mailbox.*',
      '',
      '* 🔴 (09:02) Partial refunds go through the finance mailbox, never the payments API',
      '* 🔴 (09:05) Invoices are numbered per tenant',
    ].join('\n');
    expect(scrubForgotten(log, FORGOTTEN)).toBe(
      [
        '#### (forgotten)',
        '*(forgotten)*',
        '',
        '* 🔴 (09:05) Invoices are numbered per tenant',
      ].join('\n'),
    );
  });
});

const entry = (id: string, text: string) => ({
  id,
  role: 'user' as 'user' | 'assistant',
  text,
  at: null,
});

function observed(id: string, text: string, sources: readonly string[]): Observation {
  return {
    observation_id: id,
    priority: 'red',
    memory_priority: 'P1',
    type: 'fact',
    time: null,
    at: null,
    text,
    speaker: 'user',
    source_message_ids: sources,
    resolved_by: null,
  } as Observation;
}

function capture(
  eventId: string,
  sessionId: string,
  entries: readonly ReturnType<typeof entry>[],
  observations: readonly Observation[] = [],
): ForgetCaptureInput {
  const stored = {
    capture_key: `key-${eventId}`,
    session_id: sessionId,
    observer: 'rules@test',
    date: '2026-06-10',
    segments: [
      {
        segment_id: 's1',
        title: 'Home',
        narrative: 'Talk about the house.',
        first_at: null,
        last_at: null,
        message_count: entries.length,
        observations,
      },
    ],
    current_task: null,
    recorded_at: '2026-06-10T09:00:00Z',
    event_id: `obs-${eventId}`,
  } as StoredObservations;
  return {
    capture_event_id: eventId,
    captured_at: '2026-06-10T09:00:00Z',
    payload: {
      capture_key: `key-${eventId}`,
      session_id: sessionId,
      trigger: 'manual',
      format: 'verity',
      entity_id: 'user:primary',
      entries,
    },
    observations: observations.length === 0 ? null : stored,
  };
}

describe('planMessageForget', () => {
  const a = entry('a', 'The boiler is serviced every October.');
  const b = entry('b', 'My neighbour Wendeline feeds the cat when we travel.');
  const c = entry('c', 'The recycling goes out on Thursdays.');
  const captures = [
    capture(
      'e1',
      'home',
      [a, b],
      [
        observed('o1', a.text, ['a']),
        observed('o2', b.text, ['b']),
        observed('o3', 'Boiler and cat arrangements noted.', ['a', 'b']),
      ],
    ),
    capture('e2', 'home', [a, b, c]),
    capture('e3', 'other', [b]),
  ];

  it('blanks the entry in every capture of its session, with the observations drawn from it', () => {
    const plan = planMessageForget('home', 'b', captures, [], []);
    expect(plan.captures.map((r) => r.redact_event_ids)).toEqual([['e1', 'obs-e1'], ['e2']]);
    expect(plan.captures.map((r) => r.capture.entries.map((e) => e.text))).toEqual([
      [a.text, ''],
      [a.text, '', c.text],
    ]);
    const kept = plan.captures[0]?.observations?.segments.flatMap((s) => s.observations) ?? [];
    expect(kept.map((o) => o.observation_id)).toEqual(['o1']);
    expect(plan.observation_ids).toEqual(['o2', 'o3']);
    expect(plan.texts).toContain(b.text);
  });

  it('plans nothing for an entry the session does not hold, or holds blank already', () => {
    expect(planMessageForget('home', 'z', captures, [], []).captures).toEqual([]);
    const blank = [capture('e4', 'home', [a, entry('b', '')])];
    expect(planMessageForget('home', 'b', blank, [], []).captures).toEqual([]);
  });
});

/** The entry approved from proposal `n`, drawn from observation `source`. */
function approved(
  n: number,
  text: string,
  source: string,
): { entry: MemoryEntry; proposal: Proposal } {
  const proposal = {
    proposal_id: `p-20260610-00${n}`,
    text,
    source_observation_ids: [source],
    status: 'approved',
    memory_id: `m-20260610-00${n}`,
    event_ids: [`prop-${n}`],
  } as unknown as Proposal;
  const entry = {
    memory_id: `m-20260610-00${n}`,
    text,
    proposal_id: proposal.proposal_id,
    source_observation_ids: [source],
    status: 'active',
    event_ids: [`prop-${n}`],
  } as unknown as MemoryEntry;
  return { entry, proposal };
}

describe('planMemoryForget', () => {
  const assistant = (id: string, text: string) => ({
    ...entry(id, text),
    role: 'assistant' as const,
  });

  it('takes the passage carrying the entry and its echo, and keeps the rest of the message', () => {
    const fly = approved(1, 'Staging deploys to Fly.io as billing-worker-stg', 'o1');
    const ci = approved(2, 'CI is GitHub Actions', 'o2');
    const captures = [
      capture(
        'c1',
        'home',
        [
          entry('m1', 'Staging deploys to Fly.io as billing-worker-stg. CI is GitHub Actions.'),
          assistant('m2', 'Understood, billing-worker-stg on Fly.io. Anything else?'),
          assistant('m3', 'The Fly.io dashboard is slow today.'),
        ],
        [
          observed('o1', 'Staging deploys to Fly.io as billing-worker-stg', ['m1']),
          observed('o2', 'CI is GitHub Actions', ['m1']),
        ],
      ),
    ];
    const plan = planMemoryForget(fly.entry, captures, [fly.proposal, ci.proposal], []);
    expect(plan.memory_ids).toEqual([]);
    expect(plan.observation_ids).toEqual(['o1']);
    expect(plan.captures[0]?.capture.entries.map((e) => e.text)).toEqual([
      'CI is GitHub Actions.',
      'Anything else?',
      'The Fly.io dashboard is slow today.',
    ]);
    expect(plan.redact_event_ids).toEqual(['prop-1']);
  });

  it('takes an echo folded into the entry without taking the other line it also confirms', () => {
    // The reflector folded the assistant's "Got it: …" into the Fly.io entry (two sources).
    const fly = approved(1, 'Staging deploys to Fly.io as billing-worker-stg', 'o1');
    const flyEntry = { ...fly.entry, source_observation_ids: ['o1', 'o3'] } as MemoryEntry;
    const ci = approved(2, 'CI is GitHub Actions', 'o2');
    const echo = 'Got it: billing-worker-stg on Fly.io, CI on GitHub Actions.';
    const captures = [
      capture(
        'c1',
        'home',
        [
          entry('m1', 'Staging deploys to Fly.io as billing-worker-stg. CI is GitHub Actions.'),
          assistant('m2', echo),
        ],
        [
          observed('o1', 'Staging deploys to Fly.io as billing-worker-stg', ['m1']),
          observed('o2', 'CI is GitHub Actions', ['m1']),
          { ...observed('o3', echo, ['m2']), speaker: 'assistant' },
        ],
      ),
    ];
    const plan = planMemoryForget(flyEntry, captures, [fly.proposal, ci.proposal], []);
    expect(plan.memory_ids).toEqual([]);
    expect(plan.observation_ids).toEqual(['o1', 'o3']);
    expect(plan.captures[0]?.capture.entries.map((e) => e.text)).toEqual([
      'CI is GitHub Actions.',
      '',
    ]);
    // The echo's own words still leave the daily logs.
    expect(plan.texts).toContain(echo);
  });

  it('takes a message whole when no passage of it can be told apart, and names the entry it takes', () => {
    const mower = approved(1, 'The mower lives in the shed', 'o1');
    const key = approved(2, 'Dana keeps the shed key', 'o2');
    const captures = [
      capture(
        'c1',
        'home',
        [entry('m1', 'The mower and the tools live in the shed, and Dana keeps its key.')],
        [
          observed('o1', 'The mower lives in the shed', ['m1']),
          observed('o2', 'Dana keeps the shed key', ['m1']),
        ],
      ),
    ];
    const plan = planMemoryForget(mower.entry, captures, [mower.proposal, key.proposal], []);
    expect(plan.captures[0]?.capture.entries.map((e) => e.text)).toEqual(['']);
    expect(plan.memory_ids).toEqual(['m-20260610-002']);
  });

  it('reads as naming words those with a digit, inner punctuation or capital, or a capital inside', () => {
    expect([
      ...namingWords('Deploys go through Fly.io, app billing-worker-stg on GitHub in Annecy.'),
    ]).toEqual(['fly.io', 'billing-worker-stg', 'github', 'annecy']);
    expect([...namingWords('We always run the linter before merging.')]).toEqual([]);
  });
});
