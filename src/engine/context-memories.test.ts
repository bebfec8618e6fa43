import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import { messageRecord, toJsonl } from '../testing/index.js';
import { closeTestEngine } from './__fixtures__/test-engine.js';
import { createEngine, type Engine } from './index.js';

const NOW = '2026-03-02T09:00:00Z';
let dir: string;
let engine: Engine;

const filler = 'The assistant lists general advice about packing light and checking the weather. ';
const LONG_ANSWER = `${filler.repeat(8)}The ferry to Skye leaves at seven from Mallaig. ${filler.repeat(8)}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-context-memories-'));
  engine = await createEngine({
    home: dir,
    clock: fixedClock(Date.parse(NOW)),
    embeddings: { model: createFakeEmbeddingModel({ dimension: 64 }) },
    items: { extractor: null },
  });
  await engine.ingest(
    toJsonl([
      messageRecord('old', 'a1', 'assistant', LONG_ANSWER, '2026-01-05T10:00:00Z'),
      messageRecord('now', 'n1', 'user', 'Let us plan the next trip.', '2026-03-01T10:00:00Z'),
    ]),
  );
});

afterAll(async () => {
  await closeTestEngine({ dir, engine });
});

describe('memories in the context pack', () => {
  it('show an excerpt of a long hit around the query word, not the whole text', async () => {
    const result = await engine.buildContext({
      thread: 'now',
      query: 'when does the ferry leave?',
    });
    const memories = result.sections.find((section) => section.name === 'memories');
    expect(memories?.includedIds).toContain('message:old/a1');
    expect(memories?.text).toContain('The ferry to Skye leaves at seven from Mallaig.');
    expect(memories?.text.length ?? 0).toBeLessThan(LONG_ANSWER.length);
    expect(result.included.messageIds).toContain('a1');
  });
});
