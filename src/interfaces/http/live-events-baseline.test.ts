import { afterEach, expect, it, vi } from 'vitest';
import { recordingNotifier, useTestEngine } from '../../engine/__fixtures__/test-engine.js';
import type { EngineEvent } from '../../engine/index.js';
import { observation, toJsonl } from '../../testing/index.js';
import { watchLedger } from './events-route.js';

const opened = useTestEngine('verity-live-baseline-', '2026-03-02T10:00:00Z', recordingNotifier());
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

it("announces a prompt opened before the first listener's first poll", async () => {
  const { engine } = opened();
  stops.push(watchLedger(engine));
  // Nobody listens yet: the watcher has only read its baseline.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const field = 'profile.preference.drink';
  await engine.ingest(
    toJsonl([
      observation({ id: 1, entity: 'user:ines', field, value: 'tea' }),
      observation({
        id: 2,
        entity: 'user:ines',
        field,
        value: 'coffee',
        at: '2026-03-02T09:59:00Z',
      }),
    ]),
  );
  const [prompt] = await engine.listReviews({ status: ['open'], entityId: 'user:ines' });
  expect(prompt?.field).toBe(field);
  // A listener arrives (a dashboard that read the inbox just before this commit): the commit and
  // the prompt reach it, although no poll ran between the commit and its subscribing.
  const seen: EngineEvent[] = [];
  stops.push(engine.events.subscribe((event) => void seen.push(event)));
  await vi.waitFor(
    () =>
      expect(seen.map((e) => e.type)).toEqual(
        expect.arrayContaining(['ledger.committed', 'review.opened']),
      ),
    { timeout: 5_000 },
  );
  expect(seen.find((e) => e.type === 'review.opened')?.data['prompt_id']).toBe(prompt?.prompt_id);
});
