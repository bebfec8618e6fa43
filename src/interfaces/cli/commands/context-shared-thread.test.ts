import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_WORDS, SHARED_THREAD_JSONL } from '../../__fixtures__/shared-thread.js';
import { useCliHome } from '../__fixtures__/cli-home.js';

describe('verity context --thread for a thread two people write in', () => {
  const cli = useCliHome('verity-cli-shared-thread-', {
    scope: 'all',
    now: '2026-06-01T12:00:00Z',
    config: () => ({ embeddings: { provider: 'none' } }),
  });

  beforeAll(async () => {
    const file = join(cli.dir, 'records.jsonl');
    writeFileSync(file, SHARED_THREAD_JSONL);
    const ingested = await cli.verity(['ingest', file]);
    expect(ingested.code, ingested.stderr).toBe(0);
  });

  it("shows both speakers' lines by name and nothing of one speaker's private thread", async () => {
    for (const query of [[], ['--query', 'necklace pawnshop']]) {
      const result = await cli.verity(['context', '--thread', 'kitchen-chat', '--md', ...query]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('user (user:ben): The dishwasher is leaking again.');
      expect(result.stdout).toContain('user (user:ana): Fine, I will ask my cousin');
      for (const word of PRIVATE_WORDS) expect(result.stdout).not.toContain(word);
    }
  });

  it('keeps --entity: one member sees only their own lines of the thread', async () => {
    const result = await cli.verity([
      'context',
      '--thread',
      'kitchen-chat',
      '--entity',
      'user:ben',
      '--md',
    ]);
    expect(result.stdout).toContain('user: The dishwasher is leaking again.');
    expect(result.stdout).not.toContain('cousin');
  });
});
