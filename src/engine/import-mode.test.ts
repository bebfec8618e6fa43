import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../testing/index.js';
import { createEngine, type Engine } from './index.js';

const dirs: string[] = [];
const engines: Engine[] = [];

async function open(start: string) {
  const dir = mkdtempSync(join(tmpdir(), 'verity-import-'));
  dirs.push(dir);
  const clock = createManualClock(start);
  const engine = await createEngine({ home: dir, clock, embeddings: { model: null } });
  engines.push(engine);
  return { engine, clock };
}

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CONVERSATION: readonly (readonly [string, string, string])[] = [
  ['2026-03-01T09:00:00Z', 'user:primary', "We're planning a trip to Lisbon next week."],
  ['2026-03-01T09:05:00Z', 'user:primary', 'Leo has a fever.'],
  ['2026-03-02T18:30:00Z', 'user:primary', 'From now on aisle seats, please.'],
  ['2026-03-03T07:10:00Z', 'user:primary', 'Payment to NORTHSIDE GAS CO 96.15 posted.'],
  ['2026-03-04T12:00:00Z', 'user:primary', "We're in Lisbon now."],
  ['2026-03-05T08:00:00Z', 'user:primary', 'We switched to Adyen for payments.'],
  ['2026-03-06T20:00:00Z', 'user:primary', 'Back from Lisbon, the kids are tired.'],
];

function records() {
  return CONVERSATION.map(([at, entity, content], index) => ({
    type: 'message',
    thread_id: 'family',
    message_id: `m${index + 1}`,
    role: 'user',
    content,
    created_at: at,
    entity_id: entity,
  }));
}

/** Everything a reader sees of one entity: state, explanations and history, per field. */
async function observe(engine: Engine, entityId: string) {
  const entity = await engine.getEntity(entityId);
  const fields = Object.keys(entity.state).sort();
  const explanations = [];
  for (const field of fields) {
    const { text, evidence, rule, winning_event } = await engine.explain(entityId, field);
    explanations.push({ field, text, evidence, rule, winning_event });
  }
  return { entity, explanations, history: await engine.history(entityId) };
}

async function entitiesOf(engine: Engine) {
  const out: Record<string, unknown> = {};
  for (const id of [...(await engine.listEntities())].sort()) out[id] = await observe(engine, id);
  return out;
}

describe('ingest in import mode', () => {
  it('gives the same state, confidences and explanations as having ingested live', async () => {
    const live = await open(CONVERSATION[0]?.[0] ?? '');
    for (const record of records()) {
      live.clock.set(record.created_at);
      await live.engine.ingest([record]);
    }
    const readAt = '2026-03-13T10:00:00Z';
    live.clock.set(readAt);

    const imported = await open(readAt);
    const report = await imported.engine.ingest(records(), { import: true });
    expect(report).toMatchObject({ applied: CONVERSATION.length, rejected: 0 });

    const expected = await entitiesOf(live.engine);
    const fields = Object.values(expected).flatMap(
      (e) => (e as { explanations: unknown[] }).explanations,
    );
    expect(fields.length).toBeGreaterThanOrEqual(4);
    expect(await entitiesOf(imported.engine)).toEqual(expected);
    expect((await imported.engine.rebuild({ verify: true })).verified).toBe(true);

    // The same history ingested at once without import mode is judged a week late.
    const late = await open(readAt);
    await late.engine.ingest(records());
    expect(await entitiesOf(late.engine)).not.toEqual(expected);
  });

  it('applies records in event-time order whatever the file order, and still refuses the future', async () => {
    const { engine } = await open('2026-03-13T10:00:00Z');
    const shuffled = [...records()].reverse();
    const future = { ...records()[0], message_id: 'later', created_at: '2099-01-01T00:00:00Z' };
    const report = await engine.ingest([...shuffled, future], { import: true });
    expect(report.applied).toBe(CONVERSATION.length);
    expect(report.rejections.map((r) => [r.line, r.issues[0]?.rule])).toEqual([
      [CONVERSATION.length + 1, 'not_future'],
    ]);
    const inOrder = await open('2026-03-13T10:00:00Z');
    await inOrder.engine.ingest(records(), { import: true });
    expect(await entitiesOf(engine)).toEqual(await entitiesOf(inOrder.engine));
  });
});
