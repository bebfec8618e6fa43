// A choice given up by name in a later session is not proposed as current beside its reversal
// (review rv-cc H1, issue #13). Sentences of our own.
import { describe, expect, it } from 'vitest';
import { type ReflectorInput, reflectObservations } from './reflector.js';
import { overturnedObservations } from './superseded.js';

const NOW = Date.parse('2026-06-10T20:00:00Z');

function said(id: string, text: string, at: string, speaker: 'user' | 'assistant' = 'user') {
  return {
    observation_id: id,
    priority: speaker === 'user' ? 'red' : 'yellow',
    memory_priority: 'P1',
    type: 'decision',
    time: null,
    at,
    text,
    speaker,
    source_message_ids: [`${id}-m`],
    resolved_by: null,
    session_id: `session-${id.slice(0, 1)}`,
    date: at.slice(0, 10),
  } as ReflectorInput;
}

const CHOSE = said(
  'a1',
  'For background jobs we decided to use Celery with RabbitMQ.',
  '2026-06-01T09:00:00Z',
);

function overturned(later: string, speaker: 'user' | 'assistant' = 'user'): boolean {
  const reversal = said('c1', later, '2026-06-08T10:00:00Z', speaker);
  return overturnedObservations([CHOSE, reversal]).has('a1');
}

describe('a choice given up in a later session', () => {
  it.each([
    "Change of plan: we're dropping Celery. Jobs run on Dramatiq now.",
    'Celery is out, going with Dramatiq.',
    'We are switching from Celery to Dramatiq.',
    'No more Celery.',
    'Celery was a mistake - Dramatiq instead.',
  ])('is taken back: %s', (later) => {
    expect(overturned(later)).toBe(true);
  });

  it.each([
    'I am dropping Celery off at the vet on the way.',
    "We're not dropping Celery.",
    'Should we drop Celery?',
    'Maybe we should drop Celery at some point.',
  ])('is kept by a near-miss: %s', (later) => {
    expect(overturned(later)).toBe(false);
  });

  it('is kept when only the assistant gives it up', () => {
    expect(overturned("I'd drop Celery.", 'assistant')).toBe(false);
  });

  it('is kept when the "reversal" came first', () => {
    const early = said('c1', "We're dropping Celery.", '2026-05-20T10:00:00Z');
    expect(overturnedObservations([CHOSE, early]).has('a1')).toBe(false);
  });

  it('is not proposed beside its reversal', () => {
    const filler = Array.from({ length: 10 }, (_, i) => ({
      ...said(
        `f${i}`,
        `Option ${i} came up in passing and nobody settled anything about it`,
        '2026-06-02T09:00:00Z',
      ),
      priority: 'green',
      type: 'question',
    })) as ReflectorInput[];
    const reflection = reflectObservations({
      observations: [
        CHOSE,
        said(
          'c1',
          "Change of plan: we're dropping Celery, background jobs move to Dramatiq.",
          '2026-06-08T10:00:00Z',
        ),
        ...filler,
      ],
      memory: [],
      proposals: [],
      now: NOW,
    });
    const texts = reflection.drafts.map((d) => d.text);
    expect(texts.some((t) => t.includes('use Celery'))).toBe(false);
    expect(texts.some((t) => t.includes('Dramatiq'))).toBe(true);
  });
});
