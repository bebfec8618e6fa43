import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLlmExtractor, EMPTY_REGISTRY } from '../extract/index.js';
import { createOpenAICompatibleLanguageModel } from '../providers/openai-compatible/index.js';
import {
  createManualClock,
  createSequentialIds,
  type ManualClock,
  messageRecord,
  startFakeLlmServer,
  toJsonl,
} from '../testing/index.js';
import { createEngine, type EngineOptions } from './index.js';
import type { Engine } from './types.js';

let dir: string;
let clock: ManualClock;
const open: Engine[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-extraction-'));
  clock = createManualClock('2026-02-19T15:00:00Z');
});

afterEach(async () => {
  for (const engine of open.splice(0)) await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

async function engineWith(options: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = await createEngine({
    home: join(dir, 'home'),
    clock,
    ids: createSequentialIds(),
    embeddings: { model: null },
    ...options,
  });
  open.push(engine);
  return engine;
}

function message(id: string, content: string, extra: Record<string, unknown> = {}) {
  const at = clock.now() === 0 ? '2026-02-19T15:00:00Z' : new Date(clock.now()).toISOString();
  return messageRecord('t1', id, 'user', content, at, extra);
}

/** A one-claim `travel.location` signal about the primary user, occurring now. */
function travelSignal(
  eventId: string,
  source: { readonly type: string; readonly ref: string },
  externalId: string,
  summary: string,
  value: string,
) {
  return {
    type: 'signal',
    event_id: eventId,
    kind: source.type,
    source,
    external_id: externalId,
    occurred_at: new Date(clock.now()).toISOString(),
    entity_id: 'user:primary',
    summary,
    claims: [{ field: 'travel.location', candidate_value: value }],
  };
}

describe('extraction at live ingest', () => {
  it('records what a message says as observations with extractor provenance, once', async () => {
    const engine = await engineWith();
    await engine.ingest([message('m1', "We're in Tahoe, the snow is great.")]);
    const status = await engine.getField('user:primary', 'travel.status');
    expect(status).toMatchObject({
      value: 'in_progress',
      status: 'committed',
      source: 'user_statement',
    });
    const explained = await engine.explain('user:primary', 'travel.location');
    expect(explained.winning_event?.source_ref).toBe('thread:t1:msg:m1');
    const before = await engine.lastSequence();
    const again = await engine.ingest([message('m1', "We're in Tahoe, the snow is great.")]);
    expect(again.duplicate).toBe(1);
    expect(await engine.lastSequence()).toBe(before);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('withdraws the speaker\'s previous statement on "scratch that"', async () => {
    const engine = await engineWith();
    await engine.ingest([
      message('m1', 'Heads up: the onboarding revamp is cancelled.', { entity_id: 'team:growth' }),
    ]);
    expect((await engine.getField('team:growth', 'project.onboarding_revamp.status')).value).toBe(
      'cancelled',
    );
    clock.advance(60_000);
    await engine.ingest([
      message('m2', 'Scratch that, wrong project.', { entity_id: 'team:growth' }),
    ]);
    expect((await engine.getField('team:growth', 'project.onboarding_revamp.status')).status).toBe(
      'none',
    );
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it("never lets the assistant's guess override the user", async () => {
    const engine = await engineWith();
    await engine.ingest([message('m1', "We're in Reno for the week.")]);
    clock.advance(60_000);
    await engine.ingest([
      message('m2', "Sounds like you're back home now.", { role: 'assistant' }),
    ]);
    await engine.ingest([message('m3', "You're in Tahoe then, I assume.", { role: 'assistant' })]);
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Reno');
  });

  it('reads a note as static markdown that a later chat message outranks', async () => {
    const engine = await engineWith();
    await engine.ingest([
      {
        type: 'note',
        path: 'notes/week.md',
        content: 'Week plan (Feb 16-22)\n- Sun: leave for Tahoe\n- Back Wed the 25th',
        updated_at: '2026-02-19T06:00:00Z',
      },
    ]);
    const planned = await engine.getField('user:primary', 'travel.status');
    expect(planned).toMatchObject({
      value: 'planned',
      source: 'static_markdown',
      low_confidence: true,
    });
    clock.advance(3_600_000);
    await engine.ingest([message('m1', 'we are in Tahoe')]);
    expect((await engine.getField('user:primary', 'travel.status')).value).toBe('in_progress');
  });

  it('does not take a calendar entry re-read unchanged as new evidence', async () => {
    // Without state items, whose extraction runs record events of their own.
    const engine = await engineWith({
      policy: { commitUncontested: true },
      items: { extractor: null },
    });
    const entry = 'Piano lesson (Zara) - Thu Feb 26, 16:00-16:45';
    await engine.ingest([message('c1', entry, { source: 'calendar', entity_id: 'family:okoye' })]);
    // The user speaks on the day (a statement dated a week ahead would be refused as future).
    clock.set('2026-02-26T08:00:00Z');
    await engine.ingest([
      message('u1', 'Piano lesson is cancelled today.', {
        entity_id: 'family:okoye',
        created_at: '2026-02-26T08:00:00Z',
      }),
    ]);
    clock.set('2026-02-26T09:00:00Z');
    const before = await engine.lastSequence();
    await engine.ingest([
      message('c2', entry, {
        source: 'calendar',
        entity_id: 'family:okoye',
        created_at: '2026-02-26T09:00:00Z',
      }),
    ]);
    expect(await engine.lastSequence()).toBe(before + 1);
    expect((await engine.getField('family:okoye', 'family.schedule.piano_lesson')).value).toBe(
      'cancelled',
    );
  });

  it('does not let a calendar signal silently override a recent user statement about travel', async () => {
    const engine = await engineWith({ policy: { commitUncontested: true } });
    await engine.ingest([message('m1', "We're in Reno for the week.")]);
    clock.advance(2 * 3_600_000);
    const report = await engine.ingest([
      travelSignal(
        '0190a5f2-0000-7000-8000-00000000c001',
        { type: 'calendar', ref: 'ics:family' },
        'evt-1',
        'Tahoe cabin weekend',
        'Tahoe',
      ),
    ]);
    expect(report.decisions.auto_commit).toBe(0);
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Reno');
  });

  it('lets a signal corroborate what the user said', async () => {
    const engine = await engineWith();
    await engine.ingest([message('m1', "We're in Reno for the week.")]);
    const before = (await engine.getField('user:primary', 'travel.location')).confidence ?? 0;
    await engine.ingest([
      travelSignal(
        '0190a5f2-0000-7000-8000-00000000c002',
        { type: 'location', ref: 'phone' },
        'fix-1',
        'Phone location: Reno',
        'Reno',
      ),
    ]);
    expect((await engine.getField('user:primary', 'travel.location')).confidence).toBeGreaterThan(
      before,
    );
  });

  it('keeps a partial hand-made bundle replayable', async () => {
    const engine = await engineWith();
    const bundle = { id: '0190a5f2-0000-7000-8000-00000000b001', index: 0, size: 3 };
    const base = {
      type: 'observation',
      event_ts: '2026-02-19T15:00:00Z',
      domain: 'travel',
      entity_id: 'user:primary',
      intent: 'assertive',
      source: { type: 'user_statement', ref: 'x' },
    };
    await engine.ingest(
      toJsonl([
        {
          ...base,
          event_id: '0190a5f2-0000-7000-8000-000000000a01',
          field: 'travel.status',
          candidate_value: 'in_progress',
          bundle,
        },
        {
          ...base,
          event_id: '0190a5f2-0000-7000-8000-000000000a02',
          field: 'travel.location',
          candidate_value: 'Tahoe',
          bundle: { ...bundle, index: 1 },
        },
        {
          ...base,
          event_id: '0190a5f2-0000-7000-8000-000000000a03',
          field: 'profile.preference.seat',
          domain: 'profile',
          candidate_value: 'aisle',
        },
      ]),
    );
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Tahoe');
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('extracts with a language model over a local OpenAI-compatible server', async () => {
    const server = await startFakeLlmServer({
      reply: () =>
        JSON.stringify({
          intent: 'assertive',
          retracts_previous: false,
          observations: [
            {
              subject: 'self',
              field: 'travel.location',
              value: 'Zermatt',
              intent: 'assertive',
              confidence: 1,
              correction: false,
            },
          ],
        }),
    });
    try {
      const model = createOpenAICompatibleLanguageModel({
        baseUrl: server.openaiBaseUrl,
        model: 'local',
      });
      const engine = await engineWith({
        extraction: {
          extractor: createLlmExtractor({ model, timeoutMs: 5000 }),
          registry: EMPTY_REGISTRY,
        },
      });
      await engine.ingest([message('m1', 'Made it up the mountain to Zermatt!')]);
      const explained = await engine.explain('user:primary', 'travel.location');
      expect(explained.current.value).toBe('Zermatt');
      expect(explained.winning_event?.source_ref).toBe('thread:t1:msg:m1');
      const history = await engine.history('user:primary', 'travel.location');
      expect(history[0]?.reasons.join(' ')).toMatch(/user_statement/);
      expect(server.requests).toHaveLength(1);
      expect((await engine.rebuild({ verify: true })).verified).toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('records intent labels into a confusion matrix', async () => {
    const engine = await engineWith();
    await engine.ingest([
      message('m1', "We're in Lisbon!"),
      message('m2', 'If the flight is cancelled we might fly to Porto instead.'),
    ]);
    await engine.labelIntent('t1', 'm1', 'assertive');
    await engine.labelIntent('t1', 'm2', 'hypothetical');
    await engine.labelIntent('t1', 'm1', 'historical');
    const metrics = await engine.intentMetrics();
    expect(metrics.labelled).toBe(3);
    expect(metrics.matrix).toEqual({
      assertive: { assertive: 1 },
      hypothetical: { hypothetical: 1 },
      historical: { assertive: 1 },
    });
    expect(metrics.classes.find((c) => c.intent === 'assertive')).toMatchObject({
      precision: 0.5,
      recall: 1,
    });
    await expect(engine.labelIntent('t1', 'm1', 'certain')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('uses an alias the user confirmed for later extractions', async () => {
    const engine = await engineWith();
    await engine.confirmAlias('ACME HOLDINGS LLC', 'financial.storage_unit');
    await engine.ingest([
      message('b1', 'Checking ...0001: payment to ACME HOLDINGS LLC 120.00 posted 02/19.', {
        source: 'bank',
      }),
    ]);
    const amount = await engine.getField('user:primary', 'financial.storage_unit.amount');
    expect(amount).toMatchObject({ value: '120', status: 'committed', low_confidence: true });
  });
});
