import { describe, expect, it } from 'vitest';
import { feedUserMessages, useTestEngine } from '../engine/__fixtures__/test-engine.js';
import type { Engine } from '../engine/types.js';
import { readChat } from '../extract/__fixtures__/read-chat.js';

const t = useTestEngine('verity-cancel-', '2026-05-04T09:00:00Z', { embeddings: { model: null } });

/** The test's engine fed `messages` one at a time, a minute apart, in one user thread. */
async function engineAfter(...messages: string[]): Promise<Engine> {
  await feedUserMessages(t(), messages);
  return t().engine;
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
