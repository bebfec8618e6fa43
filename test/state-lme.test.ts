// The pure parts of bench/state-lme.ts (issue #10 §5 on LongMemEval): the split rule fixed before
// any text was read, and how a turn becomes a chat message with its real role. Synthetic ids and
// sentences only; no LongMemEval text.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clip, halfOf, questionId, toChatMessage } from '../bench/state-lme-core.js';

describe('the split by a hash of the question id', () => {
  it('puts an id in A when the first byte of sha256(question id) is even, else in B', () => {
    // sha256 first bytes: synthetic-1 → 0x8a (138), synthetic-4 → 0x9b (155).
    expect(halfOf('lme-s-dev/synthetic-1')).toBe('A');
    expect(halfOf('lme-s-dev/synthetic-4')).toBe('B');
    for (const id of ['synthetic-1', 'synthetic-2', 'synthetic-3', 'synthetic-4']) {
      const even = (createHash('sha256').update(id).digest()[0] ?? 0) % 2 === 0;
      expect(halfOf(`lme-s-dev/${id}`)).toBe(even ? 'A' : 'B');
    }
  });

  it('hashes the question id, not the conversation id with its prefix', () => {
    expect(questionId('lme-s-dev/abc123')).toBe('abc123');
    expect(halfOf('lme-s-dev/synthetic-1')).toBe(halfOf('synthetic-1'));
  });

  it('splits a run of ids roughly in half', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `lme-s-dev/q${i}`);
    const a = ids.filter((id) => halfOf(id) === 'A').length;
    expect(a).toBeGreaterThan(150);
    expect(a).toBeLessThan(250);
  });
});

describe('a turn as the integration would send it', () => {
  const turn = {
    session_id: 's1',
    message_id: 's1/0',
    content: '  I moved to a flat near the river last month.\n',
    timestamp: '2023-05-20T10:00:00Z',
  };

  it("keeps the turn's real role, the user's as the user and the assistant's as the assistant", () => {
    expect(toChatMessage({ ...turn, role: 'user' }).role).toBe('user');
    expect(toChatMessage({ ...turn, role: 'assistant' }).role).toBe('assistant');
  });

  it('trims the text and changes nothing else', () => {
    expect(toChatMessage({ ...turn, role: 'user' })).toEqual({
      session_id: 's1',
      message_id: 's1/0',
      role: 'user',
      speaker: 'user',
      text: 'I moved to a flat near the river last month.',
      timestamp: '2023-05-20T10:00:00Z',
    });
  });
});

describe('context for a labeller', () => {
  it('keeps a short turn whole and cuts a long one with a mark', () => {
    expect(clip('Sure, here are three ideas.', 100)).toBe('Sure, here are three ideas.');
    expect(clip('abcdef ghij', 7)).toBe('abcdef …');
  });
});
