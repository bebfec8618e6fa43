import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const LINE = JSON.stringify(
  messageRecord(
    'late',
    'm1',
    'user',
    'We need to renew the passport before March.',
    '2026-02-19T15:00:00Z',
  ),
);

/** `verity stats` with extraction stalls, in process. */
describe('verity stats', () => {
  const cli = useCliHome('verity-cli-stats-', {
    now: '2026-02-19T15:01:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
  });

  it('reports messages waiting for extraction and a thread stalled past --stall-minutes', async () => {
    const ingested = await cli.verity(['ingest', '-', '--no-wait'], { stdin: LINE });
    expect(ingested.code, ingested.stderr).toBe(0);
    const later = { now: '2026-02-19T15:31:00Z' };
    const json = await cli.verity(['stats', '--json'], later);
    expect(json.code, json.stderr).toBe(0);
    const stats = JSON.parse(json.stdout) as { events: number; extraction_stalls: unknown };
    expect(stats.events).toBeGreaterThan(0);
    expect(stats.extraction_stalls).toMatchObject({
      enabled: true,
      threads_pending: 1,
      threads_stalled: 1,
      oldest_waiting_minutes: 30,
      jobs: { failed: 0, retrying: 0 },
    });
    const text = await cli.verity(['stats', '--stall-minutes', '45'], later);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      '1 thread(s), 1 message(s) waiting; longest wait 30 min; 0 stalled (> 45 min)',
    );
    const bad = await cli.verity(['stats', '--stall-minutes', 'soon']);
    expect(bad.code).toBe(3);
  });
});
