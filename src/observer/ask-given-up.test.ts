// Two passages on one topic that disagree: the later-said answers, the earlier choice it gives
// up is cited as retired (review rv-cc H1). Sentences of our own.
import { describe, expect, it } from 'vitest';
import { type AskDocument, answerExtractively } from './ask.js';

function entry(id: string, text: string, at: string | null): AskDocument {
  return { kind: 'memory', id, text, at, source: 'MEMORY.md#Decisions', weight: 1.5 };
}

const QUESTION = 'Which broker do we use for background jobs?';
// Said first; its wording matches the question best, so it ranked first before.
const CHOSE = entry(
  'm-1',
  'For background jobs we use RabbitMQ as the broker.',
  '2026-06-01T09:00:00Z',
);

function answer(later: string, laterAt = '2026-06-08T10:00:00Z') {
  return answerExtractively(QUESTION, [CHOSE, entry('m-2', later, laterAt)]);
}

describe('a later-said passage that gives up a choice outranks it', () => {
  it.each([
    "We're dropping RabbitMQ; background jobs go through SQS now.",
    'RabbitMQ is out, going with SQS for background jobs.',
    'We are switching from RabbitMQ to SQS for background jobs.',
    'No more RabbitMQ for background jobs, SQS handles them.',
    'RabbitMQ was a mistake - SQS instead for background jobs.',
  ])('%s', (later) => {
    const result = answer(later);
    expect(result.citations[0]?.id).toBe('m-2');
    expect(result.citations.find((c) => c.id === 'm-1')?.retired).toBe(true);
    expect(result.answer.split('\n')[0]).not.toMatch(/^For background jobs we use RabbitMQ/);
  });

  it.each([
    "We're not dropping RabbitMQ for background jobs.",
    'Should we drop RabbitMQ for background jobs?',
    'I am dropping RabbitMQ stickers off at the office for the background jobs team.',
  ])('a near-miss retires nothing: %s', (later) => {
    const result = answer(later);
    expect(result.citations.every((c) => !c.retired)).toBe(true);
  });

  it('a "reversal" said before the choice does not retire it', () => {
    const result = answer("We're dropping RabbitMQ for background jobs.", '2026-05-20T10:00:00Z');
    expect(result.citations.find((c) => c.id === 'm-1')?.retired).toBe(false);
  });
});

describe('the passage that gives a choice up need not match the question', () => {
  it('retires the choice all the same', () => {
    const reversal = entry(
      'o-9',
      "Change of plan: we're dropping RabbitMQ.",
      '2026-06-08T10:00:00Z',
    );
    const result = answerExtractively(QUESTION, [CHOSE, reversal]);
    expect(result.citations.find((c) => c.id === 'm-1')?.retired).toBe(true);
    expect(result.citations.some((c) => c.id === 'o-9')).toBe(false);
  });
});
