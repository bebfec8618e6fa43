// Issue #13: a later statement of the same subject with a new value supersedes the earlier one.
// Near misses first (they look like a change and are not), then real changes in varied wording.
// Sentences of our own, not from any benchmark.
import { describe, expect, it } from 'vitest';
import { observeTranscript } from './rule-observer.js';
import { supersedeObservations, supersedes } from './supersede.js';

/** [earlier statement, later statement, why it is no change]. */
const NEAR_MISSES: readonly (readonly [string, string, string])[] = [
  ['The staging DB is on port 5433.', 'The prod DB is on port 6432.', 'another environment'],
  [
    "Ana's phone number is 555-0142.",
    "Ben's phone number is 555-0199.",
    'another person, same kind of value',
  ],
  [
    'The build agent runs Node 18.',
    'If the build agent ran Node 22 we could drop the polyfill.',
    'a hypothetical',
  ],
  ['The cache TTL is 300 seconds.', 'Is the cache TTL 600 seconds now?', 'a question'],
  [
    'The API is served from api-01.internal.',
    'Next month we will move the API to api-02.internal.',
    'a plan, not done',
  ],
  ['Backups run at 02:00.', 'Backups used to run at 23:00.', 'a value mentioned as history'],
  ['Redis on staging uses 2 GB.', 'Redis on prod uses 8 GB.', 'another environment, in a suffix'],
  ['The retry limit is 3.', 'The upload limit is 50 MB.', 'two limits sharing a word'],
  ['The staging DB is on port 5433.', 'Maybe the staging DB is on port 6432, not sure.', 'a hedge'],
  [
    'The VPN endpoint is vpn.example.com.',
    'Tom says the VPN endpoint is vpn2.example.com.',
    'someone else’s claim, relayed',
  ],
  ['Deploys go out on Tuesday.', 'Yeah, deploys go out on Tuesday.', 'the same value restated'],
  [
    'The staging DB is on port 5433.',
    'The staging DB is not on port 6432.',
    'a negation names no new value',
  ],
  ['The staging DB is on port 5433.', 'The staging DB runs version 14.', 'another attribute'],
  ['I met Ana at the office.', 'I met Ben at the office.', 'events, not a state'],
  [
    'The orders service is on Postgres 14.2.',
    'The billing service is on Postgres 16.1.',
    'another service',
  ],
  ['Standup is at 09:30.', 'Standup is on Thursday.', 'a time and a day are different values'],
  ['We upgraded the router to 7.14.', 'The router is at 10.0.0.1.', 'a version, then an address'],
  ['The release froze on 2026-04-01.', 'The release is 4.2.', 'a date, then a version'],
];

/** [earlier statement, later statement, the new value, the old value]. */
const CHANGES: readonly (readonly [string, string, string, string])[] = [
  ['The staging DB is on port 5433.', 'Actually staging DB moved to port 6432.', '6432', '5433'],
  ['node version: 18.19', 'node version now 20.11', '20.11', '18.19'],
  [
    "We're on Postgres 14.2 for the orders service.",
    'oh btw we upgraded the orders service to Postgres 16.1 last night, all good',
    '16.1',
    '14.2',
  ],
  [
    'the deploy host is web-03.internal',
    'deploy hsot is web-07.internal now',
    'web-07.internal',
    'web-03.internal',
  ],
  ['Standup is at 09:30.', 'Standup moved to 10:00.', '10:00', '09:30'],
  [
    'Logs are written to /var/log/app.',
    'Logs are now written to /srv/logs/app.',
    '/srv/logs/app',
    '/var/log/app',
  ],
  ['The upload limit is 25 MB.', 'Upload limit is 50 MB now.', '50 MB', '25 MB'],
  ['We use Jest for unit tests.', 'We switched unit tests to Vitest.', 'Vitest', 'Jest'],
  ['Billing is owned by Ana.', 'Billing is owned by Ben now.', 'Ben', 'Ana'],
  ['Team sync is on Monday.', 'team sync is on wednesday from now on', 'wednesday', 'Monday'],
];

describe('supersedes', () => {
  it.each(NEAR_MISSES)('pairs nothing: "%s" then "%s" (%s)', (earlier, later) => {
    expect(supersedes(earlier, later)).toBeNull();
  });

  it.each(CHANGES)('pairs "%s" then "%s" as %s replacing %s', (earlier, later, now, before) => {
    expect(supersedes(earlier, later)).toEqual({ now, before });
  });
});

describe('supersedeObservations', () => {
  type Turn = readonly ['user' | 'assistant', string, string];
  const observe = (key: string, turns: readonly Turn[]) =>
    observeTranscript({
      captureKey: key.repeat(64),
      sessionId: `s-${key}`,
      entries: turns.map(([role, text, at], i) => ({ id: `${key}${i}`, role, text, at })),
      fallbackDate: '2026-05-06',
      scorer: null,
    });
  const all = (output: ReturnType<typeof observe>) =>
    output.segments.flatMap((s) => s.observations);

  it('pairs a change across segments of one session, and marks the echo of the new value', () => {
    const output = observe('a', [
      ['user', 'The staging DB is on port 5433.', '2026-05-06T09:00:00Z'],
      ['assistant', 'Noted.', '2026-05-06T09:00:10Z'],
      ['user', 'Actually staging DB moved to port 6432.', '2026-05-06T13:00:00Z'],
      ['assistant', 'Got it, staging DB is now on port 6432.', '2026-05-06T13:00:10Z'],
    ]);
    expect(output.segments.length).toBe(2);
    const [old, next, echo] = all(output);
    expect(next?.text).toBe('Actually staging DB moved to port 6432 (6432 replaced 5433)');
    expect(output.superseded).toEqual([
      {
        observation_id: old?.observation_id,
        capture_key: 'a'.repeat(64),
        by: next?.observation_id,
        now: '6432',
        before: '5433',
      },
    ]);
    expect(old?.priority).toBe('yellow');
    expect(echo?.echo_of).toBe(next?.observation_id);
  });

  it('marks an earlier capture’s observation, and is idempotent', () => {
    const first = observe('b', [['user', 'Backups run at 02:00.', '2026-05-01T09:00:00Z']]);
    const later = observe('c', [['user', 'Backups moved to 03:30.', '2026-05-06T09:00:00Z']]);
    const earlier = all(first).map((observation) => ({
      capture_key: first.capture_key,
      observation,
    }));
    const once = supersedeObservations(later, earlier);
    expect(once.superseded?.map((m) => [m.observation_id, m.now, m.before])).toEqual([
      [all(first)[0]?.observation_id, '03:30', '02:00'],
    ]);
    expect(all(once)[0]?.text).toBe('Backups moved to 03:30 (03:30 replaced 02:00)');
    expect(supersedeObservations(once, earlier)).toEqual(once);
  });

  it('never lets an older statement supersede a newer one recorded before it', () => {
    const recent = observe('d', [['user', 'Backups run at 03:30.', '2026-05-06T09:00:00Z']]);
    const backfilled = observe('e', [['user', 'Backups run at 02:00.', '2026-04-01T09:00:00Z']]);
    const earlier = all(recent).map((observation) => ({
      capture_key: recent.capture_key,
      observation,
    }));
    expect(supersedeObservations(backfilled, earlier).superseded).toBeUndefined();
  });

  it('marks an assistant value the user corrects without calling it a change of state', () => {
    const output = observe('f', [
      ['assistant', 'The upload limit is 25 MB.', '2026-05-06T09:00:00Z'],
      ['user', 'The upload limit is 50 MB.', '2026-05-06T09:01:00Z'],
    ]);
    const [said, corrected] = all(output);
    expect(output.superseded?.map((m) => m.observation_id)).toEqual([said?.observation_id]);
    expect(corrected?.text).toBe('The upload limit is 50 MB.');
  });
});
