import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../testing/index.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

const NOW = '2026-05-04T19:00:00Z';

// A code given alone in reply to a question about it.
const TURNS: readonly (readonly [string, 'user' | 'assistant', string])[] = [
  ['g1', 'user', 'The locksmith swapped the garage keypad this afternoon.'],
  ['g2', 'assistant', "What's the new garage door code?"],
  ['g3', 'user', '4471'],
  ['g4', 'user', 'The recycling goes out on Thursdays.'],
];
const CHAT = TURNS.map(([id, role, content], i) =>
  JSON.stringify(messageRecord('garage', id, role, content, `2026-05-04T18:0${i + 1}:00Z`)),
);

describe('verity forget of a question', () => {
  const cli = useCliHome('verity-cli-forget-secrets-', {
    now: NOW,
    config: () => ({ embeddings: { provider: 'none' } }),
  });

  it('leaves search, ask and context showing no bare reply it made secret', async () => {
    writeFileSync(join(cli.dir, 'chat.jsonl'), `${CHAT.join('\n')}\n`);
    const ingested = await cli.verity(['ingest', join(cli.dir, 'chat.jsonl')]);
    expect(ingested.code, ingested.stderr).toBe(0);
    const forgotten = await cli.verity(['forget', '--message', 'garage/g2', '--yes', '--json']);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    const search = await cli.verity(['search', '4471 garage code recycling', '--mode', 'text']);
    const ask = await cli.verity(['ask', 'what is the garage door code?']);
    const context = await cli.verity(['context', '--thread', 'garage', '--budget', '4000']);
    for (const run of [search, ask, context]) expect(run.code, run.stderr).toBe(0);
    expect(search.stdout).toContain('recycling goes out on Thursdays');
    expect(context.stdout).toContain('recycling goes out on Thursdays');
    expect([search.stdout, ask.stdout, context.stdout].join('\n')).not.toContain('4471');
  });
});
