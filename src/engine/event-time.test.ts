import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../core/index.js';
import { messageRecord } from '../testing/index.js';
import { createEngine, type Engine } from './index.js';

const dirs: string[] = [];
const engines: Engine[] = [];

function movableClock(start: string): Clock & { set(at: string): void } {
  let now = Date.parse(start);
  return {
    now: () => now,
    set: (at) => {
      now = Date.parse(at);
    },
  };
}

async function open(clock: Clock, maxFutureSkewMs?: number): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-event-time-'));
  dirs.push(dir);
  const engine = await createEngine({
    home: dir,
    clock,
    embeddings: { model: null },
    ...(maxFutureSkewMs === undefined ? {} : { maxFutureSkewMs }),
  });
  engines.push(engine);
  return engine;
}

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function message(id: string, content: string, at: string, source?: string): string {
  return JSON.stringify(
    messageRecord('t', id, 'user', content, at, source === undefined ? {} : { source }),
  );
}

describe('future-dated events', () => {
  it('refuses a 2099-dated message, so it cannot lock a slot against later statements', async () => {
    const clock = movableClock('2026-03-01T10:00:00Z');
    const engine = await open(clock);
    const report = await engine.ingest(
      message('m1', "We're in Paris now.", '2099-01-01T00:00:00Z'),
    );
    expect(report.applied).toBe(0);
    expect(report.rejections[0]?.issues[0]).toMatchObject({
      path: '/created_at',
      rule: 'not_future',
    });
    expect(report.rejections[0]?.issues[0]?.message).toMatch(/2099-01-01.*after now/);
    expect((await engine.listDlq()).map((d) => d.status)).toEqual(['pending']);

    clock.set('2026-03-01T12:00:00Z');
    await engine.ingest(message('m2', "We're in Tahoe now.", '2026-03-01T12:00:00Z'));
    const field = await engine.getField('user:primary', 'travel.location');
    expect(field.value).toBe('Tahoe');
    expect((await engine.explain('user:primary', 'travel.location')).text).not.toMatch(/2099/);
  });

  it('accepts events within the skew, and honours a configured skew', async () => {
    const clock = movableClock('2026-03-01T10:00:00Z');
    const lenient = await open(clock);
    expect((await lenient.ingest(message('a', 'hello', '2026-03-01T10:04:00Z'))).applied).toBe(1);
    const strict = await open(clock, 60_000);
    const refused = await strict.ingest(message('a', 'hello', '2026-03-01T10:04:00Z'));
    expect(refused.rejected).toBe(1);
  });

  it('refuses a future-dated observation through recordObservation too', async () => {
    const engine = await open(movableClock('2026-03-01T10:00:00Z'));
    const result = await engine.recordObservation({
      event_id: '0190a5f2-0000-7000-8000-0000000000f1',
      event_ts: '2099-01-01T00:00:00Z',
      domain: 'travel',
      entity_id: 'user:primary',
      field: 'travel.location',
      candidate_value: 'Paris',
      intent: 'assertive',
      source: { type: 'user_statement', ref: 'x' },
    });
    expect(result.status).toBe('rejected');
    expect(result.issues[0]?.rule).toBe('not_future');
    expect((await engine.getField('user:primary', 'travel.location')).value).toBeNull();
  });

  it('keeps a future calendar entry as a plan that present evidence outranks', async () => {
    const clock = movableClock('2026-03-01T10:00:00Z');
    const engine = await open(clock);
    const calendar = {
      type: 'signal',
      event_id: '0190a5f2-0000-7000-8000-0000000000c1',
      kind: 'calendar',
      source: { type: 'calendar', ref: 'ics:family' },
      external_id: 'evt-1',
      occurred_at: '2026-06-01T09:00:00Z',
      entity_id: 'user:primary',
      summary: 'Flight to Paris',
      claims: [{ field: 'travel.location', candidate_value: 'Paris' }],
    };
    expect((await engine.ingest([calendar])).applied).toBe(1);
    const history = await engine.history('user:primary', 'travel.location');
    expect(history[0]?.eventTs).toBe('2026-03-01T10:00:00.000Z');

    clock.set('2026-03-01T11:00:00Z');
    await engine.ingest(message('m1', "We're in Tahoe now.", '2026-03-01T11:00:00Z'));
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Tahoe');
    const replay = await engine.rebuild({ verify: true });
    expect(replay.verified).toBe(true);
  });
});
