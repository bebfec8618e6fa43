import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import type { FusionSettings } from '../search/index.js';
import { toJsonl } from '../testing/index.js';
import { type Turn, threadMessages } from './__fixtures__/thread-messages.js';
import { createEngine, type Engine, type EngineContextOptions } from './index.js';

const NOW = '2026-03-02T09:00:00Z';
const dirs: string[] = [];

/** A thread where the answer to "which boat" is the turn after the one naming the ferry. */
const LINES = toJsonl(
  threadMessages('trip', '2026-01-05T10:00:00Z', [
    ['t0', 'user', 'Morning! The weather looks fine for the weekend.'],
    ['t1', 'user', 'Which ferry should we take to the island?'],
    ['t2', 'assistant', 'The seven o clock sailing from Mallaig, it is the quickest.'],
    ['t3', 'user', 'Great, and the cabin is booked too.'],
    ['t4', 'user', 'Unrelated: remind me to water the plants.'],
    ...['tomatoes', 'the garage door', 'a birthday card', 'the dentist', 'new socks'].map(
      (thing, index): Turn => [`f${index}`, 'user', `Also remember ${thing} later this week.`],
    ),
  ]),
);

async function engineWith(
  context: EngineContextOptions,
  fusion?: Partial<FusionSettings>,
): Promise<Engine> {
  const home = mkdtempSync(join(tmpdir(), 'verity-context-neighbours-'));
  dirs.push(home);
  const engine = await createEngine({
    home,
    clock: fixedClock(Date.parse(NOW)),
    embeddings: {
      model: createFakeEmbeddingModel({ dimension: 64 }),
      ...(fusion === undefined ? {} : { fusion }),
    },
    items: { extractor: null },
    context: { ...context, limits: { tailMessages: 0, memories: 3 } },
  });
  await engine.ingest(LINES);
  return engine;
}

let plain: Engine;
let plainScored: Engine;
let widened: Engine;

beforeAll(async () => {
  plain = await engineWith({});
  plainScored = await engineWith({}, { method: 'score' });
  widened = await engineWith({ memoryRanking: { neighbourHits: 1, neighbourWeight: 0.95 } });
});

afterAll(async () => {
  await plain.close();
  await plainScored.close();
  await widened.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('neighbour expansion in the context pack', () => {
  it('adds the turns before and after the best hit, ranked below it, above weaker hits', async () => {
    const query = 'ferry island';
    const before = await plain.buildContext({ thread: 'trip', query });
    const after = await widened.buildContext({ thread: 'trip', query });
    expect(before.included.memoryIds[0]).toBe('message:trip/t1');
    expect(after.included.memoryIds[0]).toBe('message:trip/t1');
    // The score fusion ranks by the words alone: t0 shares none of the query's, so without the
    // expansion it is not in the pack at all.
    const scored = await plainScored.buildContext({ thread: 'trip', query });
    expect(scored.included.memoryIds[0]).toBe('message:trip/t1');
    expect(scored.included.memoryIds).not.toContain('message:trip/t0');
    // The learned ranker (the default) lifts a hit's neighbours on its own (their session and
    // adjacency are features), so its pack holds t0 already, but below t2; the expansion is what
    // puts the turn before and the turn after directly below the hit, before any other hit.
    expect(before.included.memoryIds).toEqual([
      'message:trip/t1',
      'message:trip/t2',
      'message:trip/t0',
    ]);
    expect(after.included.memoryIds.slice(0, 3)).toEqual([
      'message:trip/t1',
      'message:trip/t0',
      'message:trip/t2',
    ]);
    expect([...after.included.messageIds].sort()).toEqual(['t0', 't1', 't2']);
    const memories = after.sections.find((section) => section.name === 'memories');
    expect(memories?.text).toContain('seven o clock sailing');
  });

  it('gives identical bytes for identical requests', async () => {
    const request = { thread: 'trip', query: 'ferry island', now: NOW };
    const first = await widened.buildContext(request);
    const second = await widened.buildContext(request);
    expect(second.markdown).toBe(first.markdown);
  });
});
