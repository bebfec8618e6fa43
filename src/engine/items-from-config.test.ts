import { describe, expect, it } from 'vitest';
import { useConfigHome } from './__fixtures__/config-home.js';

const optionsWith = useConfigHome('verity-items-config-');

/** An `extract` section naming a local model that no test ever calls. */
const LOCAL_LLM = {
  llm: { provider: 'openai-compatible', model: 'llama3.1', base_url: 'http://127.0.0.1:1/v1' },
};

async function itemsWith(file: unknown, env: Record<string, string> = {}) {
  return (await optionsWith(file, env)).items;
}

describe('engineOptionsFromConfig state items', () => {
  it('uses the rule extractor and leaves the limits to the engine by default', async () => {
    const items = await itemsWith({});
    expect(items?.extractor?.id).toBe('rules');
    expect(items).not.toHaveProperty('maxBatchMessages');
    expect(items).not.toHaveProperty('timeoutMs');
  });

  it('passes the configured limits through', async () => {
    const items = await itemsWith({
      state_items: { max_batch_messages: 5, max_rendered_items: 12, timeout_ms: 2000 },
    });
    expect(items).toMatchObject({ maxBatchMessages: 5, maxRenderedItems: 12, timeoutMs: 2000 });
  });

  it('turns extraction off with `none`', async () => {
    expect((await itemsWith({ state_items: { extractor: 'none' } }))?.extractor).toBeNull();
  });

  it('builds the language-model extractor from extract.llm without calling it', async () => {
    const items = await itemsWith({
      state_items: { extractor: 'llm' },
      extract: LOCAL_LLM,
    });
    expect(items?.extractor?.id).toBe('llm');
  });

  it('names extract.llm when the llm extractor has no model', async () => {
    await expect(itemsWith({ state_items: { extractor: 'llm' } })).rejects.toThrow(/extract\.llm/);
  });

  it('rejects an unknown extractor or a limit out of range', async () => {
    await expect(itemsWith({ state_items: { extractor: 'magic' } })).rejects.toThrow(/state_items/);
    await expect(itemsWith({ state_items: { max_batch_messages: 0 } })).rejects.toThrow(
      /state_items/,
    );
  });
});

async function contextWith(file: unknown) {
  return (await optionsWith(file)).context;
}

describe('engineOptionsFromConfig context', () => {
  it('keeps the extractive summary by default and passes skills and the timeout through', async () => {
    expect(await contextWith({})).toEqual({});
    expect(
      await contextWith({ context: { skills: 'Answer briefly.', summary_timeout_ms: 500 } }),
    ).toEqual({ skills: 'Answer briefly.', summaryTimeoutMs: 500 });
  });

  it('builds the summary model from extract.llm without calling it, and names what is missing', async () => {
    const context = await contextWith({
      context: { summary: 'llm' },
      extract: LOCAL_LLM,
    });
    expect(context?.languageModel?.modelId).toBe('llama3.1');
    await expect(contextWith({ context: { summary: 'llm' } })).rejects.toThrow(/extract\.llm/);
    await expect(contextWith({ context: { summary: 'abstractive' } })).rejects.toThrow(/context/);
  });
});
