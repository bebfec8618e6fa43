import { describe, expect, it } from 'vitest';
import { useConfigHome } from './__fixtures__/config-home.js';

const optionsWith = useConfigHome('verity-config-');

describe('engineOptionsFromConfig embeddings', () => {
  it('keeps the bundled model when no provider or `local` is configured', async () => {
    expect((await optionsWith({})).embeddings).toBeUndefined();
    expect((await optionsWith({ embeddings: { provider: 'local' } })).embeddings).toBeUndefined();
  });

  it('turns vectors off with `none`', async () => {
    expect((await optionsWith({ embeddings: { provider: 'none' } })).embeddings).toEqual({
      model: null,
    });
  });

  it('builds an OpenAI-compatible model from the file and the key from the environment', async () => {
    const options = await optionsWith(
      {
        embeddings: {
          provider: 'openai-compatible',
          model: 'nomic-embed-text',
          dimension: 768,
          base_url: 'http://127.0.0.1:11434/v1',
        },
      },
      { VERITY_EMBEDDINGS_API_KEY: 'secret' },
    );
    expect(options.embeddings?.model?.dimension).toBe(768);
    expect(options.embeddings?.model?.id).toContain('nomic-embed-text');
  });

  it('builds a transformers.js model without loading it', async () => {
    const options = await optionsWith({
      embeddings: { provider: 'transformers', model: 'all-MiniLM-L6-v2', dimension: 384 },
    });
    expect(options.embeddings?.model?.dimension).toBe(384);
  });

  it('names the missing settings of a provider', async () => {
    await expect(optionsWith({ embeddings: { provider: 'openai-compatible' } })).rejects.toThrow(
      /embeddings\.model.*required|embeddings\.dimension.*required|base_url/,
    );
  });
});

describe('engineOptionsFromConfig vault', () => {
  it('passes the drift threshold and debounce window, and rejects unknown keys', async () => {
    expect((await optionsWith({})).vault).toEqual({});
    expect(
      (await optionsWith({ vault: { drift_threshold: 0.5, debounce_hours: 6 } })).vault,
    ).toEqual({
      driftThreshold: 0.5,
      debounceHours: 6,
    });
    await expect(optionsWith({ vault: { threshold: 0.5 } })).rejects.toThrow(/threshold/);
  });
});

describe('engineOptionsFromConfig tasks', () => {
  it('gives the nightly loop the configured language model, and nothing without one', async () => {
    expect((await optionsWith({})).tasks).toBeUndefined();
    const options = await optionsWith({
      extract: {
        llm: {
          provider: 'openai-compatible',
          model: 'llama3.1',
          base_url: 'http://127.0.0.1:1/v1',
        },
      },
    });
    expect(options.tasks?.languageModel?.modelId).toBe('llama3.1');
    expect(options.tasks?.notifier).toBeUndefined();
  });
});
