import { describe, expect, it } from 'vitest';
import { compareMessages, isAfterWatermark, planExtraction } from './plan-extraction.js';
import type { BatchMessage } from './state-item.js';

function msg(
  messageId: string,
  createdAt: string,
  role: BatchMessage['role'] = 'user',
): BatchMessage {
  return { messageId, createdAt, role, content: `message ${messageId}` };
}

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:01:00.000Z';

describe('watermark order', () => {
  it('orders by createdAt, then messageId on equal timestamps', () => {
    const sorted = [msg('b', T1), msg('a', T2), msg('a', T1)].sort(compareMessages);
    expect(sorted.map((m) => `${m.messageId}@${m.createdAt.slice(14, 16)}`)).toEqual([
      'a@00',
      'b@00',
      'a@01',
    ]);
  });

  const watermark = { createdAt: T1, messageId: 'm5' };
  it.each([
    ['a later timestamp', msg('m1', T2), true],
    ['the same timestamp and a greater id', msg('m6', T1), true],
    ['the same timestamp and the same id', msg('m5', T1), false],
    ['the same timestamp and a smaller id', msg('m4', T1), false],
    ['an earlier timestamp', msg('m9', '2026-03-01T09:59:59.999Z'), false],
  ])('treats a message with %s as after=%s', (_name, message, after) => {
    expect(isAfterWatermark(message, watermark)).toBe(after);
  });

  it('treats everything as new without a watermark', () => {
    expect(isAfterWatermark(msg('m1', T1), null)).toBe(true);
  });
});

describe('planExtraction', () => {
  it('skips when nothing is new, leaving the watermark', () => {
    const plan = planExtraction([msg('m1', T1)], { createdAt: T1, messageId: 'm1' }, 20);
    expect(plan).toEqual({ kind: 'skip', reason: 'no_new_messages', advanceTo: null });
  });

  it('skips a batch with no user message but moves the watermark past it', () => {
    const plan = planExtraction([msg('m2', T2, 'assistant'), msg('m1', T1, 'assistant')], null, 20);
    expect(plan).toEqual({
      kind: 'skip',
      reason: 'no_user_messages',
      advanceTo: { createdAt: T2, messageId: 'm2' },
    });
  });

  it('caps the batch, oldest first, and advances to its last message', () => {
    const messages = Array.from({ length: 25 }, (_, i) =>
      msg(`m${String(i).padStart(2, '0')}`, T1, i % 2 === 0 ? 'user' : 'assistant'),
    ).reverse();
    const plan = planExtraction(messages, null, 20);
    expect(plan.kind).toBe('run');
    if (plan.kind !== 'run') return;
    expect(plan.batch).toHaveLength(20);
    expect(plan.batch[0]?.messageId).toBe('m00');
    expect(plan.advanceTo).toEqual({ createdAt: T1, messageId: 'm19' });
  });

  it('reads only messages after the watermark, with equal timestamps split by id', () => {
    const plan = planExtraction(
      [msg('m1', T1), msg('m2', T1), msg('m3', T1, 'assistant'), msg('m4', T2)],
      { createdAt: T1, messageId: 'm1' },
      20,
    );
    expect(plan.kind === 'run' ? plan.batch.map((m) => m.messageId) : []).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
  });
});
