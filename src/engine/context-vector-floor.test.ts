import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import { toJsonl } from '../testing/index.js';
import { threadMessages } from './__fixtures__/thread-messages.js';
import { createEngine, type Engine, type EngineContextOptions } from './index.js';

const NOW = '2026-04-02T09:00:00Z';
const dirs: string[] = [];

/** A small store: whatever a query does not match, the vector search still returns as "nearest". */
const LINES = toJsonl(
  threadMessages('errands', '2026-03-20T10:00:00Z', [
    ['e1', 'user', 'The bike shop says the wheel will be trued by Friday.'],
    ['e2', 'user', 'Library books are due back on the 28th.'],
    ['e3', 'user', 'Booked the boiler service for next Tuesday morning.'],
    ['e4', 'user', 'Picked up more lentils and rice for the week.'],
  ]),
);

async function engineWith(context: EngineContextOptions, unrelatedBelow?: number): Promise<Engine> {
  const home = mkdtempSync(join(tmpdir(), 'verity-context-floor-'));
  dirs.push(home);
  const engine = await createEngine({
    home,
    clock: fixedClock(Date.parse(NOW)),
    embeddings: {
      model: createFakeEmbeddingModel({
        dimension: 64,
        ...(unrelatedBelow === undefined ? {} : { unrelatedBelow }),
      }),
    },
    items: { extractor: null },
    context: { ...context, limits: { tailMessages: 0, memories: 4 } },
  });
  await engine.ingest(LINES);
  return engine;
}

let open: Engine;
let floored: Engine;
let modelFloored: Engine;
let modelFloorOff: Engine;

beforeAll(async () => {
  open = await engineWith({});
  floored = await engineWith({ memoryRanking: { vectorOnlyFloor: 0.99 } });
  modelFloored = await engineWith({}, 0.99);
  modelFloorOff = await engineWith({ memoryRanking: { vectorOnlyFloor: 0 } }, 0.99);
});

afterAll(async () => {
  for (const engine of [open, floored, modelFloored, modelFloorOff]) await engine.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('memories found by the vector search alone', () => {
  const unrelated = 'saxophone quartet rehearsal';

  it('are shown without a floor, though the query shares no word with them', async () => {
    const search = await open.search(unrelated, { limit: 10 });
    expect(search.hits.length).toBeGreaterThan(0);
    expect(search.hits.every((hit) => hit.scores.bm25 === null)).toBe(true);
    const context = await open.buildContext({ thread: 'errands', query: unrelated });
    expect(context.included.memoryIds.length).toBeGreaterThan(0);
  });

  it('are left out below the floor, so an unrelated query gets no memories', async () => {
    const context = await floored.buildContext({ thread: 'errands', query: unrelated });
    expect(context.included.memoryIds).toEqual([]);
  });

  it('do not keep out a hit that a word of the query matched', async () => {
    const context = await floored.buildContext({
      thread: 'errands',
      query: 'when is the boiler service',
    });
    expect(context.included.memoryIds[0]).toBe('message:errands/e3');
  });

  it("take the embedding model's own floor by default, and a setting overrides it", async () => {
    const byModel = await modelFloored.buildContext({ thread: 'errands', query: unrelated });
    expect(byModel.included.memoryIds).toEqual([]);
    const overridden = await modelFloorOff.buildContext({ thread: 'errands', query: unrelated });
    expect(overridden.included.memoryIds.length).toBeGreaterThan(0);
  });
});
