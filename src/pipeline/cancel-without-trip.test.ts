import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import type { Engine } from '../engine/types.js';
import { readChat } from '../extract/__fixtures__/read-chat.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';

const open: { engine: Engine; dir: string }[] = [];
afterEach(async () => {
  for (const { engine, dir } of open.splice(0)) {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A fresh engine fed `messages` one at a time, a minute apart, in one user thread. */
async function engineAfter(...messages: string[]): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-cancel-'));
  const clock = createManualClock('2026-05-04T09:00:00Z');
  const engine = await createEngine({
    home: join(dir, 'home'),
    clock,
    ids: createSequentialIds(),
    embeddings: { model: null },
  });
  open.push({ engine, dir });
  for (const [index, content] of messages.entries()) {
    const at = new Date(clock.now()).toISOString();
    clock.advance(60_000);
    await engine.ingest([messageRecord('t1', `m${index + 1}`, 'user', content, at)]);
  }
  return engine;
}

const CANCELLATIONS = [
  "I'm not going to Berlin after all.",
  'The ski weekend is off.',
  "We're no longer flying to Oslo.",
  'Our Lisbon holiday has been cancelled.',
  "I'm not travelling to Madrid anymore.",
  'We called off the Vienna trip.',
];

describe('a cancellation with no trip on record', () => {
  it.each(CANCELLATIONS)('asks instead of committing: %s', async (sentence) => {
    // The rules do read a cancellation: what keeps it from committing is that no trip is on record.
    expect(readChat(sentence).map((o) => `${o.field}=${o.value}`)).toContain(
      'travel.status=cancelled',
    );
    const engine = await engineAfter(sentence);
    const status = await engine.getField('user:primary', 'travel.status');
    expect(status.status).not.toBe('committed');
    const asked = (await engine.listReviews()).map((p) => `${p.field}=${p.proposed_value}`);
    expect(asked).toEqual(['travel.status=cancelled']);
  });

  it('still commits the cancellation of a trip that is planned', async () => {
    const engine = await engineAfter(
      "We're flying to Berlin on June 3.",
      "I'm not going to Berlin after all.",
    );
    const status = await engine.getField('user:primary', 'travel.status');
    expect([status.status, status.value]).toEqual(['committed', 'cancelled']);
  });

  it.each([
    "I'm not going to Berlin after all.",
    'The Oslo conference trip is off.',
    "We're no longer flying to Madrid.",
  ])('leaves a trip to another place planned: %s', async (sentence) => {
    const engine = await engineAfter("We're flying to Paris on June 3.", sentence);
    const status = await engine.getField('user:primary', 'travel.status');
    expect([status.status, status.value]).toEqual(['committed', 'planned']);
    const destination = await engine.getField('user:primary', 'travel.destination');
    expect(destination.value).toBe('Paris');
  });
});
