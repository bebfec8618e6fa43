import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/index.js';
import {
  createManualClock,
  createSequentialIds,
  type ManualClock,
  messageRecord,
  mixedRecords,
  observation,
  SEED_OBSERVATION as SEED_OBSERVATION_PAYLOAD,
  SEED_PROMPT as SEED_PROMPT_PAYLOAD,
  testUuid,
  toJsonl,
} from '../testing/index.js';
import { createEngine, type Engine } from './index.js';

let home: string;
let clock: ManualClock;
let engine: Engine;

async function open(options: Parameters<typeof createEngine>[0]['policy'] = undefined) {
  engine = await createEngine({
    home,
    clock,
    ids: createSequentialIds(),
    ...(options ? { policy: options } : {}),
  });
  return engine;
}

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-engine-'));
  clock = createManualClock('2026-02-19T15:05:00Z');
  await open();
});

afterEach(async () => {
  await engine.close();
  rmSync(home, { recursive: true, force: true });
});

/** Ingests `records` as JSON lines into the running test's engine. */
const ingest = (records: readonly unknown[]) => engine.ingest(toJsonl(records));

const SEED_OBSERVATION = { type: 'observation', ...SEED_OBSERVATION_PAYLOAD };

const SEED_PROMPT = { type: 'confirmation', ...SEED_PROMPT_PAYLOAD };

describe('engine ingest', () => {
  it('validates and resolves the seed StateObservation example as written', async () => {
    const report = await ingest([SEED_OBSERVATION]);
    expect(report).toMatchObject({ applied: 1, rejected: 0, decisions: { auto_commit: 1 } });
    const field = await engine.getField('user:primary', 'travel.status');
    expect(field).toMatchObject({
      value: 'in_progress',
      status: 'committed',
      confidence: 0.945,
      source: 'user_statement',
      event_id: SEED_OBSERVATION.event_id,
      valid_from: '2026-02-19T15:00:00.000Z',
      pending: null,
    });
  });

  it('validates the seed UserConfirmation example and confirms it into state', async () => {
    const report = await ingest([SEED_PROMPT]);
    expect(report).toMatchObject({ applied: 1, rejected: 0 });
    const [prompt] = await engine.listReviews();
    expect(prompt?.prompt_id).toBe(SEED_PROMPT.prompt_id);
    const answer = await engine.answerReview(SEED_PROMPT.prompt_id, 'confirm');
    expect(answer.field).toMatchObject({
      value: 'in_progress',
      status: 'committed',
      rule: 'user_confirmed',
    });
  });

  it('applies valid lines and dead-letters invalid ones with the field and rule they broke', async () => {
    const report = await engine.ingest(
      [
        JSON.stringify(observation({ id: 1 })),
        '{not json',
        JSON.stringify(
          observation({ id: 2, field: 'travel.location', extra: { entity_id: 'User 1' } }),
        ),
        JSON.stringify({ ...observation({ id: 3 }), source: { type: 'carrier_pigeon', ref: 'x' } }),
        JSON.stringify(observation({ id: 4, field: 'travel.location', value: 'Tahoe' })),
      ].join('\n'),
    );
    expect(report.applied).toBe(2);
    expect(report.rejected).toBe(3);
    expect(report.rejections.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(report.rejections[0]?.issues[0]).toMatchObject({ rule: 'json' });
    expect(report.rejections[1]?.issues).toContainEqual(
      expect.objectContaining({ path: '/entity_id', rule: 'pattern' }),
    );
    expect(report.rejections[2]?.issues).toContainEqual(
      expect.objectContaining({ path: '/source/type', rule: 'enum' }),
    );
    const dlq = await engine.listDlq();
    expect(dlq).toHaveLength(3);
    expect(dlq.every((d) => d.raw.length > 0)).toBe(true);
    // A line that is not JSON, or breaks its schema, cannot become valid by waiting: it is never
    // retried. The records that broke their schema wait for a person; the text that is no record
    // does not.
    for (const d of dlq) {
      expect(d).toMatchObject({
        status: 'permanently_failed',
        nextRetryAt: null,
        needsReview: d.schemaName !== 'json',
      });
    }
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Tahoe');
  });

  it('treats the same event id with the same payload as a no-op', async () => {
    await ingest([observation({ id: 1 })]);
    const before = await engine.stats();
    const again = await ingest([observation({ id: 1 })]);
    expect(again).toMatchObject({ applied: 0, duplicate: 1, rejected: 0 });
    expect((await engine.stats()).events).toBe(before.events);
  });

  it('dead-letters the same event id with a different payload instead of dropping it', async () => {
    await ingest([observation({ id: 1, value: 'in_progress' })]);
    const again = await ingest([observation({ id: 1, value: 'completed' })]);
    expect(again.rejected).toBe(1);
    expect(again.rejections[0]?.issues[0]).toMatchObject({
      path: '/event_id',
      rule: 'idempotency',
    });
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
  });

  it('treats a redelivered message with another created_at as the same message', async () => {
    const message = messageRecord('t1', 'm1', 'user', 'we are in Tahoe', '2026-02-19T15:00:00Z');
    expect((await ingest([message])).applied).toBe(1);
    const again = await ingest([{ ...message, created_at: '2026-02-19T16:00:00Z' }]);
    expect(again).toMatchObject({ applied: 0, duplicate: 1 });
  });

  it('recognises an unchanged calendar entry re-read by a poller as the same evidence', async () => {
    const signal = (eventId: string, summary: string) => ({
      type: 'signal',
      event_id: eventId,
      kind: 'calendar',
      source: { type: 'calendar', ref: 'ics:family' },
      external_id: 'evt-42',
      occurred_at: '2026-02-19T08:00:00Z',
      entity_id: 'family:veda',
      summary,
      claims: [{ field: 'family.schedule.school', candidate_value: 'break_week' }],
    });
    expect((await ingest([signal(testUuid(1), 'School break')])).applied).toBe(1);
    const reread = await ingest([signal(testUuid(2), 'School break')]);
    expect(reread).toMatchObject({ applied: 0, duplicate: 1 });
    const changed = await ingest([signal(testUuid(3), 'School break (moved)')]);
    expect(changed.applied).toBe(1);
  });

  it('never regresses state for an older event arriving late, and raises no prompt', async () => {
    await ingest([observation({ id: 1, value: 'in_progress', at: '2026-02-19T15:00:00Z' })]);
    clock.advance(3_600_000);
    await ingest([
      observation({ id: 2, value: 'planned', intent: 'planning', at: '2026-02-17T09:00:00Z' }),
    ]);
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
    expect(await engine.listReviews()).toHaveLength(0);
    const history = await engine.history('user:primary', 'travel.status');
    expect(history.at(-1)?.reasons.join(' ')).toMatch(/arrived late/);
  });

  it('answers state as believed at an earlier instant with --at', async () => {
    await ingest([
      observation({ id: 1, value: 'planned', intent: 'planning', at: '2026-02-19T15:00:00Z' }),
    ]);
    clock.set('2026-02-20T10:00:00Z');
    await ingest([observation({ id: 2, value: 'in_progress', at: '2026-02-20T09:55:00Z' })]);
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
    const before = await engine.getField('user:primary', 'travel.status', {
      at: '2026-02-20T09:00:00Z',
    });
    expect(before.value).toBe('planned');
    const none = await engine.getField('user:primary', 'travel.status', {
      at: '2026-02-19T15:00:00Z',
    });
    expect(none.status).toBe('none');
  });

  it('marks a committed value stale once its domain TTL passes', async () => {
    await ingest([observation({ id: 1 })]);
    expect((await engine.getField('user:primary', 'travel.status')).stale).toBe(false);
    clock.advance(8 * 24 * 3_600_000);
    expect((await engine.getField('user:primary', 'travel.status')).stale).toBe(true);
  });

  it('keeps a dated value fresh until its own date has passed, then marks it stale', async () => {
    const field = 'travel.return_date';
    await ingest([observation({ id: 1, field, value: '2026-03-10', intent: 'planning' })]);
    clock.set('2026-03-05T12:00:00Z');
    expect((await engine.getField('user:primary', field)).stale).toBe(false);
    clock.set('2026-03-11T13:00:00Z');
    expect((await engine.getField('user:primary', field)).stale).toBe(true);
  });

  it('withdraws retracted evidence and re-resolves the slot', async () => {
    await ingest([
      observation({
        id: 1,
        value: 'planned',
        intent: 'planning',
        source: 'static_markdown',
        at: '2026-02-19T10:00:00Z',
      }),
      observation({ id: 2, value: 'cancelled', at: '2026-02-19T15:00:00Z' }),
    ]);
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('cancelled');
    await ingest([
      observation({ id: 3, value: null, intent: 'retract', extra: { retracts: testUuid(2) } }),
    ]);
    const field = await engine.getField('user:primary', 'travel.status');
    expect(field.value).toBe('planned');
    expect(field.low_confidence).toBe(true);
  });
});

describe('engine review queue', () => {
  // A profile preference the user changes: profile changes always wait for a confirmation.
  const change = (id: number, field: string) => [
    observation({ id, field, value: 'before', at: '2026-02-19T14:00:00Z' }),
    observation({ id: id + 1000, field, value: `after-${id}`, at: '2026-02-19T15:00:00Z' }),
  ];

  it('keeps at most max_pending prompts open and queues the rest in order', async () => {
    await engine.close();
    await open({ maxPending: 2 });
    await ingest([1, 2, 3, 4].flatMap((i) => change(i, `profile.preference.f${i}`)));
    const open1 = await engine.listReviews({ status: ['open'] });
    const queued = await engine.listReviews({ status: ['queued'] });
    expect(open1.map((p) => p.field)).toEqual(['profile.preference.f1', 'profile.preference.f2']);
    expect(queued.map((p) => p.field)).toEqual(['profile.preference.f3', 'profile.preference.f4']);
    await engine.answerReview(open1[0]?.prompt_id ?? '', 'reject');
    expect((await engine.listReviews({ status: ['open'] })).map((p) => p.field)).toEqual([
      'profile.preference.f2',
      'profile.preference.f3',
    ]);
    // A rejected extraction is logged as an incident for the improvement loop.
    const [incident] = await engine.tasks.incidents({ type: 'BAD_EXTRACTION' });
    expect(incident?.detail).toBe(
      `review ${open1[0]?.prompt_id} was rejected: profile.preference.f1 of user:primary`,
    );
  });

  it('refuses an answer whose slot changed since the prompt was raised', async () => {
    const field = 'profile.preference.seat';
    await ingest(change(1, field));
    const [prompt] = await engine.listReviews();
    expect(prompt?.proposed_value).toBe('after-1');
    // The user's explicit correction commits and supersedes the question.
    await ingest([observation({ id: 2, field, value: 'aisle', extra: { correction: true } })]);
    await expect(engine.answerReview(prompt?.prompt_id ?? '', 'confirm')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await engine.getField('user:primary', field)).value).toBe('aisle');
  });

  it('records an edit as the user value and a rejection without changing state', async () => {
    await ingest([
      ...change(1, 'profile.preference.seat'),
      ...change(2, 'profile.preference.meal'),
    ]);
    const [first, second] = await engine.listReviews();
    const edited = await engine.answerReview(first?.prompt_id ?? '', 'edit', 'window, front rows');
    expect(edited.field).toMatchObject({ value: 'window, front rows', rule: 'user_edited' });
    const rejected = await engine.answerReview(second?.prompt_id ?? '', 'reject');
    expect(rejected.status).toBe('rejected');
    expect(rejected.field).toMatchObject({ value: 'before', status: 'committed' });
    const stats = await engine.stats();
    expect(stats.per_domain['profile']).toMatchObject({ edited: 1, rejected: 1, asks: 2 });
  });

  it('asks when a newer calendar entry contests an older user statement', async () => {
    await ingest([
      observation({
        id: 1,
        field: 'travel.location',
        value: 'Tahoe',
        at: '2026-02-17T03:00:00Z',
      }),
      observation({
        id: 2,
        field: 'travel.location',
        value: 'Reno',
        source: 'calendar',
        at: '2026-02-19T15:00:00Z',
      }),
    ]);
    const field = await engine.getField('user:primary', 'travel.location');
    expect(field).toMatchObject({ value: 'Tahoe', status: 'committed' });
    expect(field.pending?.value).toBe('Reno');
  });

  it('expires unanswered prompts after the expiry window', async () => {
    await ingest(change(1, 'profile.preference.seat'));
    expect(await engine.listReviews()).toHaveLength(1);
    clock.advance(73 * 3_600_000);
    expect(await engine.listReviews()).toHaveLength(0);
    await ingest([observation({ id: 9, field: 'travel.location', value: 'Reno' })]);
    expect((await engine.listReviews({ status: ['expired'] })).length).toBe(1);
  });

  it('dead-letters an answer to an unknown prompt and applies it once the prompt exists', async () => {
    const answer = {
      type: 'confirmation',
      answer_id: testUuid(50),
      prompt_id: SEED_PROMPT.prompt_id,
      action: 'confirm',
      answered_at: '2026-02-19T15:06:00Z',
    };
    const first = await ingest([answer]);
    expect(first.rejections[0]?.issues[0]).toMatchObject({ rule: 'prompt_exists' });
    await ingest([SEED_PROMPT]);
    clock.advance(61_000);
    const retry = await engine.retryDlq();
    expect(retry).toMatchObject({ retried: 1, resolved: 1 });
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
  });
});

describe('engine dead-letter retries', () => {
  it('retries at 1, 5 and 30 minutes, then fails permanently with a review item and an alert', async () => {
    // Dated two hours ahead: refused now, and still ahead of the clock at every retry.
    const ahead = observation({ id: 1, at: '2026-02-19T17:05:00Z' });
    expect((await ingest([ahead])).rejections[0]?.issues[0]).toMatchObject({ rule: 'not_future' });
    expect(await engine.retryDlq()).toMatchObject({ retried: 0 });
    for (const minutes of [1, 5, 30]) {
      clock.advance(minutes * 60_000);
      expect((await engine.retryDlq()).retried).toBe(1);
    }
    const [item] = await engine.listDlq();
    expect(item).toMatchObject({ status: 'permanently_failed', retryCount: 3, needsReview: true });
    const reviews = await engine.listDeadLetterReviews();
    expect(reviews).toEqual([
      expect.objectContaining({ alert: true, schema_name: 'state_observation' }),
    ]);
    expect((await engine.stats()).dlq_alerts).toBe(1);
  });

  it('never retries a record that breaks its schema, and raises it for review and alert at once', async () => {
    await engine.ingest('{"type":"observation","domain":"travel"}\n');
    const [item] = await engine.listDlq();
    expect(item).toMatchObject({ status: 'permanently_failed', retryCount: 0, needsReview: true });
    clock.advance(60 * 60_000);
    expect((await engine.retryDlq()).retried).toBe(0);
    expect(await engine.listDeadLetterReviews()).toEqual([
      expect.objectContaining({ alert: true, schema_name: 'state_observation' }),
    ]);
  });

  it('never retries a message id reused with other content: the ledger keeps the first', async () => {
    const message = (content: string) =>
      messageRecord('kitchen', 'k7', 'user', content, '2026-02-19T15:00:00Z');
    await ingest([message('the boiler man comes at 9')]);
    expect((await ingest([message('the boiler man comes at 10')])).rejected).toBe(1);
    const [item] = await engine.listDlq();
    expect(item).toMatchObject({
      status: 'permanently_failed',
      nextRetryAt: null,
      needsReview: true,
    });
    clock.advance(60 * 60_000);
    expect((await engine.retryDlq()).retried).toBe(0);
  });

  it('applies a dead letter once it is edited into a valid record', async () => {
    const report = await ingest([{ ...observation({ id: 1 }), intent: 'certain' }]);
    const dlqId = report.rejections[0]?.dlq_id ?? '';
    const result = await engine.editDlq(dlqId, JSON.stringify(observation({ id: 1 })));
    expect(result).toMatchObject({ resolved: 1 });
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
    expect((await engine.listDlq())[0]?.status).toBe('resolved');
  });
});

describe('engine rebuild and forget', () => {
  it('replays 10,000 mixed events into state identical to the live state', async () => {
    // 40 entities so that slots see contests, supersession, retractions and prompts.
    const records = mixedRecords({ count: 10_000, seed: 7, entities: 40 });
    for (let i = 0; i < records.length; i += 2000) {
      await ingest(records.slice(i, i + 2000));
      clock.advance(3_600_000);
    }
    const prompts = await engine.listReviews();
    for (const prompt of prompts.slice(0, 5))
      await engine.answerReview(prompt.prompt_id, 'confirm');
    const stats = await engine.stats();
    expect(stats.events).toBeGreaterThan(9_900);
    const result = await engine.rebuild({ verify: true });
    expect(result.verified).toBe(true);
    expect(result.hash).toBe(result.live_hash);
    const plain = await engine.rebuild();
    expect(plain.hash).toBe(result.live_hash);
  });

  it('forgets a slot for real: payloads redacted, state dropped, replay still consistent', async () => {
    await ingest([
      observation({ id: 1, field: 'profile.preference.secret', value: 'my-password-hint' }),
      observation({ id: 2 }),
    ]);
    const result = await engine.forget({
      kind: 'slot',
      entityId: 'user:primary',
      field: 'profile.preference.secret',
    });
    expect(result.covered_events).toBe(1);
    expect((await engine.getField('user:primary', 'profile.preference.secret')).status).toBe(
      'none',
    );
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
    expect(JSON.stringify(await engine.history('user:primary'))).not.toContain('my-password-hint');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    await expect(engine.forget({ kind: 'event', eventId: testUuid(99) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('engine policy', () => {
  it('records a stage change from config as a policy.changed event and shadows in stage 0', async () => {
    await engine.close();
    await open({ stage: '0' });
    const before = (await engine.stats()).events;
    expect(before).toBe(1);
    await ingest([observation({ id: 1 })]);
    expect((await engine.getField('user:primary', 'travel.status')).status).toBe('tentative');
    const history = await engine.history('user:primary', 'travel.status');
    expect(history[0]?.reasons.join(' ')).toMatch(/shadow mode/);
    await engine.close();
    await open({ stage: '0' });
    expect((await engine.stats()).events).toBe(2);
  });
});

describe('engine policy automation', () => {
  it('pins travel to stage 1 through a policy.changed event after the user corrects an auto-commit', async () => {
    await engine.close();
    await open({ stage: '2' });
    // Committed without asking from the calendar alone, then withdrawn by the user.
    await ingest([observation({ id: 1, value: 'in_progress', source: 'calendar' })]);
    clock.advance(60_000);
    await ingest([
      observation({ id: 2, value: null, intent: 'retract', extra: { retracts: testUuid(1) } }),
    ]);
    const stats = await engine.stats();
    expect(stats.per_domain['travel']).toMatchObject({ corrections: 1, stage: '1' });
    expect(stats.per_domain['family']).toMatchObject({ stage: '2' });
    // The rollback is in the ledger, so replay reproduces it.
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
    // Stage 1 calibration now asks below 0.98.
    clock.advance(60_000);
    await ingest([observation({ id: 3, value: 'completed' })]);
    expect((await engine.getField('user:primary', 'travel.status')).pending?.value).toBe(
      'completed',
    );
  });

  it("does not count a user's retraction of their own statement as an engine error", async () => {
    await ingest([observation({ id: 1, value: 'in_progress' })]);
    await ingest([
      observation({ id: 2, value: null, intent: 'retract', extra: { retracts: testUuid(1) } }),
    ]);
    expect((await engine.stats()).auto_commit_corrections).toBe(0);
  });

  it('lowers auto by one EMA step after a day of uncorrected automatic commits', async () => {
    await engine.close();
    await open({ stage: '3', adaptiveLearning: true });
    // Four calendar entries, each the only value of its slot: committed without asking.
    const calendar = (id: number) =>
      observation({ id, field: `travel.f${id}`, value: 'x', source: 'calendar' });
    await ingest([1, 2, 3, 4].map(calendar));
    expect((await engine.stats()).per_domain['travel']).toMatchObject({ auto_commits: 4 });
    clock.advance(24 * 3_600_000);
    await ingest([observation({ id: 9, field: 'project.x.status', value: 'started' })]);
    const travel = (await engine.stats()).per_domain['travel'] as { auto_threshold: number };
    expect(travel.auto_threshold).toBeLessThan(0.9);
    expect(travel.auto_threshold).toBeGreaterThanOrEqual(0.8);
  });
});

describe('engine state tracker snapshot', () => {
  it('renders the seed state-tracker shape, byte-identical for identical state', async () => {
    await ingest([
      observation({ id: 1 }),
      observation({ id: 2, field: 'travel.location', value: 'Tahoe' }),
    ]);
    const first = await engine.stateTracker();
    expect(first).toMatchObject({
      entities: {
        'user:primary': { state: { travel: { status: 'in_progress', location: 'Tahoe' } } },
      },
      source_reliability: { calendar: 0.85, static_markdown: 0.6 },
      domains: { travel: { ask_threshold: 0.65, auto_threshold: 0.9, margin_threshold: 0.15 } },
    });
    await engine.rebuild();
    expect(canonicalJson(await engine.stateTracker())).toBe(canonicalJson(first));
  });
});
