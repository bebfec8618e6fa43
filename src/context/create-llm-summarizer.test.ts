import { describe, expect, it } from 'vitest';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { message, stateItem, words } from './__fixtures__/context-fixtures.js';
import { createLlmSummarizer } from './create-llm-summarizer.js';
import { createGptTokenizer } from './tokenizer.js';

const tokenizer = createGptTokenizer();

const input = {
  threadId: 't1',
  items: [
    stateItem({ uid: 'd_000000000001', text: 'Use Postgres for events' }),
    stateItem({ uid: 'd_000000000002', text: 'Use MySQL', status: 'superseded' }),
  ],
  messages: [
    message('m2', 'Postgres it is.', 1, 'assistant'),
    message('m1', 'Which database should we use?', 0),
  ],
  maxTokens: 100,
};

describe('createLlmSummarizer', () => {
  it('sends active items and the transcript oldest first, and returns the summary', async () => {
    const model = createFakeLanguageModel({
      replies: [{ value: { summary: '  The team chose\nPostgres. ' } }],
    });
    const summarizer = createLlmSummarizer({ model, tokenizer, timeoutMs: 1234 });
    const result = await summarizer.summarize(input);
    expect(result).toEqual({ ok: true, value: 'The team chose Postgres.' });
    expect(summarizer.id).toBe('llm');
    expect(summarizer.version).toBe('fake/fake-model#1');
    const [call] = model.calls;
    expect(call?.timeoutMs).toBe(1234);
    expect(call?.schemaName).toBe('thread_summary');
    expect(call?.prompt).toBe(
      [
        'Tracked items:',
        '- decision (active): Use Postgres for events',
        '',
        'Transcript, oldest first:',
        '[2026-11-20T09:00] user: Which database should we use?',
        '[2026-11-20T09:01] assistant: Postgres it is.',
      ].join('\n'),
    );
  });

  it('cuts a long answer to maxTokens with the truncation marker', async () => {
    const model = createFakeLanguageModel({ replies: [{ value: { summary: words('w', 300) } }] });
    const result = await createLlmSummarizer({ model, tokenizer }).summarize(input);
    if (!result.ok) throw result.error;
    expect(tokenizer.count(result.value)).toBeLessThanOrEqual(100);
    expect(result.value.endsWith('…[truncated]')).toBe(true);
  });

  it('keeps the newest messages that fit the transcript allowance', async () => {
    const model = createFakeLanguageModel({ replies: [{ value: { summary: 'ok' } }] });
    const messages = Array.from({ length: 50 }, (_, index) =>
      message(`m${index}`, `message number ${index} ${words('x', 20)}`, index),
    );
    await createLlmSummarizer({ model, tokenizer, transcriptTokens: 200 }).summarize({
      ...input,
      messages,
    });
    const prompt = model.calls[0]?.prompt ?? '';
    expect(prompt).toContain('message number 49');
    expect(prompt).not.toContain('message number 0 ');
    const transcript = prompt.slice(prompt.indexOf('Transcript'));
    expect(tokenizer.count(transcript)).toBeLessThan(260);
  });

  it.each([
    ['a provider failure', { error: 'timed out' }],
    ['an answer outside the schema', { value: { text: 'no summary key' } }],
    ['an empty summary', { value: { summary: '  ' } }],
  ])('returns PROVIDER_FAILED for %s', async (_name, reply) => {
    const model = createFakeLanguageModel({ replies: [reply] });
    const result = await createLlmSummarizer({ model, tokenizer }).summarize(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('PROVIDER_FAILED');
  });

  it('asks nothing when there is nothing to summarise', async () => {
    const model = createFakeLanguageModel({ replies: [{ value: { summary: 'never' } }] });
    const result = await createLlmSummarizer({ model, tokenizer }).summarize({
      threadId: 't1',
      items: [],
      messages: [],
      maxTokens: 100,
    });
    expect(result).toEqual({ ok: true, value: '' });
    expect(model.calls).toHaveLength(0);
  });
});
