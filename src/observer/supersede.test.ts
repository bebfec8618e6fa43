// Issue #13: a later statement of the same subject with a new value supersedes the earlier one.
// Near misses first (they look like a change and are not), then real changes in varied wording.
// Sentences of our own, not from any benchmark.
import { describe, expect, it } from 'vitest';
import { supersedes } from './supersede.js';

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
