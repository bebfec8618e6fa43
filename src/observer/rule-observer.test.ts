import { describe, expect, it } from 'vitest';
import { entryAt, observedIn, observeEntries, type Turn } from './__fixtures__/sentences.js';
import { observeTranscript, segmentEntries } from './rule-observer.js';
import type { TranscriptEntry } from './transcript.js';

const FROM = '2026-04-07T10:00:00.000Z';

/** An entry `minute` minutes after 10:00 on 7 April 2026. */
const entry = (id: string, role: Turn[0], text: string, minute: number) =>
  entryAt(FROM, minute, [role, text], id);

const observe = (entries: TranscriptEntry[]) => observeEntries(entries, { from: FROM });

describe('observeTranscript', () => {
  it('keeps user rules and decisions as red with the transcript time, specifics verbatim', () => {
    const obs = observe([
      entry('1', 'user', 'Never deploy on Fridays without a rollback plan.', 0),
      entry('2', 'user', 'We chose Caddy 2.8 for TLS termination on port 8443.', 5),
    ]);
    expect(obs.map((o) => [o.priority, o.type, o.time])).toEqual([
      ['red', 'constraint', '10:00'],
      ['red', 'decision', '10:05'],
    ]);
    expect(obs[1]?.text).toContain('Caddy 2.8');
    expect(obs[1]?.text).toContain('8443');
    expect(obs[0]?.memory_priority).toBe('P0');
  });

  it('never observes tool output, code blocks or command lines', () => {
    const obs = observe([
      entry('1', 'tool', 'Error: ECONNREFUSED 127.0.0.1:5432 at TCPConnectWrap', 0),
      entry('2', 'assistant', '```sh\nsudo systemctl restart postgresql-16\n```', 1),
      entry('3', 'user', '$ psql -p 5433 -c "select 1"', 2),
    ]);
    expect(obs).toEqual([]);
  });

  it('ranks a user assertion above a later question about it', () => {
    const obs = observe([
      entry('1', 'user', 'The billing service runs on Node 20.11.', 0),
      entry('2', 'user', 'Does the billing service run on Node 20?', 3),
    ]);
    expect(obs.map((o) => o.priority)).toEqual(['red', 'green']);
    expect(obs[1]?.type).toBe('question');
  });

  it('writes a state change as "new replaced old"', () => {
    const [obs] = observe([entry('1', 'user', 'The queue now uses SQS instead of RabbitMQ.', 0)]);
    expect(obs?.text).toMatch(/SQS replaced RabbitMQ\)$/);
  });

  it('marks a problem resolved by a later fix, and names the fix a bare "fixed" refers to', () => {
    const obs = observe([
      entry('1', 'user', 'The export job fails every night.', 0),
      entry('2', 'user', 'Set EXPORT_BATCH=200 in the job env.', 2),
      entry('3', 'user', 'Fixed.', 9),
    ]);
    const problem = obs.find((o) => o.type === 'problem');
    const fix = obs.find((o) => o.type === 'insight');
    expect(fix?.text).toContain('EXPORT_BATCH=200');
    expect(fix?.source_message_ids).toEqual(['2', '3']);
    expect(problem?.resolved_by).toBe(fix?.observation_id);
  });

  it('keeps deferred ideas ephemeral and drops chatter', () => {
    const obs = observe([
      entry('1', 'user', 'Maybe we could try Kafka 3.7 someday.', 0),
      entry('2', 'user', 'thanks!', 1),
    ]);
    expect(obs.map((o) => o.priority)).toEqual(['green']);
  });

  it('never invents a time when the transcript has none', () => {
    const out = observeTranscript({
      captureKey: 'k'.repeat(64),
      sessionId: 's',
      entries: [{ id: '1', role: 'user', text: 'Always pin Terraform to 1.7.5.', at: null }],
      fallbackDate: '2026-04-07',
    });
    expect(out.segments[0]?.observations[0]?.time).toBeNull();
    expect(out.date).toBe('2026-04-07');
  });
});

describe('observeTranscript: settings, confirmations and implicit decisions', () => {
  const red = (obs: readonly { priority: string; text: string }[]) =>
    obs.filter((o) => o.priority === 'red').map((o) => o.text);
  const redTyped = (obs: readonly { priority: string; type: string; text: string }[]) =>
    obs.filter((o) => o.priority === 'red').map((o) => [o.type, o.text]);

  /** Cases that differ only in the session and the durable (red) observations it leaves, with their types. */
  const RED_TYPED: readonly {
    readonly name: string;
    readonly turns: readonly (readonly ['user' | 'assistant', string])[];
    readonly red: readonly (readonly [string, string])[];
  }[] = [
    {
      name: 'turns an offer or a plan the user accepts into a decision, and nothing the user declines',
      turns: [
        [
          'assistant',
          'I will look at the 3 failing specs. Should I cap the pool at 20 connections?',
        ],
        ['user', 'Yes please.'],
        ['assistant', 'Shall I drop the staging-2 database?'],
        ['user', 'No, not yet.'],
      ],
      red: [['decision', 'Cap the pool at 20 connections']],
    },
    {
      name: 'keeps a plan with specifics once the user agrees, and leaves an unanswered one as context',
      turns: [
        ['assistant', "I'll set the worker pool to 12 threads."],
        ['user', 'Go ahead.'],
        ['assistant', "I'll move the cron to 04:00 UTC."],
        ['user', 'What does the nightly job do?'],
      ],
      red: [['decision', 'Set the worker pool to 12 threads']],
    },
    {
      name: 'does not take hyphenated words for identifiers',
      turns: [['user', 'Nice, kid-friendly colours then.']],
      red: [],
    },
    {
      name: "takes a value given in answer to the assistant's question as a decision",
      turns: [
        ['assistant', 'Which Node version should the base image use?'],
        ['user', 'Make it 20.12.'],
      ],
      red: [
        ['decision', 'Make it 20.12 (answering "Which Node version should the base image use?")'],
      ],
    },
    {
      name: 'does not promote one-off happenings, bare names or problem reports',
      turns: [
        ['user', 'It took 20 minutes to build this morning.'],
        ['user', 'The billing job on Jenkins.'],
        ['user', 'The importer fails with 3 errors on every run.'],
        ['user', 'Restart the worker on box-7.'],
      ],
      red: [],
    },
  ];

  for (const { name, turns, red: expected } of RED_TYPED) {
    it(name, () => {
      expect(redTyped(observedIn(turns, { from: FROM }))).toEqual(expected);
    });
  }

  it('keeps a setting with its value verbatim, with or without a verb', () => {
    const obs = observedIn(
      [
        ['user', 'Weekly vacuum on Saturdays, analyze every night.'],
        ['user', 'Max 3 retries per webhook delivery.'],
        ['user', 'The audit service logs at warn level in production.'],
        ['user', 'Raise the upload limit to 64 MB.'],
        ['user', 'Page the on-call above 40 errors per minute.'],
        ['user', 'Session TTL: 900 seconds.'],
        ['user', 'Nightly exports go to the bucket reports-archive-eu.'],
      ],
      { from: FROM },
    );
    expect(red(obs)).toEqual([
      'Weekly vacuum on Saturdays, analyze every night.',
      'Max 3 retries per webhook delivery.',
      'The audit service logs at warn level in production.',
      'Raise the upload limit to 64 MB.',
      'Page the on-call above 40 errors per minute.',
      'Session TTL: 900 seconds.',
      'Nightly exports go to the bucket reports-archive-eu.',
    ]);
  });

  it('makes an assistant fact durable once the user confirms it, citing both messages', () => {
    const obs = observedIn(
      [
        ['assistant', 'The read replica lags about 2 s behind the primary.'],
        ['user', "Yes, that's expected."],
        ['assistant', 'Sessions are stored in Redis database 3 on port 6380.'],
        ['user', 'Where do the logs go?'],
      ],
      { from: FROM },
    );
    const confirmed = obs.filter((o) => o.priority === 'red');
    expect(confirmed.map((o) => o.text)).toEqual([
      'The read replica lags about 2 s behind the primary',
    ]);
    expect(confirmed[0]?.source_message_ids).toEqual(['1', '2']);
    expect(confirmed[0]?.speaker).toBe('user');
    // The unconfirmed one stays working context.
    expect(obs.find((o) => o.text.startsWith('Sessions are stored'))?.priority).toBe('yellow');
  });

  it('keeps a short answer to the assistant with its question, never a bare no', () => {
    const obs = observedIn(
      [
        ['assistant', 'Is the cache still on redis-cache-3?'],
        ['user', 'Still redis-cache-3.'],
        ['assistant', 'Does staging listen on 8080?'],
        ['user', 'No.'],
        ['assistant', 'Which team owns it?'],
        ['user', 'Not sure.'],
      ],
      { from: FROM },
    );
    expect(redTyped(obs)).toEqual([
      ['fact', 'Still redis-cache-3 (answering "Is the cache still on redis-cache-3?")'],
    ]);
    expect(obs.find((o) => o.text.startsWith('Still'))?.source_message_ids).toEqual(['1', '2']);
  });

  it('keeps the corrected value of an answer, never the guess it corrects', () => {
    const obs = observedIn(
      [
        ['assistant', 'Backups start at 23:00 on nas-01?'],
        ['user', '22:30.'],
        ['assistant', 'Should I lower the pool to 10 connections?'],
        ['user', 'Use 16, that is what it needs.'],
        ['assistant', 'Maybe a read replica on db-2 later?'],
        ['user', 'Interesting, but no replica.'],
      ],
      { from: FROM },
    );
    const texts = redTyped(obs).map(([, text]) => text);
    expect(texts).toContain('Backups start at 22:30 on nas-01');
    expect(texts).toContain('Use 16, that is what it needs.');
    expect(texts.join(' ')).not.toMatch(/23:00|lower the pool to 10|replica/);
  });

  it('reads decisions phrased without "decided"', () => {
    const obs = observedIn(
      [
        ['user', "We'll go with Fly.io for the preview apps."],
        ['user', 'Opted for Argon2id over bcrypt for password hashes.'],
        ['user', 'Caddy it is.'],
      ],
      { from: FROM },
    );
    expect(obs.map((o) => [o.priority, o.type])).toEqual([
      ['red', 'decision'],
      ['red', 'decision'],
      ['red', 'decision'],
    ]);
  });

  it('leaves a fact that a later change in the session replaces as working context', () => {
    const obs = observedIn(
      [
        ['assistant', 'Metrics go to Graphite on port 2003.'],
        ['user', 'Right.'],
        ['user', 'We are moving metrics from Graphite to Prometheus next week.'],
      ],
      { from: FROM },
    );
    expect(obs.find((o) => o.text.startsWith('Metrics go to Graphite'))?.priority).toBe('yellow');
    expect(obs.find((o) => o.text.includes('replaced Graphite)'))?.priority).toBe('red');
  });
});

describe('segmentEntries', () => {
  it('splits at a long gap and after a breakpoint once a segment holds 10 messages', () => {
    const entries: TranscriptEntry[] = [];
    for (let i = 0; i < 12; i++)
      entries.push(
        entry(`a${i}`, i % 2 ? 'assistant' : 'user', `Tuning the cache layer step ${i}`, i),
      );
    entries.push(entry('fix', 'user', 'Committed the cache change.', 13));
    for (let i = 0; i < 10; i++)
      entries.push(entry(`b${i}`, 'user', `Now the invoice export ${i}`, 14 + i));
    const segments = segmentEntries(entries);
    expect(segments.map((s) => s.length)).toEqual([13, 10]);
    const gapped = segmentEntries([
      entry('1', 'user', 'a b c', 0),
      entry('2', 'user', 'd e f', 200),
    ]);
    expect(gapped.length).toBe(2);
  });

  it('never lets a segment pass 50 messages', () => {
    const entries = Array.from({ length: 120 }, (_, i) =>
      entry(`${i}`, 'user', 'same topic words here', 0),
    );
    expect(Math.max(...segmentEntries(entries).map((s) => s.length))).toBeLessThanOrEqual(50);
  });
});
