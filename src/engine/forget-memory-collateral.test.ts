import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { transcriptLine } from '../testing/index.js';
import { observerOnly } from './__fixtures__/test-engine.js';
import { createEngine } from './create-engine.js';
import type { Engine } from './types.js';

const AT = '2026-03-05T09:00:00Z';

/** An observer model that restates two facts of one message in its own words. */
const restating = () =>
  createFakeLanguageModel({
    replies: (request) =>
      request.schemaName === 'session_observations'
        ? {
            value: {
              current_task: null,
              segments: [
                {
                  title: 'Garden shed',
                  narrative: 'Where the garden things are kept.',
                  facts: [
                    {
                      priority: 'red',
                      type: 'fact',
                      time: null,
                      text: 'The lawn mower is stored in the garden shed',
                      source_ids: ['1'],
                    },
                    {
                      priority: 'green',
                      type: 'fact',
                      time: null,
                      text: 'The user talked about the garden and the shed for a while today',
                      source_ids: ['1'],
                    },
                    {
                      priority: 'red',
                      type: 'fact',
                      time: null,
                      text: 'Dana holds the only key to the garden shed',
                      source_ids: ['1'],
                    },
                  ],
                },
              ],
            },
          }
        : { error: 'rules please' },
  });

describe('memory forget of an entry whose message must go whole', () => {
  let dir: string;
  let engine: Engine;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-forget-collateral-'));
    engine = await createEngine({
      home: join(dir, 'home'),
      clock: { now: () => Date.parse('2026-03-05T18:00:00Z') },
      ...observerOnly({ languageModel: restating() })(dir),
    });
    await engine.observer.capture({
      text: transcriptLine(
        '1',
        'user',
        'The mower and the tools live in the shed, and Dana keeps its key.',
        AT,
      ),
      sessionId: 'garden',
      trigger: 'shutdown',
      observe: 'sync',
    });
    // Reflected and resolved offline: the model only observes.
    await engine.close();
    engine = await createEngine({
      home: join(dir, 'home'),
      clock: { now: () => Date.parse('2026-03-05T18:00:00Z') },
      ...observerOnly()(dir),
    });
    await engine.observer.reflect();
    for (const p of await engine.observer.listProposals()) {
      await engine.observer.resolveProposal(p.proposal_id, 'approve');
    }
  });

  afterEach(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the other entry and does nothing until asked to take it too', async () => {
    const entries = await engine.observer.listMemory();
    const mower = entries.find((m) => m.text.includes('mower'));
    const key = entries.find((m) => m.text.includes('Dana'));
    if (mower === undefined || key === undefined) throw new Error(JSON.stringify(entries));

    await expect(engine.observer.forgetMemory(mower.memory_id)).rejects.toThrow(
      new RegExp(
        `also forgets ${key.memory_id} \\("Dana holds the only key to the garden shed"\\).*--yes`,
      ),
    );
    expect((await engine.observer.listMemory()).map((m) => m.memory_id).sort()).toEqual(
      [mower.memory_id, key.memory_id].sort(),
    );

    const result = await engine.observer.forgetMemory(mower.memory_id, undefined, { also: true });
    expect(result.memories_forgotten).toEqual([mower.memory_id, key.memory_id]);
    expect(result.messages_redacted).toEqual(['session:garden/1']);
    expect(await engine.observer.listMemory(true)).toEqual([]);
  });
});
