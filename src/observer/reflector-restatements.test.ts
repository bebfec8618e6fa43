import { describe, expect, it } from 'vitest';
import { type ReflectorInput, reflectObservations } from './reflector.js';

const NOW = Date.parse('2026-05-04T18:00:00Z');

/** A red observation of session `s1` drawn from message `message`. */
function obs(
  id: string,
  text: string,
  message: string,
  overrides: Partial<ReflectorInput> = {},
): ReflectorInput {
  return {
    observation_id: id,
    priority: 'red',
    memory_priority: 'P1',
    type: 'fact',
    time: '10:00',
    at: '2026-05-04T10:00:00.000Z',
    text,
    speaker: 'user',
    source_message_ids: [message],
    resolved_by: null,
    session_id: 's1',
    date: '2026-05-04',
    ...overrides,
  };
}

const ASSISTANT: Partial<ReflectorInput> = { speaker: 'assistant', at: '2026-05-04T10:01:00.000Z' };

/** Talk around the facts, never proposed: the proposals stay smaller than their input. */
const CHATTER = Array.from({ length: 8 }, (_, i) =>
  obs(`g${i}`, `Idea ${i} came up while we talked, and nobody settled anything about it`, 'm0', {
    priority: 'green',
    type: 'question',
  }),
);

function proposed(observations: readonly ReflectorInput[]) {
  const r = reflectObservations({
    observations: [...observations, ...CHATTER],
    memory: [],
    proposals: [],
    now: NOW,
  });
  return r.drafts.map((d) => ({ text: d.text, sources: [...d.source_observation_ids].sort() }));
}

describe('reflector: one batch states a fact once', () => {
  it("folds the assistant's confirmation of a message into the person's line it restates", () => {
    const drafts = proposed([
      obs('u1', 'The ledger service is cobalt-ledger on Render, region Oregon.', 'm1'),
      obs('u2', 'Lint runs through lintwheel.', 'm1'),
      obs(
        'a1',
        'Got it: cobalt-ledger on Render in Oregon, lint through lintwheel.',
        'm2',
        ASSISTANT,
      ),
    ]);
    // The echo lists both lines of the message; it joins the one sharing its named service.
    expect(drafts).toEqual([
      {
        text: 'The ledger service is cobalt-ledger on Render, region Oregon',
        sources: ['a1', 'u1'],
      },
      { text: 'Lint runs through lintwheel', sources: ['u2'] },
    ]);
  });

  it('folds a reworded acknowledgement, and a line the person said twice', () => {
    const drafts = proposed([
      obs('u1', 'Backups of harbor-sync go to the cold bucket every night at 02:30.', 'm1'),
      obs('a1', 'Noted — harbor-sync backups every night at 02:30, cold bucket.', 'm2', ASSISTANT),
      obs('u2', 'Harbor-sync backups at 02:30', 'm3', { at: '2026-05-04T10:05:00.000Z' }),
    ]);
    expect(drafts).toEqual([
      {
        text: 'Backups of harbor-sync go to the cold bucket every night at 02:30',
        sources: ['a1', 'u1', 'u2'],
      },
    ]);
  });

  it('keeps an echo that brings a value the person did not write', () => {
    const drafts = proposed([
      obs('u1', 'The ledger service runs on Render.', 'm1'),
      obs('a1', 'Got it: the ledger service on Render, port 7411.', 'm2', ASSISTANT),
    ]);
    expect(drafts.map((d) => d.text)).toEqual([
      'The ledger service runs on Render',
      'Got it: the ledger service on Render, port 7411',
    ]);
  });

  it('keeps an echo that ties two messages together in one clause', () => {
    const drafts = proposed([
      obs('u1', 'Our bookkeeper is Marta Quill.', 'm1'),
      obs('u2', 'Receipts go to her by the 3rd of each month.', 'm2'),
      obs('a1', 'Understood, receipts to Marta Quill by the 3rd of each month.', 'm3', ASSISTANT),
    ]);
    expect(drafts).toHaveLength(3);
  });

  it('leaves alone a confirmation in another session, and a line adding a value', () => {
    const drafts = proposed([
      obs('u1', 'The ledger service is cobalt-ledger on Render, region Oregon.', 'm1'),
      obs('u2', 'Lint runs through lintwheel.', 'm1'),
      obs('a1', 'Got it: cobalt-ledger on Render in Oregon, lint through lintwheel.', 'm2', {
        ...ASSISTANT,
        session_id: 's2',
      }),
      obs('u3', 'Staging database listens on 5433.', 'm3'),
      obs('u4', 'Staging database listens on 5434 for the replica.', 'm4'),
    ]);
    expect(drafts.map((d) => d.sources.join()).sort()).toEqual(['a1', 'u1', 'u2', 'u3', 'u4']);
  });
});
