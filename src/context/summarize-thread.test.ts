import { describe, expect, it } from 'vitest';
import type { StateItem } from '../core/index.js';
import { message, stateItem, words } from './__fixtures__/context-fixtures.js';
import { createExtractiveSummarizer, summarizeThread } from './summarize-thread.js';
import { createGptTokenizer } from './tokenizer.js';
import { TRUNCATION_MARKER } from './truncate-to-tokens.js';

const tokenizer = createGptTokenizer();

function at(minute: number): string {
  return new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
}

const thread: StateItem[] = [
  stateItem({ uid: 'd_000000000001', text: 'Use Postgres for analytics.', lastSeenAt: at(1) }),
  stateItem({ uid: 'd_000000000002', text: 'Ship on Friday', lastSeenAt: at(5) }),
  stateItem({
    uid: 'd_000000000003',
    text: 'Use MySQL',
    status: 'superseded',
    lastSeenAt: at(9),
  }),
  stateItem({
    uid: 'a_000000000001',
    typeTag: 'action',
    status: 'open',
    text: 'Set up connection pooling',
    lastSeenAt: at(3),
  }),
  stateItem({
    uid: 'a_000000000002',
    typeTag: 'action',
    status: 'blocked',
    text: 'Run migration 025',
    lastSeenAt: at(4),
  }),
  stateItem({
    uid: 'a_000000000003',
    typeTag: 'action',
    status: 'done',
    text: 'Create the repo',
    lastSeenAt: at(6),
  }),
  stateItem({
    uid: 'q_000000000001',
    typeTag: 'question',
    status: 'open',
    text: 'Cache embeddings client-side?',
    lastSeenAt: at(2),
  }),
  stateItem({ uid: 'c_000000000001', typeTag: 'constraint', text: 'Never deploy on Sundays' }),
];

const messages = [
  message('m1', 'Let us plan the analytics stack.', 0),
  message('m2', 'Sure.', 1, 'assistant'),
  message('m3', 'What about caching?', 2),
];

describe('summarizeThread', () => {
  it('names the latest decisions, open actions and open questions, newest first', () => {
    expect(summarizeThread(thread, messages, { maxTokens: 200, tokenizer })).toBe(
      'Decided: Ship on Friday; Use Postgres for analytics. ' +
        'Open actions: Run migration 025 (blocked); Set up connection pooling. ' +
        'Open questions: Cache embeddings client-side?',
    );
  });

  it('names at most perKind items of each kind', () => {
    const text = summarizeThread(thread, messages, { maxTokens: 200, tokenizer, perKind: 1 });
    expect(text).toBe(
      'Decided: Ship on Friday. Open actions: Run migration 025 (blocked). ' +
        'Open questions: Cache embeddings client-side?',
    );
  });

  it('drops the oldest items first when the paragraph is too long', () => {
    const text = summarizeThread(thread, messages, { maxTokens: 25, tokenizer });
    expect(tokenizer.count(text)).toBeLessThanOrEqual(25);
    expect(text).toContain('Ship on Friday');
    expect(text).not.toContain('Use Postgres');
  });

  it('falls back to the first and latest user messages when there are no items', () => {
    expect(summarizeThread([], messages, { maxTokens: 100, tokenizer })).toBe(
      'The thread opened with: "Let us plan the analytics stack." Latest: "What about caching?"',
    );
  });

  it('falls back to the messages when every item is settled or superseded', () => {
    const settled = thread.filter((item) => item.status === 'superseded' || item.status === 'done');
    expect(summarizeThread(settled, messages.slice(0, 1), { maxTokens: 100, tokenizer })).toBe(
      'The thread opened with: "Let us plan the analytics stack."',
    );
  });

  it('masks a secret in a message before quoting it, with the question it answers', () => {
    const said = [
      message('m1', 'The cellar lock opens with 14-09-83', 0),
      message('m2', 'What is the locker PIN?', 1, 'assistant'),
      message('m3', '5 2 7 1', 2),
    ];
    expect(summarizeThread([], said, { maxTokens: 100, tokenizer })).toBe(
      'The thread opened with: "The cellar lock opens with [secret]" Latest: "[secret]"',
    );
  });

  it('says nothing for a thread without items or user messages', () => {
    expect(summarizeThread([], [message('m1', 'Hello', 0, 'assistant')], { maxTokens: 50 })).toBe(
      '',
    );
  });

  it.each([10, 20, 40, 80])('never exceeds %i tokens', (maxTokens) => {
    const long = [message('m1', words('opening', 400), 0), message('m2', words('latest', 400), 1)];
    const fromMessages = summarizeThread([], long, { maxTokens, tokenizer });
    expect(tokenizer.count(fromMessages)).toBeLessThanOrEqual(maxTokens);
    expect(fromMessages).toContain(TRUNCATION_MARKER);
    const many = Array.from({ length: 9 }, (_, index) =>
      stateItem({
        uid: `d_00000000000${index}`,
        text: words(`d${index}`, 30),
        lastSeenAt: at(index),
      }),
    );
    expect(
      tokenizer.count(summarizeThread(many, [], { maxTokens, tokenizer })),
    ).toBeLessThanOrEqual(maxTokens);
  });

  it('is deterministic whatever order the items arrive in', () => {
    const forward = summarizeThread(thread, messages, { maxTokens: 60, tokenizer });
    const backward = summarizeThread([...thread].reverse(), [...messages].reverse(), {
      maxTokens: 60,
      tokenizer,
    });
    expect(backward).toBe(forward);
  });
});

describe('createExtractiveSummarizer', () => {
  it('summarises through the ThreadSummarizer contract', async () => {
    const summarizer = createExtractiveSummarizer({ tokenizer });
    expect(summarizer.id).toBe('extractive');
    const result = await summarizer.summarize({
      threadId: 't1',
      items: thread,
      messages,
      maxTokens: 200,
    });
    expect(result).toEqual({
      ok: true,
      value: summarizeThread(thread, messages, { maxTokens: 200 }),
    });
  });
});
